import { afterEach, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffAgainst, resolveBase } from '../../src/git/base.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// Where the branch's change starts: the names tried in order (resolved with one git), the merge base with the first that is not HEAD's own.

let cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

function repo(base: Record<string, string>, change: Record<string, string> = {}) {
  const r = makeRepo(base, change);
  cleanups.push(r.cleanup);
  return r.dir;
}

function commit(dir: string, file: string, text: string): string {
  writeFileSync(path.join(dir, file), text);
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', file);
  return gitIn(dir, 'rev-parse', 'HEAD');
}

describe('resolveBase', () => {
  it('a branch without an upstream: the merge base with main', async () => {
    const dir = repo({ 'a.txt': 'a\n' }, { 'a.txt': 'b\n' });
    expect(await resolveBase(dir)).toEqual({ sha: gitIn(dir, 'rev-parse', 'main'), label: 'merge base with main' });
  });

  it('the upstream comes first, and a ref that is HEAD itself is passed over', async () => {
    const dir = repo({ 'a.txt': 'a\n' }, { 'a.txt': 'b\n' });
    const fork = gitIn(dir, 'rev-parse', 'HEAD');
    gitIn(dir, 'branch', 'up', fork);
    commit(dir, 'b.txt', 'b\n');
    gitIn(dir, 'branch', '--set-upstream-to', 'up');
    expect(await resolveBase(dir)).toEqual({ sha: fork, label: 'merge base with @{upstream}' });
    // An upstream at HEAD itself says nothing: main is next.
    gitIn(dir, 'branch', '-f', 'up', 'HEAD');
    expect(await resolveBase(dir)).toEqual({ sha: gitIn(dir, 'rev-parse', 'main'), label: 'merge base with main' });
  });

  it('origin/HEAD before main', async () => {
    const dir = repo({ 'a.txt': 'a\n' });
    const first = gitIn(dir, 'rev-parse', 'HEAD');
    const second = commit(dir, 'b.txt', 'b\n');
    gitIn(dir, 'update-ref', 'refs/remotes/origin/main', first);
    gitIn(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    gitIn(dir, 'checkout', '-q', '-b', 'topic');
    commit(dir, 'c.txt', 'c\n');
    expect(await resolveBase(dir)).toEqual({ sha: first, label: 'merge base with origin/HEAD' });
    expect(second).not.toBe(first);
  });

  it('only main, at HEAD: the last commit, then HEAD itself', async () => {
    const dir = repo({ 'a.txt': 'a\n' });
    const first = gitIn(dir, 'rev-parse', 'HEAD');
    expect(await resolveBase(dir)).toEqual({ sha: first, label: 'HEAD' });
    commit(dir, 'b.txt', 'b\n');
    expect(await resolveBase(dir)).toEqual({ sha: first, label: 'the last commit' });
  });

  it('an explicit base: its merge base; one that names no commit: none', async () => {
    const dir = repo({ 'a.txt': 'a\n' }, { 'a.txt': 'b\n' });
    const main = gitIn(dir, 'rev-parse', 'main');
    expect(await resolveBase(dir, 'main')).toEqual({ sha: main, label: 'merge base with main' });
    expect(await resolveBase(dir, `${main}^{tree}`)).toBeUndefined();
    expect(await resolveBase(dir, 'no-such-branch')).toBeUndefined();
    expect(await resolveBase(dir, '@{upstream}')).toBeUndefined();
  });

  it('no commit yet, or no repository: none', async () => {
    const t = tempDir('unbreak-base-');
    cleanups.push(t.cleanup);
    expect(await resolveBase(t.dir)).toBeUndefined();
    gitIn(t.dir, 'init', '-q', '-b', 'main');
    expect(await resolveBase(t.dir)).toBeUndefined();
  });
});

describe('diffAgainst', () => {
  it("diffs HEAD's tree when told no tracked file changed, with the same text as the work tree gives", async () => {
    const r = makeRepo(
      { 'src/a.js': 'one\ntwo\n', 'src/gone.js': 'bye\n', 'src/old.js': 'moved\nas is\nlines\n' },
      { 'src/a.js': 'one\n2\n', 'src/new.js': 'hi\n' },
    );
    cleanups.push(r.cleanup);
    gitIn(r.dir, 'rm', '-q', 'src/gone.js');
    gitIn(r.dir, 'mv', 'src/old.js', 'src/moved.js');
    gitIn(r.dir, 'commit', '-q', '-m', 'more');
    const base = (await resolveBase(r.dir, 'main'))!;
    const tree = await diffAgainst(r.dir, base);
    expect(tree).toContain('rename from src/old.js');
    expect(await diffAgainst(r.dir, base, true)).toBe(tree);
    // An uncommitted edit shows only in the work tree's diff: the caller says "committed" only when status lists none.
    writeFileSync(path.join(r.dir, 'src/a.js'), 'one\nthree\n');
    expect(await diffAgainst(r.dir, base)).toContain('+three');
    expect(await diffAgainst(r.dir, base, true)).toBe(tree);
  });
});
