import { git } from './git.js';

/**
 * Named operations that write the work tree once test code has run in it: it may have planted hooks,
 * so none runs on these checkouts.
 */

const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

/** Checks out `commit`, detached. */
export async function checkoutDetached(root: string, commit: string): Promise<void> {
  await git([...NO_HOOKS, 'checkout', '--quiet', '--detach', commit], root);
}

/** A file's bytes back from `commit` (its path taken literally, never as a pattern). */
export async function checkoutFileFrom(root: string, commit: string, file: string): Promise<void> {
  await git([...NO_HOOKS, 'checkout', '--quiet', commit, '--', `:(literal)${file}`], root);
}

/** A file's bytes back from the index. */
export async function checkoutFromIndex(root: string, rel: string): Promise<void> {
  await git([...NO_HOOKS, 'checkout', '--quiet', '--', rel], root);
}

/** Applies a patch (git's unified diff) to the work tree. */
export async function applyPatch(root: string, patch: string): Promise<void> {
  await git(['apply', '--whitespace=nowarn', '-'], root, { input: patch });
}
