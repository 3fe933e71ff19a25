import { git, gitBytes } from './git.js';

/** Named operations on git's object store: what an object is, its bytes, new blobs and commits. */

/** Whether `name` (an id, `<commit>^{commit}`, `<commit>:<path>`) names an object here (`cat-file -e`). */
export async function objectExists(root: string, name: string): Promise<boolean> {
  return git(['cat-file', '-e', name], root).then(
    () => true,
    () => false,
  );
}

/** Whether `sha` names a commit here. */
export async function hasCommit(root: string, sha: string): Promise<boolean> {
  return objectExists(root, `${sha}^{commit}`);
}

/** The type of the object `name` names (`blob`, `tree`, `commit`, …). */
export async function objectType(root: string, name: string): Promise<string> {
  return git(['cat-file', '-t', name], root);
}

/** The bytes of the blob `name` names (an id, or `<commit>:<path>`). */
export async function blobBytes(root: string, name: string): Promise<Buffer> {
  return gitBytes(['cat-file', 'blob', name], root);
}

/** The text of the blob `name` names (an id, or `<commit>:<path>`), as git prints it. */
export async function blobText(root: string, name: string): Promise<string> {
  return git(['cat-file', 'blob', name], root);
}

/**
 * The texts of several blobs (ids or `<commit>:<path>`), in order, read by one `cat-file --batch`;
 * undefined for a name that is missing or not a blob. A name with a line break in it cannot be a
 * line of the batch: it is asked on its own.
 */
export async function blobTexts(root: string, names: string[]): Promise<(string | undefined)[]> {
  const plain = names.filter((n) => !/[\n\r]/.test(n));
  const read = plain.length ? await gitBytes(['cat-file', '--batch'], root, { input: `${plain.join('\n')}\n` }).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
  const answers = new Map<number, string | undefined>();
  let at = 0;
  for (const [i, name] of names.entries()) {
    if (/[\n\r]/.test(name)) continue;
    const eol = read.indexOf(10, at);
    if (eol < 0) break;
    // `<id> <type> <size>` and the bytes, or `<name> missing` (or ambiguous) and nothing.
    const header = /^[0-9a-f]{40,64} (\w+) (\d+)$/.exec(read.subarray(at, eol).toString('utf8'));
    at = eol + 1;
    if (!header) continue;
    const size = Number(header[2]);
    answers.set(i, header[1] === 'blob' ? read.subarray(at, at + size).toString('utf8') : undefined);
    at += size + 1;
  }
  return Promise.all(names.map((name, i) => (/[\n\r]/.test(name) ? blobText(root, name).catch(() => undefined) : answers.get(i))));
}

/** A file's text at a commit (`git show <commit>:<path>`). */
export async function textAt(root: string, commit: string, file: string): Promise<string> {
  return git(['show', `${commit}:${file}`], root);
}

/** The parents of a commit, as its own object lists them. */
export async function parentsOf(root: string, commit: string): Promise<string[]> {
  return (await git(['cat-file', '-p', commit], root))
    .split('\n')
    .filter((l) => l.startsWith('parent '))
    .map((l) => l.slice(7));
}

/**
 * The blob id of the file at `abs` (`--no-filters`: its exact bytes, not what a clean filter would
 * make of them), written to the object store when `write`.
 */
export async function hashFile(root: string, abs: string, write: boolean): Promise<string> {
  return git(['hash-object', ...(write ? ['-w'] : []), '--no-filters', '--', abs], root);
}

/** Writes these bytes to the object store as a blob (no filter) and returns its id. */
export async function writeBlob(root: string, bytes: Buffer): Promise<string> {
  return git(['hash-object', '-w', '--no-filters', '--stdin'], root, { input: bytes });
}

/** A commit of `tree` with one parent and this message; `env` names who made it. Returns its id. */
export async function commitTree(root: string, tree: string, parent: string, message: string, env: Record<string, string>): Promise<string> {
  return git(['commit-tree', tree, '-p', parent, '-F', '-'], root, { input: message, env });
}
