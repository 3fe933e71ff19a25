import { afterEach, describe, expect, it } from '@jest/globals';
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readIndex, type IndexListing } from '../../src/git/index-file.js';
import { gitIn, writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// git's index read without git: the same entries `git ls-files -s` lists, and each clean file's stat
// as lstat gives it, in every index format git writes; anything else is left to git.

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function repo(init: string[] = []): string {
  const t = tempDir('unbreak-index-');
  cleanups.push(t.cleanup);
  gitIn(t.dir, 'init', '-q', '-b', 'main', ...init);
  writeFiles(t.dir, {
    'a.js': 'a\n',
    'src/b c.js': 'with a space\n',
    'src/ünï.js': 'not ascii\n',
    'test/deep/er/t.test.js': 'test\n',
    'run.sh': '#!/bin/sh\n',
    'empty.txt': '',
  });
  gitIn(t.dir, 'update-index', '--add', '--chmod=+x', 'run.sh');
  symlinkSync('a.js', path.join(t.dir, 'link'));
  gitIn(t.dir, 'add', '-A');
  gitIn(t.dir, 'commit', '-q', '-m', 'base');
  return t.dir;
}

/** What git lists: [path, blob, stage] for every entry. */
function listed(dir: string): [string, string, number][] {
  return gitIn(dir, 'ls-files', '-s', '-z')
    .split('\0')
    .filter(Boolean)
    .map((record) => {
      const [meta, rel] = record.split('\t') as [string, string];
      const [, blob, stage] = meta.split(' ');
      return [rel, blob!, Number(stage)];
    });
}

/** The listing as one object an entry. */
function entriesOf(listing: IndexListing | undefined) {
  return listing?.rels.map((rel, i) => {
    const stat = listing.stats.subarray(i * 4, i * 4 + 4);
    return {
      rel,
      blob: listing.blobs[i]!,
      stage: listing.stages[i]!,
      stat: Number.isNaN(stat[0]) ? undefined : { size: stat[0], mtimeMs: stat[1], ctimeMs: stat[2], ino: stat[3] },
    };
  });
}

function expectSameAsGit(dir: string): void {
  gitIn(dir, 'status', '--porcelain');
  const entries = entriesOf(readIndex(path.join(dir, '.git')));
  expect(entries?.map((e) => [e.rel, e.blob, e.stage])).toEqual(listed(dir));
  for (const e of entries!) {
    if (!e.stat) continue;
    const info = lstatSync(path.join(dir, e.rel));
    expect(e.stat).toEqual({ size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino % 2 ** 32 });
  }
}

describe('readIndex', () => {
  it('reads format 2 as git lists it, each clean regular file with its own stat (none for a link or an empty file)', () => {
    const dir = repo();
    expectSameAsGit(dir);
    const entries = entriesOf(readIndex(path.join(dir, '.git')))!;
    const withStat = entries.filter((e) => e.stat).map((e) => e.rel);
    expect(withStat.sort()).toEqual(['a.js', 'run.sh', 'src/b c.js', 'src/ünï.js', 'test/deep/er/t.test.js']);
  });

  it('reads formats 3 and 4, and leaves out the stat of entries git does not compare (assume-unchanged, skip-worktree, intent-to-add)', () => {
    for (const version of ['3', '4']) {
      const dir = repo();
      gitIn(dir, 'update-index', '--index-version', version);
      gitIn(dir, 'update-index', '--assume-unchanged', 'a.js');
      gitIn(dir, 'update-index', '--skip-worktree', 'src/b c.js');
      writeFileSync(path.join(dir, 'later.js'), 'later\n');
      gitIn(dir, 'add', '-N', 'later.js');
      expectSameAsGit(dir);
      const entries = entriesOf(readIndex(path.join(dir, '.git')))!;
      expect(
        entries
          .filter((e) => !e.stat)
          .map((e) => e.rel)
          .sort(),
      ).toEqual(['a.js', 'empty.txt', 'later.js', 'link', 'src/b c.js']);
    }
  });

  it('reads a SHA-256 repository, and the stages of a merge conflict', () => {
    const dir = repo(['--object-format=sha256']);
    expectSameAsGit(dir);
    expect(readIndex(path.join(dir, '.git'))!.blobs[0]).toMatch(/^[0-9a-f]{64}$/);
    gitIn(dir, 'checkout', '-q', '-b', 'other');
    writeFileSync(path.join(dir, 'a.js'), 'other\n');
    gitIn(dir, 'commit', '-qam', 'other');
    gitIn(dir, 'checkout', '-q', 'main');
    writeFileSync(path.join(dir, 'a.js'), 'main\n');
    gitIn(dir, 'commit', '-qam', 'main');
    try {
      gitIn(dir, 'merge', '-q', 'other');
    } catch {
      // The conflict is the point.
    }
    expect(
      listed(dir)
        .filter(([rel]) => rel === 'a.js')
        .map(([, , stage]) => stage),
    ).toEqual([1, 2, 3]);
    expectSameAsGit(dir);
  });

  it('leaves a split index, a damaged file (its checksum, its structure) and a missing one to git', () => {
    const dir = repo();
    gitIn(dir, 'update-index', '--split-index');
    expect(readIndex(path.join(dir, '.git'))).toBeUndefined();
    gitIn(dir, 'update-index', '--no-split-index');
    expect(readIndex(path.join(dir, '.git'))).toBeDefined();
    // One byte of a path changed: the structure still adds up, the checksum does not.
    const index = readFileSync(path.join(dir, '.git/index'));
    const at = index.indexOf('a.js');
    writeFileSync(path.join(dir, '.git/index'), Buffer.concat([index.subarray(0, at), Buffer.from('b'), index.subarray(at + 1)]));
    expect(readIndex(path.join(dir, '.git'))).toBeUndefined();
    const whole = lstatSync(path.join(dir, '.git/index')).size;
    writeFileSync(path.join(dir, '.git/index'), Buffer.alloc(whole, 1));
    expect(readIndex(path.join(dir, '.git'))).toBeUndefined();
    expect(readIndex(path.join(dir, 'no-such-dir'))).toBeUndefined();
  });
});
