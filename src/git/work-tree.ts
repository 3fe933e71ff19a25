import path from 'node:path';
import { git } from './git.js';
import { dirsKnown, learnDirs } from './known-dirs.js';
import { guardGitState, releaseGitState } from './state.js';

/** The git dir of a work tree's top, learned once while nothing moved it. */
export async function gitDirOf(root: string): Promise<string> {
  return dirsKnown(root)?.gitDir ?? path.resolve(root, await git(['rev-parse', '--git-dir'], root));
}

/** The common git dir of a work tree's top (where its `config` is; the same as the git dir but in a linked worktree). */
export async function commonDirOf(root: string): Promise<string> {
  return dirsKnown(root)?.common ?? path.resolve(root, await git(['rev-parse', '--git-common-dir'], root));
}

/** The top of the work tree containing `dir`, or undefined when it is not inside one. */
export async function workTreeRoot(dir: string): Promise<string | undefined> {
  try {
    // One git: outside a work tree (inside .git, a bare repository) the second answer fails the call.
    const out = await git(['rev-parse', '--is-inside-work-tree', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], dir);
    if (!out.startsWith('true\n')) return undefined;
    const [, top, gitDir, commonRel, ...more] = out.split('\n');
    if (top && gitDir && commonRel && !more.length) {
      learnDirs(top, gitDir, path.resolve(dir, commonRel));
      return top;
    }
    // A path with a line break in it: the lines no longer tell the answers apart.
    const alone = await git(['rev-parse', '--is-inside-work-tree', '--show-toplevel'], dir);
    return alone.startsWith('true\n') && alone.length > 5 ? alone.slice(5) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Snapshots the repository's executable git state before any test code runs (once per repository
 * and process); from then on it is put back after every test run and before every git command.
 */
export async function guardRepoState(root: string): Promise<() => void> {
  const learned = dirsKnown(root);
  let gitDir: string | undefined;
  let common: string;
  if (learned) ({ gitDir, common } = learned);
  else {
    // One git for both; a path with a line break in it (two lines no longer tell them apart) asks twice.
    const both = (await git(['rev-parse', '--absolute-git-dir', '--git-common-dir'], root)).split('\n');
    let commonRel: string | undefined;
    [gitDir, commonRel] = both;
    if (!gitDir || !commonRel || both.length !== 2) {
      gitDir = await git(['rev-parse', '--absolute-git-dir'], root);
      commonRel = await git(['rev-parse', '--git-common-dir'], root);
    }
    common = path.resolve(root, commonRel);
    learnDirs(root, gitDir, common);
  }
  const taken = [gitDir, common].filter((dir, i, all) => all.indexOf(dir) === i && guardGitState(dir));
  /** Restores and forgets what this call took; a no-op where an earlier call holds the snapshot. */
  return () => {
    for (const dir of taken) releaseGitState(dir);
  };
}
