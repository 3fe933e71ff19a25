import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { gitIn, makeRepo, writeFiles } from '../../testkit/repo.js';
import { readIndex } from '../../src/git/index-file.js';
import { parseStatus } from '../../src/git/status.js';
import { TestFileSnapshot } from '../../src/workspace/testfiles.js';

const isTest = (rel: string) => rel.startsWith('test/');
let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function repo() {
  const r = makeRepo({ 'src/a.js': 'export const a = 1;\n', 'test/clean.test.js': 'clean original\n', 'test/edited.test.js': 'committed\n' });
  cleanups.push(r.cleanup);
  // A local edit not committed, and a test file git does not track yet: their bytes are the originals.
  writeFiles(r.dir, { 'test/edited.test.js': 'edited locally\n', 'test/new.test.js': 'untracked original\n' });
  return r.dir;
}

/** What a weakening can look like: new bytes of the same size, the old mtime put back (only the change time tells). */
function weakenKeepingSizeAndMtime(file: string): void {
  const before = statSync(file);
  writeFileSync(file, 'weakened!!\n');
  utimesSync(file, before.atime, before.mtime);
}

describe('the test-file snapshot', () => {
  it('puts back what the test command changed, whether tracked, locally edited or untracked, and only that', async () => {
    const dir = repo();
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(snap.size).toBe(3);
    expect(await snap.restore()).toEqual([]);

    const clean = path.join(dir, 'test/clean.test.js');
    weakenKeepingSizeAndMtime(clean);
    rmSync(path.join(dir, 'test/edited.test.js'));
    writeFileSync(path.join(dir, 'test/new.test.js'), 'weakened too\n');
    writeFileSync(path.join(dir, 'src/a.js'), 'export const a = 2;\n');

    expect((await snap.restore()).sort()).toEqual(['test/clean.test.js', 'test/edited.test.js', 'test/new.test.js']);
    expect(readFileSync(clean, 'utf8')).toBe('clean original\n');
    expect(readFileSync(path.join(dir, 'test/edited.test.js'), 'utf8')).toBe('edited locally\n');
    expect(readFileSync(path.join(dir, 'test/new.test.js'), 'utf8')).toBe('untracked original\n');
    expect(readFileSync(path.join(dir, 'src/a.js'), 'utf8')).toBe('export const a = 2;\n');
    // A file rewritten with its own bytes is not counted as restored.
    writeFileSync(clean, 'clean original\n');
    expect(await snap.restore()).toEqual([]);
    expect(await snap.restore(['test/new.test.js'])).toEqual([]);
  });

  it("takes a clean file's stat from the index, and still sees a change that keeps the size and the mtime", async () => {
    const dir = repo();
    const snap = await TestFileSnapshot.take(dir, isTest);
    // The snapshot read the index the status refreshed: it holds this file's stat.
    const listing = readIndex(path.join(dir, '.git'))!;
    expect(listing.stats[listing.rels.indexOf('test/clean.test.js') * 4]).toBe(statSync(path.join(dir, 'test/clean.test.js')).size);
    const clean = path.join(dir, 'test/clean.test.js');
    weakenKeepingSizeAndMtime(clean);
    expect(await snap.restore()).toEqual(['test/clean.test.js']);
    expect(readFileSync(clean, 'utf8')).toBe('clean original\n');
  });

  it("guards the same through git's listing where it does not read the index itself (a split index)", async () => {
    const dir = repo();
    gitIn(dir, 'update-index', '--split-index');
    expect(readIndex(path.join(dir, '.git'))).toBeUndefined();
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(snap.size).toBe(3);
    const clean = path.join(dir, 'test/clean.test.js');
    weakenKeepingSizeAndMtime(clean);
    expect(await snap.restore()).toEqual(['test/clean.test.js']);
    expect(readFileSync(clean, 'utf8')).toBe('clean original\n');
    expect(await snap.restore()).toEqual([]);
  });

  it('rewrites no file the tests left alone where the index keeps stale stats (its lock held, trustctime off, checkStat minimal)', async () => {
    const cases: [string, (dir: string) => void][] = [
      ['lock held', (dir) => writeFileSync(path.join(dir, '.git/index.lock'), '')],
      ['trustctime off', (dir) => gitIn(dir, 'config', 'core.trustctime', 'false')],
      ['checkStat minimal', (dir) => gitIn(dir, 'config', 'core.checkStat', 'minimal')],
    ];
    for (const [name, stale] of cases) {
      // A test file git checks out with CRLF (its bytes never match the blob), and one the user edits in place.
      const r = makeRepo({ '.gitattributes': 'test/crlf.test.js text eol=crlf\n', 'test/crlf.test.js': 'a\r\nb\r\n', 'test/mine.test.js': 'original\n' });
      cleanups.push(r.cleanup);
      const crlf = path.join(r.dir, 'test/crlf.test.js');
      expect(gitIn(r.dir, 'cat-file', 'blob', 'HEAD:test/crlf.test.js')).toBe('a\nb');
      gitIn(r.dir, 'status', '--porcelain');
      stale(r.dir);
      // Both files change stat before the run; git calls them clean (the second, same size and mtime, by checkStat minimal only).
      chmodSync(crlf, 0o600);
      const mine = path.join(r.dir, 'test/mine.test.js');
      const before = statSync(mine);
      if (name === 'checkStat minimal') {
        writeFileSync(mine, 'my edit!\n');
        utimesSync(mine, before.atime, before.mtime);
      }
      const snap = await TestFileSnapshot.take(r.dir, isTest);
      rmSync(path.join(r.dir, '.git/index.lock'), { force: true });
      expect([name, await snap.restore()]).toEqual([name, []]);
      expect(readFileSync(crlf, 'utf8')).toBe('a\r\nb\r\n');
      if (name === 'checkStat minimal') expect(readFileSync(mine, 'utf8')).toBe('my edit!\n');
    }
  });

  it('makes no file for a tracked name that is not UTF-8', async () => {
    const dir = repo();
    const raw = Buffer.concat([Buffer.from(`${dir}/test/caf`), Buffer.from([0xe9]), Buffer.from('.test.js')]);
    writeFileSync(raw, 'latin-1 name\n');
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-qm', 'latin-1');
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(await snap.restore()).toEqual([]);
    // Only the file itself (its name as bytes), no second one named with U+FFFD in its place.
    const names = readdirSync(path.join(dir, 'test'), { encoding: 'buffer' }).filter((f) => f.subarray(0, 3).toString() === 'caf');
    expect(names.map((f) => f.toString('hex'))).toEqual([Buffer.from('caf\xe9.test.js', 'latin1').toString('hex')]);
  });

  it('refuses an original that the test command replaced in .git/objects', async () => {
    const dir = repo();
    const snap = await TestFileSnapshot.take(dir, isTest);
    const id = gitIn(dir, 'rev-parse', 'HEAD:test/clean.test.js');
    const object = path.join(dir, '.git/objects', id.slice(0, 2), id.slice(2));
    const forged = Buffer.from('weakened\n');
    chmodSync(object, 0o644);
    writeFileSync(object, deflateSync(Buffer.concat([Buffer.from(`blob ${forged.length}\0`), forged])));
    writeFileSync(path.join(dir, 'test/clean.test.js'), 'anything\n');
    await expect(snap.restore()).rejects.toThrow(/changed in \.git\/objects/);
  });

  it('finds untracked test files inside a directory git status shows as one entry, whatever status.showUntrackedFiles says', async () => {
    const dir = repo();
    // A new directory of tests, nothing in it tracked: `git status` lists it as "?? test/new-suite/".
    writeFiles(dir, { 'test/new-suite/a.test.js': 'new a\n', 'test/new-suite/deep/b.test.js': 'new b\n', 'src/b.js': 'not a test\n' });
    gitIn(dir, 'config', 'status.showUntrackedFiles', 'no');
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(snap.size).toBe(5);
    writeFileSync(path.join(dir, 'test/new-suite/deep/b.test.js'), 'weakened\n');
    rmSync(path.join(dir, 'test/new-suite/a.test.js'));
    expect((await snap.restore()).sort()).toEqual(['test/new-suite/a.test.js', 'test/new-suite/deep/b.test.js']);
    expect(readFileSync(path.join(dir, 'test/new-suite/deep/b.test.js'), 'utf8')).toBe('new b\n');
    expect(readFileSync(path.join(dir, 'test/new-suite/a.test.js'), 'utf8')).toBe('new a\n');
  });

  it('lists every untracked file once where git status shows more than a hundred new directories', async () => {
    const dir = repo();
    const files: Record<string, string> = {};
    for (let i = 0; i < 101; i++) files[`test/suite-${i}/a.test.js`] = `suite ${i}\n`;
    writeFiles(dir, files);
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(snap.size).toBe(3 + 101);
    writeFileSync(path.join(dir, 'test/suite-100/a.test.js'), 'weakened\n');
    writeFileSync(path.join(dir, 'test/new.test.js'), 'weakened\n');
    expect((await snap.restore()).sort()).toEqual(['test/new.test.js', 'test/suite-100/a.test.js']);
  });

  it("keeps git status's figures: its entries (an untracked directory as one) and how many are tracked changes", async () => {
    const dir = repo();
    writeFiles(dir, { 'new-dir/x.js': 'x\n', 'new-dir/y.js': 'y\n' });
    gitIn(dir, 'mv', 'src/a.js', 'src/renamed.js');
    const snap = await TestFileSnapshot.take(dir, isTest);
    // " M test/edited.test.js", "R  src/a.js -> src/renamed.js", "?? new-dir/", "?? test/new.test.js"
    expect(snap.status).toEqual({ entries: 4, tracked: 2 });
    const clean = makeRepo({ 'src/a.js': 'a\n', 'test/a.test.js': 'a\n' });
    cleanups.push(clean.cleanup);
    expect((await TestFileSnapshot.take(clean.dir, isTest)).status).toEqual({ entries: 0, tracked: 0 });
  });

  it('reads git status -z: a rename or copy carries its source as a field of its own', () => {
    expect(parseStatus('R  new name.js\0old name.js\0 M test/a.js\0?? dir/\0 C copy.js\0orig.js\0MM b.js\0')).toEqual([
      ['R ', 'new name.js'],
      [' M', 'test/a.js'],
      ['??', 'dir/'],
      [' C', 'copy.js'],
      ['MM', 'b.js'],
    ]);
    expect(parseStatus('')).toEqual([]);
  });

  it('refuses to go on when the test files cannot be recorded (git cannot read the index)', async () => {
    const dir = repo();
    writeFileSync(path.join(dir, '.git/index'), 'not an index');
    await expect(TestFileSnapshot.take(dir, isTest)).rejects.toThrow(
      /^could not record the test files before the run \(git [a-z-]+ failed: .*index.*\); nothing was run or changed/,
    );
  });

  it('guards the test files beside a submodule whose .git leads nowhere (its status is not asked for)', async () => {
    const dir = repo();
    const head = gitIn(dir, 'rev-parse', 'HEAD');
    gitIn(dir, 'update-index', '--add', '--cacheinfo', `160000,${head},vendor/sub`);
    writeFiles(dir, { 'vendor/sub/.git': 'gitdir: /nonexistent/unbreak-test\n' });
    const snap = await TestFileSnapshot.take(dir, isTest);
    expect(snap.status).toBeDefined();
    expect(snap.size).toBe(3);
    writeFileSync(path.join(dir, 'test/edited.test.js'), 'weakened\n');
    expect(await snap.restore()).toEqual(['test/edited.test.js']);
    expect(readFileSync(path.join(dir, 'test/edited.test.js'), 'utf8')).toBe('edited locally\n');
  });
});
