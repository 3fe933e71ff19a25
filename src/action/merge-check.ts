import type { Config } from '../options/config.js';
import type { Outcome, TestResult } from '../engine/types.js';
import { createTestRunner } from '../run/test-runner.js';
import { inert } from '../report/inert.js';
import { hasCommit } from '../git/objects.js';
import { restoreGitState } from '../git/state.js';
import { applyPatch, checkoutDetached } from '../git/work-tree-writes.js';
import { changedSince, driftMessage, pinFiles, readNow } from '../workspace/pin.js';
import { unifiedDiff } from '../workspace/workspace.js';
import { backToHead, firstLine, mergeCommitOf, putBack, restoreFiles, sameAsTested, sameBytes } from './merge-commit.js';

/**
 * CI on `pull_request` tests the merge of the PR into its base, while a fix goes on the PR's
 * head. When the head passes, the red check may come from the merge alone (the base moved in a
 * way that breaks this PR): test the merge commit too, and try to fix it there. A fix made on the
 * merge is delivered on the head only if it applies there and the tests pass on the head with it
 * (the merge run already saw them pass); otherwise the run ends with a verdict that says why.
 */
export interface MergeCheckOptions {
  root: string;
  config: Config;
  prNumber: number;
  baseRef: string;
  /** The PR's head, checked out, where the tests passed. */
  head: string;
  /** GitHub's merge commit (refs/pull/N/merge), fetched before any test ran; undefined when GitHub has none. */
  merge: string | undefined;
  log: (line: string) => void;
  /** The head's outcome (`no-failures`): returned as it is when there is no merge to test or it passes. */
  headOutcome: Outcome;
  /** Runs the fix loop (the pipeline) on the work tree as it is, with this config. */
  run: (config: Config) => Promise<Outcome>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function checkMergeCommit(opts: MergeCheckOptions): Promise<Outcome> {
  const { root, config, baseRef, head, headOutcome, log } = opts;
  const merge = await mergeCommitOf(opts);
  if ('skip' in merge)
    return {
      ...headOutcome,
      notes: [...(headOutcome.notes ?? []), `The merge with \`${tick(baseRef)}\` (what the PR's CI tests) was not tested: ${merge.skip}.`],
    };
  log(`the head passes; testing the merge with ${baseRef} (${merge.sha.slice(0, 12)}), which the PR's CI tests`);
  try {
    await checkoutDetached(root, merge.sha);
  } catch (error) {
    log(`could not check out the merge commit: ${firstLine(error)}`);
    return {
      ...headOutcome,
      notes: [
        ...(headOutcome.notes ?? []),
        `The merge with \`${tick(baseRef)}\` was not tested: its commit could not be checked out (${inert(firstLine(error))}).`,
      ],
    };
  }
  // The change as merged: the merge against its base parent, where that commit is here.
  const base = merge.baseParent && (await hasCommit(root, merge.baseParent)) ? merge.baseParent : config.base;
  let onMerge: Outcome;
  try {
    onMerge = await opts.run({ ...config, ...(base ? { base } : {}), mergedWith: baseRef });
  } catch (error) {
    await backToHead(root, head, log);
    throw error;
  }
  const spent = { testRuns: headOutcome.testRuns + onMerge.testRuns, testMs: headOutcome.testMs + onMerge.testMs };
  if (onMerge.status === 'no-failures') {
    await backToHead(root, head, log);
    return {
      ...headOutcome,
      ...spent,
      message: `${headOutcome.message}; merged with ${baseRef} too`,
      notes: [...(headOutcome.notes ?? []), `The tests pass merged with \`${tick(baseRef)}\` too (${merge.sha.slice(0, 7)}, what the PR's CI tests).`],
    };
  }
  const failures = onMerge.before?.failures ?? [];
  const first = failures[0];
  const because = first ? `${plural(failures.length, 'failing test')}, first ${first.name}: ${first.message.split('\n')[0]!.slice(0, 160)}` : 'the tests fail';
  const lead = `the head passes; it fails merged with ${baseRef} (${because})`;
  const update = `update the branch (merge or rebase on ${baseRef})`;
  const verdict = (status: Outcome['status'], message: string, extra: Partial<Outcome> = {}): Outcome => {
    const { pinned: _pinned, ...rest } = onMerge;
    return {
      ...rest,
      ...spent,
      status,
      message,
      mergedWith: baseRef,
      changedFiles: [],
      patch: '',
      ...(status === 'flaky' ? {} : { failuresAfter: failures.length }),
      ...extra,
    };
  };
  /** A fix that passed on the merge but is not delivered: its attempt is not shown as a fix of the PR. */
  const notOnHead = (why: string): Partial<Outcome> => ({
    attempts: onMerge.attempts.map((a, i, all) => {
      if (i < all.length - 1) return a;
      const { failuresAfter: _after, ...rest } = a;
      return { ...rest, result: 'still-failing' as const, note: `passed on the merge only: ${why}` };
    }),
  });

  if (onMerge.status !== 'fixed' || !onMerge.pinned) {
    await backToHead(root, head, log);
    if (!onMerge.before) return verdict(onMerge.status, `the head passes; testing its merge with ${baseRef} stopped: ${onMerge.message}`);
    switch (onMerge.status) {
      case 'flaky':
        return verdict(
          'flaky',
          `the head passes; merged with ${baseRef}, ${plural(failures.length, 'test')} failed, then passed when run again: flaky, not broken`,
        );
      case 'skipped':
        return verdict('skipped', `${lead}; ${onMerge.message}`);
      case 'error':
        return verdict('error', `${lead}; fixing it on the merge stopped: ${onMerge.message}`);
      default:
        // The loop's own "Next: …" is left out: the next step here is to update the branch.
        return verdict(
          'not-fixed',
          onMerge.attempts.length
            ? `${lead}; unbreak could not fix it on the merge (${onMerge.message.replace(/\. Next: .*$/s, '')}); ${update}`
            : `${lead}; ${update}`,
        );
    }
  }

  // Fixed on the merge tree. Carry the fix to the head: the merge tree back as it was, the head checked out, the patch applied.
  const files = onMerge.pinned.map((p) => p.path);
  const named = files.join(', ');
  try {
    await putBack(root, merge.sha, files);
    await checkoutDetached(root, head);
  } catch (error) {
    await backToHead(root, head, log);
    return verdict(
      'error',
      `${lead}; unbreak fixed it on the merge (${named}) but could not return to the head to try that fix there (${firstLine(error)}); nothing was delivered`,
      notOnHead('not tried on the head'),
    );
  }
  const originals = readNow(root, files);
  const restore = () => restoreFiles(root, originals);
  try {
    await applyPatch(root, onMerge.patch);
  } catch (error) {
    restore();
    return verdict(
      'not-fixed',
      `${lead}; unbreak fixed it on the merge (${named}), but that fix does not apply on the head (${firstLine(error)}), so nothing was delivered; ${update}`,
      notOnHead('the fix does not apply on the head'),
    );
  }

  log(`the fix made on the merge applies on the head; running the tests on the head with it`);
  let seen = new Map<string, Buffer | null>();
  let changedDuringRun: string[] = [];
  const tests = createTestRunner({
    root,
    testCommand: config.testCommand,
    ...(config.setupCommand ? { setupCommand: config.setupCommand } : {}),
    timeoutMs: config.testTimeoutSec * 1000,
    junitGlob: config.junitGlob,
    onStart: () => {
      seen = readNow(root, files);
      changedDuringRun = [];
    },
    onExit: () => {
      changedDuringRun = changedSince(root, seen, files);
      restoreGitState();
    },
  });
  let onHead: TestResult;
  try {
    // The merge run may have set the tree up for the merge (e.g. npm ci with its lockfile): set it up for the head again.
    const setup = await tests.setup();
    if (setup && (setup.exitCode !== 0 || setup.timedOut)) {
      restore();
      return verdict(
        'not-fixed',
        `${lead}; unbreak fixed it on the merge (${named}), but the setup command failed on the head with that fix, so nothing was delivered; ${update}`,
        notOnHead('the setup command failed on the head'),
      );
    }
    onHead = await tests.full();
  } catch (error) {
    restore();
    throw error;
  }
  const ran = { testRuns: spent.testRuns + 1, testMs: spent.testMs + onHead.run.durationMs };
  const refused = headRefusal(headOutcome, onHead);
  if (refused) {
    restore();
    return verdict(
      'not-fixed',
      `${lead}; unbreak fixed it on the merge (${named}), but with that fix the head fails (${refused}), so nothing was delivered; ${update}`,
      { ...ran, after: onHead.report, ...notOnHead('the head fails with it') },
    );
  }
  const drifted = [...new Set([...changedDuringRun, ...changedSince(root, seen, files)])].sort();
  if (drifted.length) {
    restore();
    return verdict('error', driftMessage(drifted), { ...ran, ...notOnHead('changed during the run on the head') });
  }
  const changed = files.filter((f) => !sameBytes(originals.get(f) ?? null, seen.get(f) ?? null));
  const pinned = await pinFiles(root, new Map(changed.map((f) => [f, seen.get(f) ?? null])));
  // What CI tests after the push is GitHub's merge of the base with head + fix: it must be the tree the merge run saw.
  const remerge = await sameAsTested(root, merge, head, pinned, onMerge.pinned);
  if (remerge.differs) {
    restore();
    return verdict(
      'not-fixed',
      `${lead}; unbreak fixed it on the merge (${named}) and the head passes with that fix, but merged with ${baseRef} the head with the fix is not what was tested (${remerge.differs}), so nothing was delivered; ${update}`,
      {
        ...ran,
        ...notOnHead('merged again, the head with it is not what was tested'),
      },
    );
  }
  if (remerge.unchecked) log(`could not check that the head with the fix merges with ${baseRef} into the tree that was tested: ${remerge.unchecked}`);
  const n = failures.length;
  return {
    ...onMerge,
    ...ran,
    status: 'fixed',
    message: `the head passed, but merged with ${baseRef} ${plural(n, 'test')} failed; fixed on the merge, and the tests pass on the head with the same fix`,
    mergedWith: baseRef,
    changedFiles: changed,
    patch: unifiedDiff(changed.map((f) => ({ path: f, before: originals.get(f) ?? null, after: seen.get(f) ?? null }))),
    after: onHead.report,
    pinned,
  };
}

/** Why the head's run with the fix is not good enough, or undefined: green, and no fewer tests than the head ran at first. */
function headRefusal(headOutcome: Outcome, onHead: TestResult): string | undefined {
  const failures = onHead.report.failures;
  const first = failures[0];
  if (first) return `${plural(failures.length, 'failing test')}, first ${first.name}: ${first.message.split('\n')[0]!.slice(0, 160)}`;
  if (onHead.run.timedOut) return 'the test command timed out';
  if (onHead.run.exitCode !== 0) return `the test command exited with ${onHead.run.exitCode ?? onHead.run.signal}`;
  const was = headOutcome.before?.total;
  const now = onHead.report.total;
  if (was !== undefined && (now === undefined || now < was)) return `fewer tests ran: ${now ?? 'no count'} instead of ${was}`;
  return undefined;
}

/** A branch name inside a code span. */
function tick(name: string): string {
  return name.replace(/`/g, "'");
}
