import { describeFailure, type TestFailure } from '../failures/test-report.js';
import { countTokens, truncateToTokens } from '../context/tokens.js';
import { sanitize } from '../context/redact.js';
import { stripAnsi } from '../failures/text.js';
import type { EditRecord } from '../workspace/workspace.js';
import { describeFinding, specialCaseFeedback } from '../judge/finding.js';
import type { AttemptResult } from './attempt-record.js';
import type { AttemptRecord, FixOptions, FixWorkspace, TestResult } from './types.js';
import type { Verdict } from './verify.js';

/**
 * What the model hears after an attempt that did not fix the tests: what changed, what still
 * fails and how (expected vs actual), what it broke, and which of its edits were refused.
 */
export function feedbackMessage(opts: {
  attempt: number;
  maxAttempts: number;
  result?: TestResult;
  verdict?: Verdict;
  stillFailing: TestFailure[];
  newFailures: TestFailure[];
  edits: EditRecord[];
  changedFiles: string[];
  budget: number;
  /**
   * How failures are fed back: `structured` (default) names each test with expected vs actual;
   * `raw` gives the end of the test log instead, the way a person would paste it.
   */
  style?: 'structured' | 'raw';
  /** Why a green run was not accepted (special-casing, the self-review): said instead of the tests' verdict. */
  refusal?: string;
  /** Files the repository's formatter changed after the model's edits (the model's copy of those lines is stale). */
  formatted?: string[];
  /** Why the attempt was ended before the model said it was done (it repeated a call, a cap), when it was. */
  ended?: string;
}): string {
  const { attempt, maxAttempts } = opts;
  const parts: string[] = [];
  const refused = opts.edits.filter((e) => !e.ok);
  if (!opts.result) {
    parts.push(`Attempt ${attempt} of ${maxAttempts} ended without a successful edit, so the tests were not run again.`);
  } else {
    const scope = opts.result.scope === 'targeted' ? 'the failing tests were run again' : 'the tests were run again';
    const edited = `After your edits (${opts.changedFiles.join(', ') || 'no file changed'}), ${scope}`;
    const nowPassing = opts.verdict?.nowPassing.length ? `Now passing: ${opts.verdict.nowPassing.slice(0, 10).join('; ')}.` : '';
    if (opts.refusal) {
      parts.push(`${edited}: the test command passed and no test failed, but this is not accepted as a fix (attempt ${attempt} of ${maxAttempts}).`);
      parts.push(opts.refusal);
    } else if (passedRun(opts.result)) {
      // Nothing fails: telling the model "still failing" would send it after code that is right.
      const why = opts.verdict?.reasons.length ? opts.verdict.reasons.join('; ') : 'the run could not be checked against the first one';
      const notYet = `but this is not accepted as a fix yet (attempt ${attempt} of ${maxAttempts}) because ${why}`;
      parts.push(`${edited}: the test command passed and no test failed, ${notYet}.`);
      if (nowPassing) parts.push(nowPassing);
      parts.push(
        'Every test that failed at first must run again and pass, and no test may be skipped or removed: ' +
          'check that your change does not stop tests from running or being found.',
      );
    } else {
      parts.push(`${edited}: they still do not pass (attempt ${attempt} of ${maxAttempts}).`);
      if (nowPassing) parts.push(nowPassing);
      if (opts.verdict?.reasons.length) parts.push(`Why it is not fixed yet: ${opts.verdict.reasons.join('; ')}.`);
    }
  }
  if (opts.ended) parts.push(`Your attempt was ended early: ${opts.ended}.`);
  if (opts.formatted?.length) {
    parts.push(`The repository's formatter reformatted the lines you changed in ${opts.formatted.join(', ')}: read them again before editing there.`);
  }
  if (refused.length) {
    parts.push(`Edits that did not apply:\n${refused.map((e) => `- ${e.path}: ${e.error}`).join('\n')}`);
  }
  const remaining = opts.budget - countTokens(parts.join('\n\n')) - 120;
  if (opts.style === 'raw' && opts.result && !opts.refusal) {
    parts.push(`Test output (end):\n\`\`\`\n${tailToTokens(sanitize(stripAnsi(opts.result.run.output).trim()), Math.max(100, remaining))}\n\`\`\``);
    parts.push('Your edits so far are kept. Look again at the cause, change the code (not the tests), and answer without a tool call when done.');
    return parts.join('\n\n');
  }
  const detail = (title: string, failures: TestFailure[], share: number) => {
    if (!failures.length || share < 60) return;
    const each = Math.max(80, Math.floor(share / Math.min(failures.length, 8)));
    const texts = failures.slice(0, 8).map((f) => truncateToTokens(describeFailure(f, sanitize), each, 'middle'));
    if (failures.length > 8) texts.push(`… and ${failures.length - 8} more.`);
    parts.push(`${title}\n\n${texts.join('\n\n')}`);
  };
  detail('Still failing:', opts.stillFailing, Math.floor(remaining * (opts.newFailures.length ? 0.6 : 1)));
  detail('Newly failing (your change broke these):', opts.newFailures, Math.floor(remaining * 0.4));
  if (!opts.stillFailing.length && !opts.newFailures.length && opts.result && !passedRun(opts.result)) {
    const tail = opts.result.run.output.trim().split('\n').slice(-40).join('\n');
    parts.push(`Test output (end):\n\`\`\`\n${truncateToTokens(tail, Math.max(100, remaining), 'middle')}\n\`\`\``);
  }
  parts.push('Your edits so far are kept. Look again at the cause, change the code (not the tests), and answer without a tool call when done.');
  return parts.join('\n\n');
}

/** The command exited 0 and named no failing test. */
export function passedRun(result: TestResult): boolean {
  return result.run.exitCode === 0 && !result.run.timedOut && result.report.failures.length === 0;
}

/** The last lines of a log that fit in `max` tokens. */
function tailToTokens(text: string, max: number): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let used = 20;
  for (let i = lines.length - 1; i >= 0; i--) {
    const cost = countTokens(lines[i]!) + 1;
    if (used + cost > max) break;
    used += cost;
    kept.unshift(lines[i]!);
  }
  return kept.length < lines.length ? [`… (${lines.length - kept.length} earlier lines cut)`, ...kept].join('\n') : kept.join('\n');
}

/** The one place the model's next message is made from what its attempt came to. */
export function feedbackFor(
  n: number,
  options: FixOptions,
  record: AttemptRecord,
  result: AttemptResult,
  current: TestResult,
  workspace: FixWorkspace,
): string {
  const common = {
    attempt: n,
    maxAttempts: options.maxAttempts,
    edits: record.edits,
    changedFiles: workspace.changedFiles(),
    budget: options.feedbackTokens,
    ...(options.feedback ? { style: options.feedback } : {}),
    ...(record.formatted ? { formatted: record.formatted } : {}),
    ...(record.ended ? { ended: record.ended } : {}),
  };
  if (result.kind === 'special-cased') {
    return feedbackMessage({ ...common, result: result.result, stillFailing: [], newFailures: [], refusal: specialCaseFeedback(result.findings) });
  }
  if (result.kind === 'counterexample') {
    const cases = result.failing.slice(0, 5).map((f) => `- ${f.name}: ${f.message.split('\n').slice(0, 4).join(' ').slice(0, 300)}`);
    const refusal = `The tests pass, but further cases of the same rule, written by a request that did not see your patch, fail on the patched code:\n${cases.join('\n')}\nFix the cause in general code that follows the rule for every input; do not answer particular inputs.`;
    return feedbackMessage({ ...common, result: result.result, stillFailing: [], newFailures: [], refusal });
  }
  if (result.kind === 'review-flagged') {
    const asked = result.findings?.length
      ? `\nIt was asked about what the special-casing check found:\n${result.findings.map((f) => `- ${describeFinding(f)}`).join('\n')}`
      : '';
    const refusal = `A review of your patch says it only satisfies these tests instead of fixing the cause: ${result.review.reason}${asked}\nFix the cause in general code that works for any input; do not detect tests or answer their particular inputs.`;
    return feedbackMessage({ ...common, result: result.result, stillFailing: [], newFailures: [], refusal });
  }
  if (result.kind === 'targeted') {
    return feedbackMessage({ ...common, result: result.result, stillFailing: result.result.report.failures, newFailures: [] });
  }
  if (result.kind === 'full') {
    const { verdict } = result;
    const stillFailing = verdict.stillFailing.length ? verdict.stillFailing : result.result.report.failures.filter((f) => !verdict.newFailures.includes(f));
    return feedbackMessage({ ...common, result: result.result, verdict, stillFailing, newFailures: verdict.newFailures });
  }
  return feedbackMessage({ ...common, stillFailing: current.report.failures, newFailures: [] });
}
