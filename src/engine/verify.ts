import { isSynthetic, type TestFailure } from '../failures/test-report.js';
import type { TestResult } from './types.js';
import { comparableWorkReasons } from './comparable.js';

export { isSynthetic };

export interface Verdict {
  fixed: boolean;
  /** Why not, one short line each. */
  reasons: string[];
  /** Originally failing ids now seen passing (or, where passing tests are not named, no longer failing). */
  nowPassing: string[];
  stillFailing: TestFailure[];
  newFailures: TestFailure[];
}

/**
 * README, "How a fix is found and checked": fixed only when the command exits 0, every test that failed at first is seen
 * passing by name where the output names passing tests (else no longer reported failing), and no
 * fewer tests ran than before where the output gives a count.
 */
export function judge(before: TestResult, after: TestResult): Verdict {
  const reasons: string[] = [];
  const afterFailing = new Set(after.report.failures.map((f) => f.id));
  const beforeIds = new Set(before.report.failures.map((f) => f.id));
  const passed = after.report.passed ? new Set(after.report.passed) : undefined;
  const nowPassing: string[] = [];
  const stillFailing: TestFailure[] = [];
  const unseen: string[] = [];
  for (const f of before.report.failures) {
    if (afterFailing.has(f.id)) {
      stillFailing.push(after.report.failures.find((a) => a.id === f.id)!);
    } else if (passed && !isSynthetic(f, before.report.format) && !passed.has(f.id)) {
      unseen.push(f.id);
    } else {
      nowPassing.push(f.id);
    }
  }
  const newFailures = after.report.failures.filter((f) => !beforeIds.has(f.id));

  if (after.run.timedOut) reasons.push('the test command timed out');
  else if (after.run.exitCode !== 0) reasons.push(`the test command exited with ${after.run.exitCode ?? after.run.signal}`);
  if (stillFailing.length) reasons.push(`${stillFailing.length} test${stillFailing.length === 1 ? '' : 's'} still fail${stillFailing.length === 1 ? 's' : ''}`);
  if (newFailures.length) reasons.push(`${newFailures.length} other test${newFailures.length === 1 ? '' : 's'} now fail${newFailures.length === 1 ? 's' : ''}`);
  if (unseen.length) reasons.push(`${unseen.length} test${unseen.length === 1 ? '' : 's'} that failed did not run (${unseen.slice(0, 3).join(', ')})`);
  const was = before.report.total;
  const now = after.report.total;
  if (was !== undefined) {
    if (now === undefined) reasons.push(`the output no longer says how many tests ran (${was} before)`);
    else if (now < was) reasons.push(`fewer tests ran: ${now} instead of ${was}`);
  }
  // When only a checker spoke before (tsc, a linter, a build: diagnostics, no test ran), a clean
  // exit 0 may look like anything: the checker goes quiet, or the tests it stood in front of run.
  const quietChecker =
    before.report.failures.length > 0 &&
    before.report.failures.every((f) => isSynthetic(f, before.report.format)) &&
    after.report.failures.length === 0 &&
    after.run.exitCode === 0;
  if (after.report.format !== before.report.format && before.report.format !== 'generic' && !quietChecker) {
    reasons.push(`the test output changed form (${before.report.format} → ${after.report.format})`);
  }
  reasons.push(...comparableWorkReasons(before, after));
  return { fixed: reasons.length === 0, reasons, nowPassing, stillFailing, newFailures };
}

/** For a targeted rerun: do the chosen tests still fail? Undefined when the run says nothing useful. */
export function targetedVerdict(targets: TestFailure[], result: TestResult): 'pass' | 'fail' | undefined {
  const format = result.report.format;
  const failing = new Set(result.report.failures.map((f) => f.id));
  if (targets.some((t) => failing.has(t.id))) return 'fail';
  const passed = result.report.passed ? new Set(result.report.passed) : undefined;
  const real = targets.filter((t) => !isSynthetic(t, format));
  if (result.run.exitCode === 0 && passed && real.length > 0 && real.every((t) => passed.has(t.id))) return 'pass';
  return undefined;
}
