import { findingSummary, type SpecialCaseFinding } from '../judge/finding.js';
import { passedRun } from './feedback.js';
import type { AttemptOutcome, AttemptRecord, FixWorkspace, ReviewOutcome, TestResult, Usage } from './types.js';
import type { Verdict } from './verify.js';
import type { TestFailure } from '../failures/test-report.js';
import { counterexampleText } from './further-cases.js';

/** What one attempt came to, as far as the tests are concerned. */
export type AttemptResult =
  /** The work tree is as it was: nothing to run. */
  | { kind: 'no-edits' }
  /** A rerun of the failing tests says they still fail; the full suite was not run. */
  | { kind: 'targeted'; result: TestResult }
  /**
   * The whole suite ran; the verdict says whether it is fixed. When fixed: what the review said,
   * the strong and weak findings of the special-casing check (noted), and, when the review could
   * not confirm the fix, why (the fix is then kept but not committed).
   */
  | { kind: 'full'; result: TestResult; verdict: Verdict; review?: ReviewOutcome; findings?: SpecialCaseFinding[]; unconfirmed?: string }
  /** Green, but the patch detects the test runner or changes the test machinery (a decisive finding): refused. */
  | { kind: 'special-cased'; result: TestResult; verdict: Verdict; findings: SpecialCaseFinding[] }
  /** Green, but the self-review says the patch only treats the tests' symptoms (or the strong findings it was asked about): sent back. */
  | { kind: 'review-flagged'; result: TestResult; verdict: Verdict; review: ReviewOutcome; findings?: SpecialCaseFinding[] }
  /**
   * Green, but further cases of the rule fail on the patched code (further-cases.ts): sent back,
   * whatever the review (kept as it answered) said. Recorded as `review-flagged`, the second
   * opinion's refusal, with the cases that failed.
   */
  | { kind: 'counterexample'; result: TestResult; verdict: Verdict; review: ReviewOutcome; failing: TestFailure[] }
  /** The token budget ran out during the attempt. */
  | { kind: 'budget'; reason: string };

/** The usage the server reported between two readings of the fixer's running total. */
export function usageSince(before: Usage, now: Usage): Usage {
  return {
    promptTokens: now.promptTokens - before.promptTokens,
    completionTokens: now.completionTokens - before.completionTokens,
    requests: now.requests - before.requests,
    ...(now.retries !== undefined ? { retries: now.retries - (before.retries ?? 0) } : {}),
  };
}

export function attemptRecord(
  n: number,
  current: TestResult,
  workspace: FixWorkspace,
  editsBefore: number,
  outcome: AttemptOutcome,
  usage: Usage,
): AttemptRecord {
  return {
    n,
    failing: current.report.failures.map((f) => f.id),
    edits: workspace.edits.slice(editsBefore),
    filesChanged: workspace.changedFiles(),
    requests: outcome.requests,
    promptTokens: outcome.promptTokens,
    usage,
    summary: outcome.summary,
    result: 'still-failing',
    note: '',
    testRuns: 0,
    ...(outcome.modelMs !== undefined ? { modelMs: outcome.modelMs } : {}),
    ...(outcome.ended ? { ended: outcome.ended } : {}),
  };
}

/** Writes what the tests said into the attempt's record. */
export function note(record: AttemptRecord, result: AttemptResult, runs: number, ms: number): void {
  switch (result.kind) {
    case 'no-edits':
      record.result = 'no-edits';
      record.note = record.edits.length ? 'no edit applied' : 'the model made no edit';
      return;
    case 'targeted': {
      const failing = result.result.report.failures.length;
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: failing });
      record.note = `${failing} targeted test${failing === 1 ? '' : 's'} still failing`;
      return;
    }
    case 'special-cased': {
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: 0, result: 'special-cased', specialCases: result.findings });
      const [first] = result.findings;
      const more = result.findings.length > 1 ? ` (and ${result.findings.length - 1} more)` : '';
      const what = findingSummary(first!);
      record.note = `the tests pass, but the patch special-cases them: ${first!.file}:${first!.line} ${what}${more}`;
      return;
    }
    case 'review-flagged':
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: 0, result: 'review-flagged', review: result.review });
      if (result.findings) record.specialCases = result.findings;
      record.note = `the tests pass, but the self-review says the patch treats the symptom: ${result.review.reason}`;
      return;
    case 'counterexample':
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: 0, result: 'review-flagged', review: result.review });
      record.counterexamples = result.failing.map((f) => ({ name: f.name, message: f.message }));
      record.note = `the tests pass, but ${counterexampleText(result.failing)}`;
      return;
    case 'full':
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: result.result.report.failures.length });
      if (result.verdict.fixed) {
        record.result = 'fixed';
        record.note = `all ${result.result.report.total ?? ''} tests pass`.replace('  ', ' ');
        if (result.review) record.review = result.review;
        if (result.findings) record.specialCases = result.findings;
        if (result.unconfirmed) record.note += `; not confirmed: ${result.unconfirmed}`;
      } else {
        // A green run refused for another reason says so, and never that tests still fail.
        record.note = `${passedRun(result.result) ? 'the tests pass, but ' : ''}${result.verdict.reasons.join('; ')}`;
      }
      return;
    case 'budget':
      return;
  }
}
