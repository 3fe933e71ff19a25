import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findOnPath } from '../../src/git/binary.js';
import { tempDir } from '../../testkit/tmp.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function dirs(...names: string[]): { root: string; at: (n: string) => string } {
  const t = tempDir('unbreak-git-binary-');
  cleanups.push(t.cleanup);
  for (const n of names) mkdirSync(path.join(t.dir, n));
  return { root: t.dir, at: (n) => path.join(t.dir, n) };
}

function program(file: string, mode = 0o755): void {
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, mode);
}

describe('findOnPath: where the git program is taken from, once', () => {
  it('takes the first executable file in the PATH order', () => {
    const d = dirs('a', 'b', 'c');
    program(path.join(d.at('b'), 'git'));
    program(path.join(d.at('c'), 'git'));
    expect(findOnPath('git', [d.at('a'), d.at('b'), d.at('c')].join(path.delimiter))).toBe(path.join(d.at('b'), 'git'));
  });

  it('skips a file that is not executable, a directory of that name, and relative or empty entries (the repository)', () => {
    const d = dirs('a', 'b', 'c', 'c/git');
    program(path.join(d.at('a'), 'git'), 0o644);
    program(path.join(d.root, 'git'));
    const found = findOnPath('git', ['', '.', 'a', d.at('a'), d.at('c'), d.at('b')].join(path.delimiter));
    expect(found).toBeUndefined();
    program(path.join(d.at('b'), 'git'));
    expect(findOnPath('git', ['', '.', d.at('a'), d.at('c'), d.at('b')].join(path.delimiter))).toBe(path.join(d.at('b'), 'git'));
  });

  it("never searches a directory inside the repository (node_modules/.bin, which npx puts on PATH, is the pull request's)", () => {
    const d = dirs('repo', 'repo/node_modules', 'repo/node_modules/.bin', 'sys');
    program(path.join(d.at('repo/node_modules/.bin'), 'git'));
    program(path.join(d.at('sys'), 'git'));
    const search = [d.at('repo/node_modules/.bin'), d.at('sys')].join(path.delimiter);
    expect(findOnPath('git', search, [])).toBe(path.join(d.at('repo/node_modules/.bin'), 'git'));
    expect(findOnPath('git', search, [d.at('repo')])).toBe(path.join(d.at('sys'), 'git'));
    // The repository itself, and a PATH entry that reaches into it through a symlink.
    symlinkSync(d.at('repo/node_modules/.bin'), d.at('link'));
    expect(findOnPath('git', [d.at('link'), d.at('repo/node_modules/.bin')].join(path.delimiter), [d.at('repo')])).toBeUndefined();
  });
});
