import { afterEach, describe, expect, it } from '@jest/globals';
import { gitIn, makeRepo, writeFiles } from '../../testkit/repo.js';
import { indexMtime, isIgnored, rememberTracked } from '../../src/workspace/ignored.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

describe('isIgnored', () => {
  it('answers tracked paths and their directories from the listing, and asks git only about the rest', () => {
    const r = makeRepo({
      '.gitignore': '.env\nnode_modules/\n*.log\n',
      'lib/config.env.js': 'export default 1;\n',
      'node_modules_shim/a.js': 'x\n',
    });
    cleanups.push(r.cleanup);
    writeFiles(r.dir, { '.env': 'SECRET=1\n', 'node_modules/dep/index.js': 'x\n', 'notes.txt': 'untracked\n', 'lib/new.js': 'untracked\n' });

    // Tracked files and directories that hold them are never ignored, whatever .gitignore says.
    expect(isIgnored(r.dir, 'lib/config.env.js')).toBe(false);
    expect(isIgnored(r.dir, 'lib')).toBe(false);
    // A tracked path that only contains the asked one, or starts like it, does not answer for it.
    expect(isIgnored(r.dir, '.env')).toBe(true);
    expect(isIgnored(r.dir, 'node_modules/dep/index.js')).toBe(true);
    expect(isIgnored(r.dir, 'node_modules')).toBe(true);
    expect(isIgnored(r.dir, 'lib/config.env')).toBe(false);
    // Untracked and not ignored.
    expect(isIgnored(r.dir, 'notes.txt')).toBe(false);
    expect(isIgnored(r.dir, 'lib/new.js')).toBe(false);

    // The listing follows the index: a file added later is tracked, even where .gitignore names it.
    writeFiles(r.dir, { 'debug.log': 'now tracked\n' });
    expect(isIgnored(r.dir, 'debug.log')).toBe(true);
    gitIn(r.dir, 'add', '-f', 'debug.log');
    expect(isIgnored(r.dir, 'debug.log')).toBe(false);
  });

  it('takes the tracked paths from a listing made while the index was as it is, and lists again once it changes', () => {
    const r = makeRepo({ '.gitignore': '*.log\n', 'lib/a.js': 'a\n' });
    cleanups.push(r.cleanup);
    writeFiles(r.dir, { 'debug.log': 'ignored\n', 'notes.log': 'ignored\n' });
    const listing = gitIn(r.dir, 'ls-files', '-z').split('\0').filter(Boolean);
    // A listing that says debug.log is tracked answers for it while the index has the mtime it was read at.
    rememberTracked(r.dir, indexMtime(r.dir)!, [...listing, 'debug.log']);
    expect(isIgnored(r.dir, 'debug.log')).toBe(false);
    expect(isIgnored(r.dir, 'lib/a.js')).toBe(false);
    expect(isIgnored(r.dir, 'lib')).toBe(false);
    expect(isIgnored(r.dir, 'notes.log')).toBe(true);
    // The index changes: git is asked again, and debug.log is what it is.
    writeFiles(r.dir, { 'lib/b.js': 'b\n' });
    gitIn(r.dir, 'add', 'lib/b.js');
    expect(isIgnored(r.dir, 'debug.log')).toBe(true);
    expect(isIgnored(r.dir, 'lib/b.js')).toBe(false);
  });
});
