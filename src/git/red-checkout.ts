import { git } from './git.js';
import { hasCommit } from './objects.js';
import { treeOf } from './trees.js';

/**
 * The checkout for a red default branch: the red commit, detached, and the history back to the
 * last green one, all fetched here, before any test code runs (the bisection later checks out
 * older commits from the object store alone, with no credential near git).
 */

const DEPTH = '100';

export interface RedCheckout {
  head: string;
  /** The red commit's tree, read before any test code runs (the fix commit is built on it). */
  tree: string;
  /** Commits after the green one up to the red one, oldest first, on the first-parent line; empty when history does not connect. */
  since: string[];
  stashed: boolean;
}

async function isAncestor(root: string, a: string, b: string): Promise<boolean> {
  return git(['merge-base', '--is-ancestor', a, b], root).then(
    () => true,
    () => false,
  );
}

export async function checkoutRed(root: string, auth: string[], o: { headSha: string; defaultBranch: string; greenSha?: string }): Promise<RedCheckout> {
  const fetch = (...args: string[]) => git([...auth, 'fetch', '--no-tags', '--quiet', ...args], root, { network: true });
  const shallow = (await git(['rev-parse', '--is-shallow-repository'], root)) === 'true';
  const depth = shallow ? ['--depth', DEPTH] : [];
  const branchRef = `+refs/heads/${o.defaultBranch}:refs/remotes/unbreak/default`;
  await fetch(...depth, 'origin', branchRef).catch(() => undefined);
  if (!(await hasCommit(root, o.headSha)) || shallow) {
    try {
      await fetch(...depth, 'origin', o.headSha);
    } catch (error) {
      if (!(await hasCommit(root, o.headSha)))
        throw new Error(`could not fetch the red commit ${o.headSha.slice(0, 7)} from origin: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
    }
  }
  let since: string[] = [];
  if (o.greenSha) {
    if (!(await hasCommit(root, o.greenSha))) await fetch('--depth', '1', 'origin', o.greenSha).catch(() => undefined);
    if (shallow && !(await isAncestor(root, o.greenSha, o.headSha))) {
      await fetch('--deepen', '1000', 'origin', branchRef).catch(() => undefined);
    }
    if ((await hasCommit(root, o.greenSha)) && (await isAncestor(root, o.greenSha, o.headSha))) {
      since = (await git(['rev-list', '--reverse', '--first-parent', `${o.greenSha}..${o.headSha}`], root)).split('\n').filter(Boolean);
    }
  }
  let stashed = false;
  const dirty = await git(['status', '--porcelain', '--untracked-files=no'], root);
  if (dirty.trim()) {
    await git(['stash', 'push', '--quiet', '-m', 'unbreak: local changes before switching to the red commit'], root);
    stashed = true;
  }
  await git(['checkout', '--quiet', '--detach', o.headSha], root);
  const head = await git(['rev-parse', 'HEAD'], root);
  if (head !== o.headSha) throw new Error(`the checkout is at ${head}, not the red commit ${o.headSha}`);
  return { head, tree: await treeOf(root, head), since, stashed };
}
