import { describeFinding, weighFindings, type SpecialCaseFinding } from '../judge/finding.js';
import { findSpecialCasing } from '../judge/special-case.js';
import type { AttemptResult } from './attempt-record.js';
import { furtherCases } from './further-cases.js';
import type { Seen, Tally } from './run-state.js';
import type { Fixer, FixDeps, FixOptions, ReviewOutcome, TestResult } from './types.js';

/**
 * A green run is accepted by evidence: the special-casing check weighs the added lines. A
 * decisive finding (reading the test environment, changing the test machinery) refuses the patch;
 * so does a further case of the rule that fails on the patched code (further-cases.ts, part of the
 * second opinion, on with the review). Strong findings are put to the self-review, which decides
 * about them; weak ones are noted. With no strong finding, the review (when on) looks at the patch
 * in general. A review that gives no verdict in the asked form (twice) leaves the fix unconfirmed:
 * kept, but not committed. Cases that failed on an earlier attempt count as failing tests for the
 * check, so a later patch that answers their inputs is weighed as one that answers the tests'.
 */
export async function acceptance(
  deps: FixDeps,
  options: FixOptions,
  fixer: Fixer,
  target: TestResult,
  green: AttemptResult & { kind: 'full' },
  tally: Tally,
  seen: Seen,
): Promise<AttemptResult> {
  const patch = deps.workspace.patch();
  const cases = seen.cases && 'file' in seen.cases ? seen.cases.file : undefined;
  const failures = [...target.report.failures, ...(seen.counterexamples ?? [])];
  const readFile = (rel: string) => (cases && rel === cases.path ? cases.text : deps.readFile?.(rel));
  const isTestFile = (f: string) => f === cases?.path || deps.workspace.isTestFile(f);
  const findings = findSpecialCasing({ patch, failures, readFile, isTestFile });
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
  // After the review (so a model that answers in a fixed order meets the review where it expects it).
  const refuted = fixer.cases ? await counterexample(deps, fixer, tally, target, seen, green, review) : undefined;
  if (refuted) return refuted;
  if (review.verdict === 'unclear')
    return { ...green, ...noted, review, unconfirmed: `the self-review could not confirm it (${review.reason || 'no verdict'})` };
  return { ...green, ...noted, review };
}

/** Runs the further cases on the green patch: the refusal when one fails, else undefined (what they showed is said). */
async function counterexample(
  deps: FixDeps,
  fixer: Fixer,
  tally: Tally,
  target: TestResult,
  seen: Seen,
  green: AttemptResult & { kind: 'full' },
  review: ReviewOutcome,
): Promise<AttemptResult | undefined> {
  const evidence = await furtherCases(deps, fixer, tally, target, seen);
  if (evidence.kind === 'none') {
    deps.progress?.({ kind: 'note', text: `no further cases of the rule were run: ${evidence.why}` });
    return undefined;
  }
  if (evidence.kind === 'held') {
    deps.progress?.({ kind: 'note', text: `the further cases of the rule in ${evidence.file.path} pass on the patched code` });
    return undefined;
  }
  seen.counterexamples = [...(seen.counterexamples ?? []), ...evidence.failing.filter((f) => !seen.counterexamples?.some((c) => c.id === f.id))];
  return { kind: 'counterexample', result: green.result, verdict: green.verdict, review, failing: evidence.failing };
}

/** What people read about an accepted fix's judgement: weak findings noted, strong ones the review accepted. */
export function judgementNotes(result: { findings?: SpecialCaseFinding[]; review?: ReviewOutcome }): string[] {
  return (result.findings ?? []).slice(0, 6).map((f) => {
    if (f.strength === 'weak') return `special-casing check, noted only (weak evidence): ${describeFinding(f)}`;
    if (result.review?.verdict === 'ok') return `special-casing check, put to the self-review, which accepted it: ${describeFinding(f)}`;
    return `special-casing check, not decided by a review: ${describeFinding(f)}`;
  });
}
