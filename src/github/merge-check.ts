import type { Config } from '../config.js';
import type { Outcome } from '../engine/types.js';
import { createTestRunner } from '../testing/runner.js';
import { git } from '../workspace/git.js';

/**
 * CI on `pull_request` tests the merge of the PR into its base, while a fix goes on the PR's
 * head. When the head passes, the red check may come from the merge alone (the base moved in a
 * way that breaks this PR): test the merge commit too, and say so rather than "no failing tests".
 */
export async function checkMergeCommit(opts: { root: string; config: Config; prNumber: number; baseRef: string; head: string; auth: string[]; log: (line: string) => void }): Promise<((outcome: Outcome) => Outcome) | undefined> {
  const { root, config, prNumber, baseRef, head, auth } = opts;
  const ref = `refs/remotes/unbreak/merge`;
  try {
    await git([...auth, 'fetch', '--no-tags', '--quiet', '--depth', '1', 'origin', `+refs/pull/${prNumber}/merge:${ref}`], root);
  } catch {
    // No merge commit: GitHub computes none while the PR has conflicts, and then CI cannot run it either.
    return undefined;
  }
  const merge = await git(['rev-parse', `${ref}^{commit}`], root);
  if (merge === head) return undefined;
  // GitHub recomputes the merge commit after a push, not at once: one that does not merge this head is stale.
  const parents = (await git(['cat-file', '-p', merge], root)).split('\n').filter((l) => l.startsWith('parent ')).map((l) => l.slice(7));
  if (!parents.includes(head)) {
    opts.log(`the merge commit ${merge.slice(0, 12)} is not of this head yet (GitHub recomputes it after a push); not tested`);
    return undefined;
  }
  opts.log(`the head passes; testing the merge with ${baseRef} (${merge.slice(0, 12)}), which the PR's CI tests`);
  try {
    await git(['checkout', '--quiet', '--detach', merge], root);
  } catch (error) {
    opts.log(`could not check out the merge commit: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
  let result;
  try {
    result = await createTestRunner({ root, testCommand: config.testCommand, timeoutMs: config.testTimeoutSec * 1000, junitGlob: config.junitGlob }).full();
  } finally {
    await git(['checkout', '--quiet', '--detach', head], root).catch((error: unknown) => opts.log(`could not return to the head ${head}: ${String(error)}`));
  }
  const failures = result.report.failures;
  if (result.run.exitCode === 0 && failures.length === 0) return undefined;
  const first = failures[0];
  const because = first ? `${failures.length} failing, first ${first.name}: ${first.message.split('\n')[0]!.slice(0, 160)}` : `the test command exited with ${result.run.exitCode ?? result.run.signal}`;
  const message = `the head passes; it fails merged with ${baseRef} (${because}); update the branch (merge or rebase on ${baseRef}) and fix it there, then run unbreak again`;
  return (outcome) => ({ ...outcome, status: 'not-fixed', message, failuresBefore: failures.length, failuresAfter: failures.length, after: result.report });
}
