import { git } from './git.js';

/** Named operations on trees: a commit's tree, merging two commits in the object store, what differs between two trees. */

/** The tree of `rev` (a commit). */
export async function treeOf(root: string, rev: string): Promise<string> {
  return git(['rev-parse', `${rev}^{tree}`], root);
}

/**
 * Merges two commits in the object store only (`merge-tree --write-tree`): the merged tree, and the
 * paths that conflict (none when it merges cleanly).
 */
export async function mergeTree(root: string, base: string, other: string): Promise<{ tree: string | undefined; conflicts: string[] }> {
  const out = await git(['merge-tree', '--write-tree', '--name-only', '--no-messages', base, other], root, { okCodes: [1] });
  const [tree, ...conflicts] = out.split('\n').filter(Boolean);
  return { tree, conflicts };
}

/** Paths that differ between two trees (or commits). */
export async function changedPaths(root: string, from: string, to: string): Promise<string[]> {
  return (await git(['diff-tree', '-r', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', '--name-only', from, to], root))
    .split('\0')
    .filter(Boolean)
    .sort();
}

/** Paths that differ between two trees, one a line as git prints them (quoted where unusual), in git's order: for a message. */
export async function differingNames(root: string, from: string, to: string): Promise<string[]> {
  return (await git(['diff-tree', '-r', '--name-only', '--no-renames', from, to], root)).split('\n').filter(Boolean);
}
