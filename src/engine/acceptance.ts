import { describeFinding, weighFindings, type SpecialCaseFinding } from '../judge/finding.js';
import { findSpecialCasing } from '../judge/special-case.js';
import type { AttemptResult } from './attempt-record.js';
import type { Fixer, FixDeps, FixOptions, ReviewOutcome, TestResult } from './types.js';

/**
 * A green run is accepted by evidence: the special-casing check weighs the added lines. A
 * decisive finding (reading the test environment, changing the test machinery) refuses the patch;
 * strong findings are put to the self-review, which decides about them; weak ones are noted. With
 * no strong finding, the review (when on) looks at the patch in general. A review that gives no
 * verdict in the asked form (twice) leaves the fix unconfirmed: kept, but not committed.
 */
export async function acceptance(
  deps: FixDeps,
  options: FixOptions,
  fixer: Fixer,
  target: TestResult,
  green: AttemptResult & { kind: 'full' },
): Promise<AttemptResult> {
  const patch = deps.workspace.patch();
  const failures = target.report.failures;
  const findings = findSpecialCasing({ patch, failures, readFile: deps.readFile ?? (() => undefined), isTestFile: (f) => deps.workspace.isTestFile(f) });
  const { decisive, strong } = weighFindings(findings);
  if (decisive.length) return { kind: 'special-cased', result: green.result, verdict: green.verdict, findings: decisive };
  const noted = findings.length ? { findings } : {};
  if (!options.review || !fixer.review) {
    if (!strong.length) return { ...green, ...noted };
    return {
      ...green,
      ...noted,
      unconfirmed: `the special-casing check found strong evidence (${describeFinding(strong[0]!)}) and no self-review ran to decide about it`,
    };
  }
  const about = strong.length ? ` about ${strong.length === 1 ? 'a finding' : `${strong.length} findings`} of the special-casing check` : '';
  deps.progress?.({ kind: 'phase', text: `asking the model to review the patch${about}` });
  const review = await fixer.review(
    patch,
    failures.map((f) => f.id),
    strong.map(describeFinding),
  );
  if (review.verdict === 'symptom')
    return { kind: 'review-flagged', result: green.result, verdict: green.verdict, review, ...(strong.length ? { findings: strong } : {}) };
  if (review.verdict === 'unclear')
    return { ...green, ...noted, review, unconfirmed: `the self-review could not confirm it (${review.reason || 'no verdict'})` };
  return { ...green, ...noted, review };
}

/** What people read about an accepted fix's judgement: weak findings noted, strong ones the review accepted. */
export function judgementNotes(result: { findings?: SpecialCaseFinding[]; review?: ReviewOutcome }): string[] {
  return (result.findings ?? []).slice(0, 6).map((f) => {
    if (f.strength === 'weak') return `special-casing check, noted only (weak evidence): ${describeFinding(f)}`;
    if (result.review?.verdict === 'ok') return `special-casing check, put to the self-review, which accepted it: ${describeFinding(f)}`;
    return `special-casing check, not decided by a review: ${describeFinding(f)}`;
  });
}
