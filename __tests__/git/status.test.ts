import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from '../../src/git/git.js';
import { parseStatus } from '../../src/git/status.js';
import { tempDir } from '../../testkit/tmp.js';

describe('parseStatus: the one reader of git status --porcelain -z', () => {
  it('reads what real git prints: changed, untracked, a staged rename (its source is not an entry), a name with spaces', async () => {
    const { dir, cleanup } = tempDir('unbreak-status-');
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    run('init', '-q');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/a.js'), 'a\n');
    writeFileSync(path.join(dir, 'src/old name.js'), 'old\n');
    run('add', '.');
    run('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base');
    writeFileSync(path.join(dir, 'src/a.js'), 'b\n');
    renameSync(path.join(dir, 'src/old name.js'), path.join(dir, 'src/new name.js'));
    run('add', '-A', 'src/old name.js', 'src/new name.js');
    writeFileSync(path.join(dir, 'notes.txt'), 'n\n');
    const out = await git(['status', '--porcelain=v1', '-z', '--untracked-files=all'], dir);
    expect(parseStatus(out).sort(([, a], [, b]) => a.localeCompare(b))).toEqual([
      ['??', 'notes.txt'],
      [' M', 'src/a.js'],
      ['R ', 'src/new name.js'],
    ]);
    cleanup();
  });

  it('skips a field that is not an entry, and a rename in the work-tree column keeps its source out too', () => {
    expect(parseStatus(' M a.js\0RM b.js\0a/b.js\0 R c.js\0c-old.js\0x\0')).toEqual([
      [' M', 'a.js'],
      ['RM', 'b.js'],
      [' R', 'c.js'],
    ]);
  });
});
