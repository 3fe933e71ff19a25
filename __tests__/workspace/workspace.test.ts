import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../../src/workspace/workspace.js';
import { editFile, readFile } from '../../src/model/tools.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function repo(files: Record<string, string>): string {
  const r = makeRepo(files);
  cleanups.push(r.cleanup);
  return r.dir;
}

describe('Workspace edits through the guard', () => {
  it('refuses symlinks, .git, binaries, big files, protected globs and test files; changes nothing', () => {
    const outside = tempDir();
    cleanups.push(outside.cleanup);
    writeFileSync(path.join(outside.dir, 'secret.txt'), 'outside\n');
    const dir = repo({ 'src/a.js': 'a\n', 'docs/x.md': 'x\n', 'src/a.test.js': 't\n', 'tests/helper.py': 'h\n' });
    symlinkSync(outside.dir, path.join(dir, 'link'));
    symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(dir, 'src/secret.js'));
    writeFileSync(path.join(dir, 'img.png'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    writeFileSync(path.join(dir, 'big.txt'), 'y\n'.repeat(600_000));
    const before = treeSnapshot(dir);
    const ws = new Workspace(dir, { protect: ['docs/**'], allowTestEdits: false });
    const results = [
      editFile(ws, 'link/secret.txt', 'outside', 'pwned'),
      editFile(ws, 'src/secret.js', 'outside', 'pwned'),
      editFile(ws, '.git/config', '', 'x'),
      editFile(ws, 'img.png', 'P', 'Q'),
      editFile(ws, 'big.txt', 'y', 'z'),
      editFile(ws, 'docs/x.md', 'x', 'z'),
      editFile(ws, 'src/a.test.js', 't', 'z'),
      editFile(ws, 'tests/helper.py', 'h', 'z'),
      editFile(ws, '/etc/passwd', 'root', 'z'),
      editFile(ws, 'src/a.js', '', 'exists'),
      editFile(ws, 'src/missing.js', 'a', 'b'),
    ];
    for (const r of results) expect(r).toMatch(/^Error: /);
    expect(results[0]).toMatch(/symlink/);
    expect(results[3]).toMatch(/binary/);
    expect(results[4]).toMatch(/larger than/);
    expect(results[5]).toMatch(/protected path/);
    expect(results[6]).toMatch(/test file/);
    expect(treeSnapshot(dir)).toEqual(before);
    expect(readFileSync(path.join(outside.dir, 'secret.txt'), 'utf8')).toBe('outside\n');
    expect(readFile(ws, 'link/secret.txt')).toMatch(/^Error: .*symlink/);
    expect(ws.changedFiles()).toEqual([]);
  });

  it('lets the model edit tests with allowTestEdits', () => {
    const dir = repo({ 'src/a.test.js': 't\n' });
    const ws = new Workspace(dir, { protect: [], allowTestEdits: true });
    expect(editFile(ws, 'src/a.test.js', 't', 'u')).toBe('Edited src/a.test.js.');
    expect(ws.changedTestFiles()).toEqual(['src/a.test.js']);
  });

  it('restores edited and created files byte for byte, and removes created directories', () => {
    const dir = repo({ 'src/a.js': 'one\r\ntwo\r\n', 'keep.txt': 'k' });
    writeFileSync(path.join(dir, 'dirty.txt'), 'uncommitted\n');
    const before = treeSnapshot(dir);
    const ws = new Workspace(dir, { protect: [], allowTestEdits: false });
    expect(editFile(ws, 'src/a.js', 'two', 'TWO')).toBe('Edited src/a.js.');
    expect(editFile(ws, 'dirty.txt', 'uncommitted', 'changed')).toBe('Edited dirty.txt.');
    expect(editFile(ws, 'lib/deep/new.js', '', 'n\n')).toMatch(/^Created lib\/deep\/new\.js/);
    expect(ws.changedFiles()).toEqual(['dirty.txt', 'lib/deep/new.js', 'src/a.js']);
    expect(ws.patch()).toContain('+++ b/lib/deep/new.js');
    ws.restore();
    expect(treeSnapshot(dir)).toEqual(before);
    expect(existsSync(path.join(dir, 'lib'))).toBe(false);
  });

  it('reads files with numbered lines, in ranges', () => {
    const dir = repo({ 'a.txt': Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n' });
    const ws = new Workspace(dir, { protect: [], allowTestEdits: false });
    expect(readFile(ws, 'a.txt', 3, 4)).toBe('(lines 3-4 of 10; ask for others with start_line/end_line)\n3: line 3\n4: line 4');
    expect(readFile(ws, 'a.txt', 20)).toMatch(/^Error: a.txt has 10 lines/);
    expect(readFile(ws, 'nope.txt')).toBe('Error: nope.txt does not exist');
  });
});
