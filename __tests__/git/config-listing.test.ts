import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from '../../src/git/git.js';
import { guardRepoState, workTreeRoot } from '../../src/git/work-tree.js';
import { gitIn, makeRepo, writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// When git.ts may reuse a config listing (which filter and merge drivers to switch off), and when it
// must list again. The order matters: reuse stops for good once a git state is guarded (before any
// code of the repository runs), so the cases with no guard come first.

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function spyIn(dir: string): { spy: string; log: string } {
  const log = path.join(dir, 'ran.log');
  const spy = path.join(dir, 'spy.sh');
  writeFileSync(spy, `#!/bin/sh\necho "$0 $*" >> '${log}'\ncat\n`);
  chmodSync(spy, 0o755);
  return { spy, log };
}

/** A repository in `ws/repo` of a temp dir (files as given), its top learned and its git state guarded. */
async function guardedBelow(prefix: string, files: Record<string, string>): Promise<{ parent: string; dir: string; root: string }> {
  const t = tempDir(prefix);
  cleanups.push(t.cleanup);
  const parent = path.join(t.dir, 'ws');
  const dir = path.join(parent, 'repo');
  mkdirSync(dir, { recursive: true });
  gitIn(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, files);
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'base');
  expect(await workTreeRoot(dir)).toBe(dir);
  cleanups.push(await guardRepoState(dir));
  return { parent, dir, root: t.dir };
}

function setup() {
  const repo = makeRepo({ 'a.txt': 'a\n' });
  cleanups.push(repo.cleanup);
  const t = tempDir('unbreak-spy-');
  cleanups.push(t.cleanup);
  return { dir: repo.dir, ...spyIn(t.dir) };
}

const FILTER = (spy: string) => `[filter "evil"]\n\tclean = ${spy}\n\tsmudge = ${spy}\n`;

describe('before the git state is guarded (the start of a run): a listing is reused only for the same bytes', () => {
  it('is read again when the repository config itself changes, with nothing to put it back (a listing is reused only for the same bytes)', async () => {
    const { dir, spy, log } = setup();
    // The start-up question learns the git dirs, as a run does: from then on a listing may be reused.
    expect(await workTreeRoot(dir)).toBe(dir);
    expect(await git(['status', '--porcelain'], dir)).toBe('');
    const config = path.join(dir, '.git', 'config');
    writeFileSync(config, `${readFileSync(config, 'utf8')}${FILTER(spy)}`);
    writeFileSync(path.join(dir, '.gitattributes'), '* filter=evil\n');
    writeFileSync(path.join(dir, 'a.txt'), 'c\n');
    await git(['status', '--porcelain'], dir);
    await git(['diff', '--no-ext-diff', '--no-textconv'], dir);
    expect(existsSync(log)).toBe(false);
  });

  it('is read again when .git becomes a file that points at another git dir', async () => {
    const { dir, spy, log } = setup();
    expect(await workTreeRoot(dir)).toBe(dir);
    expect(await git(['status', '--porcelain'], dir)).toBe('');
    // The same repository under another name, its config with a filter: git follows the .git file there.
    const moved = path.join(path.dirname(dir), `${path.basename(dir)}-moved.git`);
    cleanups.push(() => rmSync(moved, { recursive: true, force: true }));
    renameSync(path.join(dir, '.git'), moved);
    writeFileSync(path.join(dir, '.git'), `gitdir: ${moved}\n`);
    writeFileSync(path.join(moved, 'config'), `${readFileSync(path.join(moved, 'config'), 'utf8')}${FILTER(spy)}`);
    writeFileSync(path.join(dir, '.gitattributes'), '* filter=evil\n');
    writeFileSync(path.join(dir, 'a.txt'), 'c\n');
    await git(['status', '--porcelain'], dir);
    await git(['diff', '--no-ext-diff', '--no-textconv'], dir);
    expect(existsSync(log)).toBe(false);
  });
});

describe('once the git state is guarded: every command lists again', () => {
  it('a .git made invalid sends git to a repository in a parent folder, whose filter is switched off', async () => {
    const { parent, dir, root } = await guardedBelow('unbreak-parent-', { 'a.txt': 'a\n' });
    const { spy, log } = spyIn(root);
    expect(await git(['status', '--porcelain'], dir)).toBe('');
    // What test code can do: a repository in the folder above, with a filter, and .git made invalid.
    gitIn(parent, 'init', '-q', '-b', 'main');
    gitIn(parent, 'config', 'core.worktree', dir);
    gitIn(dir, '--git-dir', path.join(parent, '.git'), '--work-tree', dir, 'add', 'a.txt');
    gitIn(parent, 'config', 'filter.evil.clean', spy);
    gitIn(parent, 'config', 'filter.evil.smudge', spy);
    writeFileSync(path.join(parent, '.git/info/attributes'), '* filter=evil\n');
    writeFileSync(path.join(dir, '.git/HEAD'), 'not a ref\n');
    writeFileSync(path.join(dir, 'a.txt'), 'changed by the tests\n');
    await git(['status', '--porcelain'], dir).catch(() => '');
    await git(['diff', '--no-ext-diff', '--no-textconv'], dir).catch(() => '');
    expect(existsSync(log)).toBe(false);
  });

  it('git never looks above the top it learned: with .git made invalid, a command fails instead of using the repository in the folder above', async () => {
    const { parent, dir } = await guardedBelow('unbreak-ceiling-', { 'sub/a.txt': 'a\n' });
    expect(await git(['rev-parse', '--absolute-git-dir'], path.join(dir, 'sub'))).toBe(path.join(dir, '.git'));
    // What test code can do: a repository in the folder above, and .git made invalid.
    gitIn(parent, 'init', '-q', '-b', 'main');
    writeFileSync(path.join(dir, '.git/HEAD'), 'not a ref\n');
    // A git of its own finds the one above; unbreak's, from the top or a folder in it, finds none.
    expect(gitIn(dir, 'rev-parse', '--absolute-git-dir')).toBe(path.join(parent, '.git'));
    for (const cwd of [dir, path.join(dir, 'sub')]) await expect(git(['rev-parse', '--absolute-git-dir'], cwd)).rejects.toThrow(/not a git repository/);
  });

  it('sets no ceiling for a work tree that core.worktree names below the repository (git finds its .git above it)', async () => {
    const t = tempDir('unbreak-worktree-below-');
    cleanups.push(t.cleanup);
    const sub = path.join(t.dir, 'sub');
    mkdirSync(sub);
    gitIn(t.dir, 'init', '-q', '-b', 'main');
    gitIn(t.dir, 'config', 'core.worktree', sub);
    writeFileSync(path.join(sub, 'a.txt'), 'a\n');
    gitIn(sub, 'add', '-A');
    gitIn(sub, 'commit', '-q', '-m', 'base');
    expect(await workTreeRoot(sub)).toBe(sub);
    cleanups.push(await guardRepoState(sub));
    expect(await git(['status', '--porcelain'], sub)).toBe('');
  });

  it('a linked worktree whose git dir becomes a link to one with another common dir: its filter is switched off', async () => {
    const t = tempDir('unbreak-linked-');
    cleanups.push(t.cleanup);
    const { spy, log } = spyIn(t.dir);
    const main = path.join(t.dir, 'main');
    const wt = path.join(t.dir, 'wt');
    mkdirSync(main);
    gitIn(main, 'init', '-q', '-b', 'main');
    writeFileSync(path.join(main, 'a.txt'), 'a\n');
    gitIn(main, 'add', '-A');
    gitIn(main, 'commit', '-q', '-m', 'base');
    gitIn(main, 'worktree', 'add', '-q', '--detach', wt);
    expect(await workTreeRoot(wt)).toBe(wt);
    cleanups.push(await guardRepoState(wt));
    expect(await git(['status', '--porcelain'], wt)).toBe('');
    // The worktree's git dir moved under a folder whose config has a filter, a link in its place:
    // the .git file, commondir's bytes and the main config all read the same as before.
    const evil = path.join(t.dir, 'evil');
    const own = path.join(main, '.git/worktrees/wt');
    mkdirSync(path.join(evil, 'a'), { recursive: true });
    renameSync(own, path.join(evil, 'a/wt'));
    symlinkSync(path.join(evil, 'a/wt'), own);
    for (const name of ['objects', 'refs']) symlinkSync(path.join(main, '.git', name), path.join(evil, name));
    copyFileSync(path.join(main, '.git/config'), path.join(evil, 'config'));
    writeFileSync(path.join(evil, 'config'), `${readFileSync(path.join(evil, 'config'), 'utf8')}${FILTER(spy)}`);
    mkdirSync(path.join(evil, 'info'), { recursive: true });
    writeFileSync(path.join(evil, 'info/attributes'), '* filter=evil\n');
    writeFileSync(path.join(wt, 'a.txt'), 'changed by the tests\n');
    await git(['status', '--porcelain'], wt).catch(() => '');
    await git(['diff', '--no-ext-diff', '--no-textconv'], wt).catch(() => '');
    expect(existsSync(log)).toBe(false);
  });
});
