import { existsSync, readdirSync, rmdirSync, unlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCommit } from '../deliver/deliver.js';
import { objectExists, parentsOf } from '../git/objects.js';
import { differingNames, mergeTree, treeOf } from '../git/trees.js';
import { checkoutDetached, checkoutFileFrom } from '../git/work-tree-writes.js';
import { BOT_EMAIL, BOT_NAME } from '../github/bot.js';
import type { Pin } from '../workspace/pin.js';
import type { MergeCheckOptions } from './merge-check.js';

/**
 * Merges the base with head + fix as GitHub will after the push (`git merge-tree`, in the object
 * store only) and compares the result with merge + fix, the tree the merge run saw pass.
 */
export async function sameAsTested(
  root: string,
  merge: { sha: string; baseParent?: string },
  head: string,
  headPins: Pin[],
  mergePins: Pin[],
): Promise<{ differs?: string; unchecked?: string }> {
  if (!merge.baseParent) return { unchecked: 'the merge commit names no base parent' };
  const env = { GIT_AUTHOR_NAME: BOT_NAME, GIT_AUTHOR_EMAIL: BOT_EMAIL, GIT_COMMITTER_NAME: BOT_NAME, GIT_COMMITTER_EMAIL: BOT_EMAIL };
  try {
    const tested = await treeOf(root, await buildCommit(root, merge.sha, mergePins, 'merge + fix', env));
    const fixed = await buildCommit(root, head, headPins, 'head + fix', env);
    const { tree, conflicts } = await mergeTree(root, merge.baseParent, fixed);
    if (conflicts.length) return { differs: `it conflicts in ${[...new Set(conflicts)].slice(0, 3).join(', ')}` };
    if (tree === tested) return {};
    const diff = await differingNames(root, tested, tree!);
    return { differs: `${diff.slice(0, 3).join(', ') || 'the tree'} would differ` };
  } catch (error) {
    return { unchecked: firstLine(error) };
  }
}

/** The merge commit GitHub made of this head (fetched up front, in prepareCheckout); undefined when there is none to test. */
export async function mergeCommitOf(opts: MergeCheckOptions): Promise<{ sha: string; baseParent?: string } | { skip: string }> {
  const { root, prNumber, head } = opts;
  // No merge commit: GitHub computes none while the PR has conflicts, and then CI cannot run it either.
  if (!opts.merge) return { skip: `GitHub has no merge commit for this PR (refs/pull/${prNumber}/merge), as when it conflicts with the base` };
  const sha = opts.merge;
  if (sha === head) return { skip: 'the merge commit is the head itself' };
  // GitHub recomputes the merge commit after a push, not at once: one that does not merge this head is stale.
  const parents = await parentsOf(root, sha);
  if (!parents.includes(head)) {
    opts.log(`the merge commit ${sha.slice(0, 12)} is not of this head yet (GitHub recomputes it after a push); not tested`);
    return {
      skip: `GitHub's merge commit (${sha.slice(0, 7)}) is not of this head yet; it is recomputed shortly after a push, so run unbreak again in a minute`,
    };
  }
  const baseParent = parents.find((p) => p !== head);
  return { sha, ...(baseParent ? { baseParent } : {}) };
}

/** The merge commit's own bytes back for the files the fix touched (a file it created is removed). */
export async function putBack(root: string, merge: string, files: string[]): Promise<void> {
  for (const file of files) {
    const tracked = await objectExists(root, `${merge}:${file}`);
    if (tracked) await checkoutFileFrom(root, merge, file);
    else {
      const abs = path.join(root, file);
      if (existsSync(abs)) unlinkSync(abs);
      removeEmptyParents(root, abs);
    }
  }
}

/** Puts files back to the bytes read before the patch was applied. */
export function restoreFiles(root: string, originals: Map<string, Buffer | null>): void {
  for (const [file, bytes] of originals) {
    const abs = path.join(root, file);
    if (bytes === null) {
      if (existsSync(abs)) unlinkSync(abs);
      removeEmptyParents(root, abs);
    } else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, bytes);
    }
  }
}

export function removeEmptyParents(root: string, abs: string): void {
  for (let dir = path.dirname(abs); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
    try {
      if (readdirSync(dir).length) return;
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

export async function backToHead(root: string, head: string, log: (line: string) => void): Promise<void> {
  await checkoutDetached(root, head).catch((error: unknown) => log(`could not return to the head ${head}: ${firstLine(error)}`));
}

export function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.slice(0, 200) ?? text.slice(0, 200)
  );
}
