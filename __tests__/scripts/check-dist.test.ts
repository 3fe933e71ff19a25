import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitIn, makeRepo } from '../../testkit/repo.js';

// .ci/run checks the dist/ its `npm test` built (pretest) instead of building it a second time: that
// form must still fail on a dist/ that differs from the commit, and on one that no build rewrote.
const SCRIPT = fileURLToPath(new URL('../../scripts/check-dist.sh', import.meta.url));

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A repository with a committed dist/ and a stamp file made before "the build". */
function repo(): { dir: string; stamp: string } {
  const r = makeRepo({ 'dist/cli.js': 'console.log(1);\n', 'dist/tree-sitter/a.wasm': 'wasm\n', '.gitignore': 'stamp\n' });
  cleanups.push(r.cleanup);
  const stamp = path.join(r.dir, 'stamp');
  writeFileSync(stamp, '');
  // Older than anything written from now on, whatever the file system's clock granularity.
  const past = new Date(Date.now() - 60_000);
  utimesSync(stamp, past, past);
  for (const f of ['dist/cli.js', 'dist/tree-sitter/a.wasm']) utimesSync(path.join(r.dir, f), past, past);
  return { dir: r.dir, stamp };
}

const check = (dir: string, ...args: string[]) => spawnSync('bash', [SCRIPT, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

describe('scripts/check-dist.sh --built-after', () => {
  it('passes when a build after the stamp rewrote every dist/ file to what is committed', () => {
    const { dir, stamp } = repo();
    writeFileSync(path.join(dir, 'dist/cli.js'), 'console.log(1);\n');
    writeFileSync(path.join(dir, 'dist/tree-sitter/a.wasm'), 'wasm\n');
    const run = check(dir, '--built-after', stamp);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('dist/ matches src/.\n');
    expect(run.status).toBe(0);
  });

  it('fails when the fresh build differs from the committed dist/, and says to rebuild and commit', () => {
    const { dir, stamp } = repo();
    writeFileSync(path.join(dir, 'dist/cli.js'), 'console.log(2);\n');
    writeFileSync(path.join(dir, 'dist/tree-sitter/a.wasm'), 'wasm\n');
    const run = check(dir, '--built-after', stamp);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("dist/ does not match src/: run 'npm run build' and commit dist/.");
    expect(run.stderr).toContain('dist/cli.js');
  });

  it('fails on a dist/ file no build rewrote after the stamp, naming it, rather than pass on what was committed', () => {
    const { dir, stamp } = repo();
    writeFileSync(path.join(dir, 'dist/cli.js'), 'console.log(1);\n');
    const run = check(dir, '--built-after', stamp);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('were not written by a build after');
    expect(run.stderr).toContain('dist/tree-sitter/a.wasm');
    expect(run.stderr).not.toContain('dist/cli.js');
    expect(run.stdout).not.toContain('matches');
  });

  it('says what to change for a missing stamp or an unknown argument', () => {
    const { dir } = repo();
    const noStamp = check(dir, '--built-after', path.join(dir, 'no-such-stamp'));
    expect(noStamp.status).toBe(2);
    expect(noStamp.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^check-dist: no stamp file .*no-such-stamp: touch it before the build/)]);
    const unknown = check(dir, '--no-build');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('check-dist: unknown argument --no-build (the only option is --built-after STAMP)\n');
    // Nothing was built or changed: the committed dist/ is as it was.
    expect(gitIn(dir, 'status', '--porcelain', '--', 'dist')).toBe('');
  });
});
