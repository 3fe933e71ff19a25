import { git } from './git.js';

/**
 * Named operations on a scratch index (`env` names it: `{ GIT_INDEX_FILE }`), where a tree is built
 * from object ids alone, never from the work tree. Paths go in as data, never as pathspecs.
 */

/** Fills the index with `tree`. */
export async function readTree(root: string, tree: string, env: Record<string, string>): Promise<void> {
  await git(['read-tree', tree], root, { env });
}

/** Which of these paths git ignores (with a tree as the index, tracked files never count as ignored). */
export async function ignoredPaths(root: string, rels: string[], env: Record<string, string>): Promise<string[]> {
  // check-ignore takes no pathspec magic, literal included: `./` keeps a leading `:` from being read as magic.
  return (await git(['check-ignore', '-z', '--stdin'], root, { env, input: rels.map((rel) => `./${rel}\0`).join(''), okCodes: [1] }))
    .split('\0')
    .filter(Boolean)
    .map((f) => f.replace(/^\.\//, ''));
}

/** Sets index entries from `update-index -z --index-info` records ("<mode> <id>\t<path>\0"; mode 0 removes). */
export async function setIndexEntries(root: string, records: string, env: Record<string, string>): Promise<void> {
  await git(['update-index', '-z', '--index-info'], root, { env, input: records });
}

/** Writes the index as a tree and returns its id. */
export async function writeTree(root: string, env: Record<string, string>): Promise<string> {
  return git(['write-tree'], root, { env });
}

/** The index's entries as `ls-files -s -z` lists them ("<mode> <id> <stage>\t<path>"), read whole so that no path is a pathspec. */
export async function indexEntries(root: string, env: Record<string, string>): Promise<string[]> {
  return (await git(['ls-files', '-s', '-z'], root, { env })).split('\0');
}
