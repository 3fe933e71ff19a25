import { rmSync } from 'node:fs';
import path from 'node:path';
import { ignoredPaths, indexEntries, readTree, setIndexEntries, writeTree } from '../git/scratch-index.js';
import { changedPaths } from '../git/trees.js';
import { gitDirOf } from '../git/work-tree.js';
import { pinnedBytes, type Pin } from '../workspace/pin.js';
import type { RepoRef } from '../github/repo-ref.js';
import { statusOf, type Octokit } from '../github/octokit.js';
import * as gitDatabase from '../github/git-database.js';

/**
 * Delivery through GitHub's Git Data API (blobs, trees, commits, refs), from unbreak's own
 * process: the token never reaches a git process, so nothing the test code planted in `.git`
 * (fsmonitor, ssh commands, hooks, `push.followTags`) can see it or ride along with it. Local git
 * only reads objects (replace objects off, see git/env.ts) to compute what GitHub must answer; every
 * id GitHub returns is checked against that, so a tampered object store cannot change what lands.
 * A ref update names exactly one branch and is fast-forward only, like a plain push.
 */

export interface Identity {
  name: string;
  email: string;
}

export class IgnoredFilesError extends Error {}

/** A file's mode in a commit unbreak makes: the base tree's for a file it has, else a plain file's. */
export type FileMode = '100644' | '100755';

/**
 * The tree `baseTree` + pins, built locally in a scratch index from the object ids alone. Paths
 * go in as data (`update-index -z --index-info`), never as pathspecs. A file git ignores is never
 * committed, and the tree must differ from the base in exactly the pinned paths. Each file keeps
 * its mode in the base tree (a new file is 100644): the work tree's mode is what the tests left.
 */
export async function localTree(root: string, baseTree: string, pins: Pin[]): Promise<string> {
  return (await localTreeWithModes(root, baseTree, pins)).tree;
}

async function localTreeWithModes(root: string, baseTree: string, pins: Pin[]): Promise<{ tree: string; modes: Map<string, FileMode> }> {
  if (!pins.length) throw new Error('no changed files to commit');
  const index = path.join(await gitDirOf(root), `unbreak-index-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await readTree(root, baseTree, env);
    // With the base as the index, tracked files never count as ignored.
    const ignored = await ignoredPaths(
      root,
      pins.map((p) => p.path),
      env,
    );
    if (ignored.length)
      throw new IgnoredFilesError(`the fix touches files git ignores (${ignored.join(', ')}), which are never committed or posted, so nothing was delivered`);
    const modes = await baseModes(root, env, pins);
    const records = pins.map((p) => (p.blob === null ? `0 ${'0'.repeat(40)}\t${p.path}\0` : `${modes.get(p.path)} ${p.blob}\t${p.path}\0`)).join('');
    await setIndexEntries(root, records, env);
    const tree = await writeTree(root, env);
    const changed = await changedPaths(root, baseTree, tree);
    const wanted = new Set(pins.map((p) => p.path));
    const extra = changed.filter((f) => !wanted.has(f));
    if (extra.length) throw new Error(`the commit would hold files the model did not change (${extra.join(', ')})`);
    return { tree, modes };
  } finally {
    rmSync(index, { force: true });
  }
}

/**
 * The pinned files' modes in the scratch index holding the base tree. Read whole (`ls-files -s -z`)
 * so that no path is ever a pathspec; a file the base has not is new, so 100644.
 */
async function baseModes(root: string, env: Record<string, string>, pins: Pin[]): Promise<Map<string, FileMode>> {
  const wanted = new Set(pins.map((p) => p.path));
  const modes = new Map<string, FileMode>(pins.map((p) => [p.path, '100644']));
  for (const entry of await indexEntries(root, env)) {
    const m = /^(\d{6}) [0-9a-f]+ \d\t(.*)$/s.exec(entry);
    if (!m || !wanted.has(m[2]!)) continue;
    // Only a regular file is edited (the guard refuses symlinks and submodules); its executable bit stays.
    if (m[1] === '100755') modes.set(m[2]!, '100755');
  }
  return modes;
}

/**
 * Uploads the pinned blobs, makes the tree on `baseTree` (the head's tree, recorded before any test
 * ran) and a commit with `parent`; returns the new commit's id. Nothing is referenced by a branch
 * yet: `fastForward` or `createBranch` does that. Every id GitHub answers with is checked against
 * the one computed here, so the commit holds exactly the pinned bytes at the pinned paths.
 */
export async function createCommit(
  octokit: Octokit,
  repo: RepoRef,
  o: { root: string; baseTree: string; parent: string; pins: Pin[]; message: string; author: Identity; committer?: Identity },
): Promise<{ sha: string; tree: string }> {
  const { tree, modes } = await localTreeWithModes(o.root, o.baseTree, o.pins);
  for (const pin of o.pins) {
    if (pin.blob === null) continue;
    const bytes = await pinnedBytes(o.root, { ...pin, blob: pin.blob });
    const data = await gitDatabase.createBlob(octokit, repo, bytes.toString('base64'));
    if (data.sha !== pin.blob) throw new Error(`GitHub stored ${pin.path} as ${data.sha}, not the pinned ${pin.blob}`);
  }
  const made = await gitDatabase.createTree(
    octokit,
    repo,
    o.baseTree,
    o.pins.map((p) => ({ path: p.path, mode: modes.get(p.path)!, type: 'blob' as const, sha: p.blob })),
  );
  if (made.sha !== tree) throw new Error(`GitHub made tree ${made.sha} from the head's tree and the fix, not the expected ${tree}`);
  const commit = await gitDatabase.createCommit(octokit, repo, {
    message: o.message,
    tree,
    parents: [o.parent],
    author: o.author,
    committer: o.committer ?? o.author,
  });
  if (commit.tree.sha !== tree || commit.parents.length !== 1 || commit.parents[0]!.sha !== o.parent)
    throw new Error(`GitHub's commit ${commit.sha} is not the tree ${tree} on ${o.parent}`);
  return { sha: commit.sha, tree };
}

/** The commit a branch points at on GitHub, undefined when the branch does not exist. */
export async function branchTip(octokit: Octokit, repo: RepoRef, branch: string): Promise<string | undefined> {
  try {
    const data = await gitDatabase.getRef(octokit, repo, `heads/${branch}`);
    return data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

export type RefUpdate = { ok: true } | { ok: false; reason: 'moved' | 'exists' | 'gone' };

/**
 * Moves `branch` to `sha`, fast-forward only (`force: false`): GitHub refuses with 422 "Update is
 * not a fast forward" when the branch moved, and nothing is written. One ref, never a tag.
 */
export async function fastForward(octokit: Octokit, repo: RepoRef, branch: string, sha: string): Promise<RefUpdate> {
  try {
    await gitDatabase.updateRef(octokit, repo, `heads/${branch}`, sha);
    return { ok: true };
  } catch (error) {
    if (statusOf(error) === 422) {
      const text = error instanceof Error ? error.message : String(error);
      if (/fast.?forward/i.test(text)) return { ok: false, reason: 'moved' };
      if (/does not exist/i.test(text)) return { ok: false, reason: 'gone' };
    }
    throw error;
  }
}

/** Creates `refs/heads/<branch>` at `sha`; `exists` when there is one already (it is left alone). */
export async function createBranch(octokit: Octokit, repo: RepoRef, branch: string, sha: string): Promise<RefUpdate> {
  try {
    await gitDatabase.createRef(octokit, repo, `refs/heads/${branch}`, sha);
    return { ok: true };
  } catch (error) {
    if (statusOf(error) === 422 && /already exists/i.test(error instanceof Error ? error.message : String(error))) return { ok: false, reason: 'exists' };
    throw error;
  }
}
