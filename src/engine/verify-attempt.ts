import type { TestFailure } from '../failures/test-report.js';
import type { AttemptResult } from './attempt-record.js';
import { judgeWithFlaky } from './flaky.js';
import type { Tally } from './run-state.js';
import type { FixDeps, TestResult } from './types.js';
import { targetedVerdict } from './verify.js';

/**
 * Runs the tests after an attempt that changed the work tree: a quick look at the tests that
 * failed first, and the verdict always from a full run.
 */
export async function verifyAttempt(deps: FixDeps, tally: Tally, before: TestResult, current: TestResult, flaky: TestFailure[]): Promise<AttemptResult> {
  const targets = uniqueFailures([...before.report.failures, ...current.report.failures]);
  const quick =
    (deps.tests.canTarget?.(targets, before.report.format) ?? true)
      ? await tally.count('targeted', 'the failing tests, to check the edits', () => deps.tests.targeted(targets, before.report.format))
      : undefined;
  if (quick && targetedVerdict(targets, quick) === 'fail') return { kind: 'targeted', result: quick };

  let full = await tally.count('full', 'the whole suite, for the verdict', () => deps.tests.full());
  let verdict = judgeWithFlaky(before, full, flaky);
  if (verdict.fixed) {
    // The verdict must hold with the original tests: put back any test file that changed.
    const restored = await deps.restoreTestFiles();
    if (restored.length) {
      deps.progress?.({ kind: 'note', text: `restored original test files before the final run: ${restored.join(', ')}` });
      full = await tally.count('full', 'the whole suite again, with the original test files', () => deps.tests.full());
      verdict = judgeWithFlaky(before, full, flaky);
    }
  }
  return { kind: 'full', result: full, verdict };
}

function uniqueFailures(failures: TestFailure[]): TestFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => !seen.has(f.id) && seen.add(f.id));
}
