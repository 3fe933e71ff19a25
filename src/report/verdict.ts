import type { Outcome, Status } from '../engine/types.js';
import { judgementNotes } from '../engine/acceptance.js';
import { plural } from './figures.js';
import { inert, inertCode } from './inert.js';
import type { DeliveryResult } from './report-context.js';

const ICON: Record<Status, string> = { fixed: '✅', 'not-fixed': '❌', 'no-failures': '✅', flaky: '🔀', skipped: '⏭️', error: '⚠️' };

/** Status values as people say them (the outputs keep the contract's values). */
export const STATUS_WORDS: Record<Status, string> = {
  fixed: 'fixed',
  'not-fixed': 'not fixed',
  'no-failures': 'no failing tests',
  flaky: 'flaky: the failing tests passed on a rerun',
  skipped: 'skipped',
  error: 'stopped with an error',
};

/** The outcome's extra lines for people: written by unbreak, with any outside text in them made inert where they are made. */
export function notesOf(outcome: Outcome): string[] {
  const fix = outcome.status === 'fixed' ? outcome.attempts.at(-1) : undefined;
  // The accepted fix's judgement: what the special-casing check noted, and a fix the review could not confirm.
  const judged = fix ? judgementNotes(fix).map((n) => `${n.charAt(0).toUpperCase()}${inert(n.slice(1))}.`) : [];
  const unconfirmed =
    outcome.status === 'fixed' && outcome.unconfirmed
      ? [`**Not confirmed**: ${inert(outcome.unconfirmed)}, so the fix is not pushed; review it before you apply it.`]
      : [];
  // A bump PR: the fix keeps the new version, and the line of its declarations or changelog it follows is quoted for the reviewer.
  const bumps = (outcome.status === 'fixed' ? (outcome.bumps ?? []) : []).map(
    (b) =>
      `Dependency ${inertCode(b.name, 80)} ${inertCode(b.from, 40)} → ${inertCode(b.to, 40)}: the fix keeps the new version${b.follows ? ` and follows ${inertCode(b.follows, 200)}` : ''}.`,
  );
  return [...unconfirmed, ...(outcome.notes ?? []), ...bumps, ...judged];
}

/** For a fix of failures seen only merged with the base: where it was made and where it was checked. */
function mergedNote(outcome: Outcome): string {
  if (!outcome.mergedWith) return '';
  const base = inertCode(outcome.mergedWith);
  return `\n\nThe tests passed on the PR's head and failed only merged with ${base} (what the PR's CI tests). The fix was made on the merge commit and seen passing there and on the head.`;
}

/** The failing tests a fix is credited with: the flaky ones (left out of the fix) are not among them. */
export function fixedCount(outcome: Outcome): number {
  return Math.max(0, outcome.failuresBefore - (outcome.status === 'flaky' ? 0 : (outcome.flaky?.length ?? 0)));
}

/**
 * A headline stays a headline: a long message keeps its first clause there and the rest follows as
 * its own paragraph (`detailOf`).
 */
function headlineOf(message: string): string {
  const room = 200;
  if (message.length <= room) return message;
  // The longest run of whole clauses (ended by '; ' or '. ') that fits.
  let cut = -1;
  for (const m of message.matchAll(/[;.] /g)) if (m.index <= room) cut = m.index;
  // A cut that leaves only a few words says less than the whole message: keep it whole then.
  return cut >= 60 ? message.slice(0, cut) : message;
}

/** What a long message says after its headline, or ''. */
export function detailOf(outcome: Outcome): string {
  if (outcome.status !== 'not-fixed') return '';
  const head = headlineOf(outcome.message);
  const rest = outcome.message.slice(head.length).replace(/^;\s*/, '');
  return rest ? inert(rest.charAt(0).toUpperCase() + rest.slice(1)) + (/[.)]$/.test(rest) ? '' : '.') : '';
}

/** The self-review's verdict on the delivered fix, said where people read the verdict. */
export function reviewLine(outcome: Outcome): string {
  if (outcome.status !== 'fixed') return '';
  const review = outcome.attempts.findLast((a) => a.review)?.review;
  if (!review) return '';
  if (review.verdict === 'ok') return 'Self-review: the model, asked apart from the fix, says the patch fixes the cause, not just the tests.';
  if (review.verdict === 'unclear') return `Self-review: no clear answer (${inert(review.reason)}); the fix is kept, unreviewed.`;
  return '';
}

export function verdictLine(outcome: Outcome, delivery?: DeliveryResult): string {
  const tests = plural(outcome.failuresBefore, 'failing test');
  switch (outcome.status) {
    case 'fixed':
      return `${ICON.fixed} **unbreak fixed ${plural(fixedCount(outcome), 'failing test')}**${outcome.flaky?.length ? ` (${outcome.flaky.length} more ${outcome.flaky.length === 1 ? 'was' : 'were'} flaky)` : ''} in ${plural(outcome.attempts.length, 'attempt')}${delivery && delivery.delivery !== 'none' ? `: ${inert(delivery.note)}` : ''}${mergedNote(outcome)}`;
    case 'not-fixed':
      return `${ICON['not-fixed']} **unbreak could not fix ${tests}**: ${inert(headlineOf(outcome.message))}`;
    case 'no-failures':
      return `${ICON['no-failures']} **No failing tests** on the PR's head; nothing to fix.`;
    case 'flaky':
      return `${ICON.flaky} **The failing tests passed when run again**: they are flaky, not broken; no model request, no change.`;
    case 'skipped':
      return `${ICON.skipped} **unbreak skipped this run**: ${inert(outcome.message)}`;
    default:
      // Error messages quote what failed: a line of test or setup output, a server's answer.
      return `${ICON.error} **unbreak stopped with an error**: ${inert(outcome.message)}`;
  }
}
