import type { TestFailure } from '../failures/test-report.js';
import type { Tally } from './run-state.js';
import type { FixDeps, TestResult, TestRunner } from './types.js';
import { isSynthetic, judge, type Verdict } from './verify.js';

/**
 * Before anything is billed: a failure that does not come back is flaky, not a bug to fix.
 * A test that rewrote its own file is not flaky: a failure that went away is trusted only with the
 * original test files. Only then are they compared with the snapshot (a stat of every test file,
 * which a large repository feels), and where one had changed it is put back and the rerun made on
 * the originals. Failures that came back need no check: the verdict is judged with the originals anyway.
 */
export async function rerunForFlaky(deps: FixDeps, tally: Tally, before: TestResult): Promise<{ flipped: TestFailure[]; again?: TestResult }> {
  const { tests } = deps;
  let { flipped, again } = await rerunFailing(tests, tally, before);
  if (flipped.length) {
    const restored = await deps.restoreTestFiles();
    if (restored.length) {
      deps.progress?.({
        kind: 'note',
        text: `put back test files the test command had changed, to run the failing tests again on the originals: ${restored.join(', ')}`,
      });
      ({ flipped, again } = await rerunFailing(tests, tally, before));
    }
  }
  return { flipped, again };
}

/**
 * The verdict still needs a green run, but a flaky test that fails again is named as flaky,
 * never as something the fix broke.
 */
export function judgeWithFlaky(before: TestResult, after: TestResult, flaky: TestFailure[]): Verdict {
  if (!flaky.length) return judge(before, after);
  const ids = new Set(flaky.map((f) => f.id));
  const again = after.report.failures.filter((f) => ids.has(f.id));
  const verdict = judge(before, withoutTests(after, again));
  if (!again.length) return verdict;
  const failed = after.run.timedOut || after.run.exitCode !== 0;
  const reasons = [
    ...verdict.reasons.filter((r) => !(failed && /^the test command exited/.test(r))),
    `flaky test${again.length === 1 ? '' : 's'} failed again: ${names(again)}`,
  ];
  return { ...verdict, fixed: false, reasons };
}

/** The failing tests run once more: which of them passed, and the run itself where every one did. */
async function rerunFailing(tests: TestRunner, tally: Tally, before: TestResult): Promise<{ flipped: TestFailure[]; again?: TestResult }> {
  // Announce only what runs: where the runner cannot pick single tests, say the whole suite runs again, and why.
  const targetable = tests.canTarget?.(before.report.failures, before.report.format) ?? true;
  const again = await (
    targetable
      ? tally.count('targeted', 'the failing tests once more, to tell flaky ones from broken ones', () =>
          tests.targeted(before.report.failures, before.report.format),
        )
      : Promise.resolve(undefined)
  ).then(
    (r) =>
      r ??
      tally.count(
        'full',
        `the whole suite once more, to tell flaky tests from broken ones${targetable ? '' : ' (this test command cannot run single tests)'}`,
        () => tests.full(),
      ),
  );
  const flipped = flippedTests(before, again);
  return flipped.length === before.report.failures.length ? { flipped, again } : { flipped };
}

/** Failing tests of the first run that the rerun saw passing. */
function flippedTests(before: TestResult, again: TestResult): TestFailure[] {
  // A rerun that ran no test at all (a name filter that matched nothing) saw nothing pass.
  if (again.report.total === 0) return [];
  const failing = new Set(again.report.failures.map((f) => f.id));
  const passed = again.report.passed ? new Set(again.report.passed) : undefined;
  const clean = again.run.exitCode === 0 && !again.run.timedOut;
  return before.report.failures.filter((f) => !failing.has(f.id) && (passed?.has(f.id) || (clean && (!passed || isSynthetic(f, before.report.format)))));
}

export function withoutTests(result: TestResult, drop: TestFailure[]): TestResult {
  if (!drop.length) return result;
  const ids = new Set(drop.map((f) => f.id));
  return { ...result, report: { ...result.report, failures: result.report.failures.filter((f) => !ids.has(f.id)) } };
}

export function names(failures: TestFailure[]): string {
  const shown = failures.slice(0, 5).map((f) => f.id);
  return failures.length > 5 ? `${shown.join(', ')} and ${failures.length - 5} more` : shown.join(', ');
}
