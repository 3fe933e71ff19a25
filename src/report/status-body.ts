import { costOf, formatCost, priceText, type Price } from '../model/cost.js';
import type { AttemptRecord, Outcome, Status } from '../engine/types.js';
import { judgementNotes } from '../engine/acceptance.js';
import { findingSummary } from '../judge/finding.js';
import { inert, inertCode } from './inert.js';

/** The status comment and the job summary's shared parts: what a maintainer reads on the PR. */

export const MARKER = '<!-- unbreak -->';
/** A PR carrying this label is left alone, whatever starts the run (the status comment's footer says so). */
export const SKIP_LABEL = 'unbreak-skip';
/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT = 65_000;

export type Delivery = 'commit' | 'suggestion' | 'comment' | 'summary' | 'pull-request' | 'none';

export interface DeliveryResult {
  delivery: Delivery;
  commitSha?: string;
  /** What happened, for people (e.g. "pushed 1a2b3c4", "the branch moved, so the patch is below"). */
  note: string;
  /** A link to where the fix is (review, comment), if any. */
  url?: string;
}

/** What the report needs to know beyond the outcome. */
export interface ReportContext {
  /** The workflow run's page, linked so people can read the log. */
  runUrl?: string;
  /** Workflows were dispatched on the fix (rerun-workflows), so the checks do rerun. */
  rerunsStarted?: boolean;
  /** Lines to add before the patch (e.g. the rerun links). */
  extra?: string[];
  /** Dollars per million input and output tokens (the price input): costs are shown when given. */
  price?: Price;
  /** The cost cap (max-cost), shown as spent / cap. */
  maxCost?: number;
  /** The status comment's footer: what unbreak is, how to ask again and how to keep it off the PR. */
  footer?: { label: string; command: string; docsUrl?: string };
}

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

export const DELIVERY_WORDS: Record<Delivery, string> = {
  commit: 'a commit pushed to the branch',
  suggestion: 'a review with suggestions',
  comment: 'the patch in a comment',
  summary: 'the patch in the job summary',
  'pull-request': 'a pull request from a new branch',
  none: 'nothing delivered',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const thousands = (n: number) => n.toLocaleString('en-US');

/** The workflow run's page from the runner's variables, when they are all there. */
export function runUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: id } = env;
  return server && repo && id ? `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${id}` : undefined;
}

/** An outcome for a run that stopped before the engine (a skip, a bad input, an API error). */
export function bareOutcome(status: Status, message: string): Outcome {
  return {
    status,
    message,
    attempts: [],
    changedFiles: [],
    failuresBefore: 0,
    failuresAfter: 0,
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
    patch: '',
    testRuns: 0,
    testMs: 0,
  };
}

/** The outcome's extra lines for people: written by unbreak, with any outside text in them made inert where they are made. */
export function notesOf(outcome: Outcome): string[] {
  const fix = outcome.status === 'fixed' ? outcome.attempts.at(-1) : undefined;
  // The accepted fix's judgement: what the special-casing check noted, and a fix the review could not confirm.
  const judged = fix ? judgementNotes(fix).map((n) => `${n.charAt(0).toUpperCase()}${inert(n.slice(1))}.`) : [];
  const unconfirmed =
    outcome.status === 'fixed' && outcome.unconfirmed
      ? [`**Not confirmed**: ${inert(outcome.unconfirmed)}, so the fix is not pushed; review it before you apply it.`]
      : [];
  return [...unconfirmed, ...(outcome.notes ?? []), ...judged];
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

/**
 * Token figures are the model server's reported usage (what a bill counts), in total and per
 * attempt. The loop's own per-request estimates are not shown, so the comment and the summary never
 * disagree. When some tokens were spent outside the attempts (the self-review, an attempt cut short
 * by the token budget), says which share, so the table's column adds up.
 */
export function tokensText(outcome: Outcome): string {
  const u = outcome.usage;
  const text = `${thousands(u.promptTokens)} prompt + ${thousands(u.completionTokens)} completion tokens`;
  const known = outcome.attempts.filter((a) => a.usage);
  if (!known.length) return text;
  const inAttempts = known.reduce((n, a) => n + a.usage!.promptTokens + a.usage!.completionTokens, 0);
  const total = u.promptTokens + u.completionTokens;
  if (inAttempts === total) return text;
  // The self-review's request is the run's, not an attempt's: name its share so the column adds up.
  const review = u.review ? u.review.promptTokens + u.review.completionTokens : 0;
  if (review && inAttempts + review === total) return `${text}, ${thousands(review)} of them the self-review's`;
  return `${text} (${thousands(inAttempts)} in the attempts)`;
}

/** What the run cost at the given price (of the cap, when there is one), with the price, or '' without one. */
export function costText(outcome: Outcome, price?: Price, cap?: number): string {
  if (!price) return '';
  const spent = formatCost(costOf(outcome.usage, price));
  return cap !== undefined ? `${spent} of the ${formatCost(cap)} cap, at ${priceText(price)}` : `${spent} at ${priceText(price)}`;
}

/** The run's requests; when some were outside the attempts (e.g. a review of the fix), says so, so the table's column adds up. */
export function requestsText(outcome: Outcome): string {
  const inAttempts = outcome.attempts.reduce((n, a) => n + a.requests, 0);
  const total = outcome.usage.requests;
  const reviews = outcome.usage.review?.requests ?? 0;
  if (reviews && inAttempts + reviews === total) return `${total} (${inAttempts} to fix, ${plural(reviews, 'self-review')})`;
  return outcome.attempts.length && inAttempts !== total ? `${total} (${inAttempts} in the attempts)` : String(total);
}

/** One line of figures; every number is counted the same way wherever it appears. */
export function figuresLine(outcome: Outcome, price?: Price, cap?: number): string {
  const u = outcome.usage;
  const parts = [
    `Tests failing: **${outcome.failuresBefore}** before → **${outcome.failuresAfter}** after`,
    `test runs: ${outcome.testRuns}`,
    `model requests: ${requestsText(outcome)}`,
  ];
  if (u.promptTokens || u.completionTokens) parts.push(`tokens: ${tokensText(outcome)} (as the model server reported them)`);
  if (price && (u.requests || cap !== undefined)) parts.push(`cost: ${costText(outcome, price, cap)}`);
  return parts.join(' · ');
}

/** The attempt's result, said once. */
export function resultCell(a: AttemptRecord): string {
  switch (a.result) {
    case 'fixed':
      return '✅ fixed';
    case 'no-edits':
      return 'no edit';
    case 'error':
      return `⚠️ error${a.note ? `: ${escapeCell(inert(a.note))}` : ''}`;
    case 'special-cased': {
      const f = a.specialCases?.[0];
      const what = f ? findingSummary(f) : '';
      return `🚫 tests pass, refused: special-cases them${f ? ` (${escapeCell(inertCode(`${f.file}:${f.line}`, 150))} ${what})` : ''}`;
    }
    case 'review-flagged':
      return `🔁 tests pass, sent back by the self-review${a.review?.reason ? `: ${escapeCell(inert(a.review.reason))}` : ''}`;
    default: {
      const n = a.failuresAfter;
      const head = n === undefined ? '❌ still failing' : `❌ ${n} still failing`;
      // The note often repeats the count; keep it only when it says something else (e.g. a new failure).
      const extra = a.note && !/still failing|no edit/i.test(a.note) ? `: ${escapeCell(inert(a.note))}` : '';
      return `${head}${extra}`;
    }
  }
}

/**
 * One row per attempt. Tokens are the server's reported usage for the attempt's requests (the same
 * source as the total); the cost column appears only with a price.
 */
export function attemptsTable(attempts: AttemptRecord[], price?: Price): string {
  if (!attempts.length) return '';
  const tokens = attempts.some((a) => a.usage);
  const rows = attempts.map((a) => {
    const edited = [...new Set(a.edits.filter((e) => e.ok).map((e) => e.path))];
    const refused = a.edits.filter((e) => !e.ok).length;
    const files = `${edited.map((f) => escapeCell(inertCode(f, 150))).join(', ') || '—'}${refused ? ` (${refused} refused)` : ''}`;
    const cells = [String(a.n), String(a.failing.length), files, String(a.requests)];
    // No-break spaces: the cell stays one line in a narrow column.
    if (tokens) cells.push(a.usage ? `${thousands(a.usage.promptTokens)}\u00a0+\u00a0${thousands(a.usage.completionTokens)}` : '—');
    if (tokens && price) cells.push(a.usage ? formatCost(costOf(a.usage, price)) : '—');
    return `| ${[...cells, resultCell(a)].join(' | ')} |`;
  });
  // Short headers keep the table inside the comment column; the figures line above spells them out.
  const head = ['attempt', 'failing', 'files edited', 'requests', ...(tokens ? ['tokens in + out'] : []), ...(tokens && price ? ['cost'] : []), 'result'];
  const align = head.map((h) => (h === 'files edited' || h === 'result' ? '---' : '---:'));
  return [`| ${head.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows].join('\n');
}

/** What a person can do next, by outcome; empty where nothing is needed. */
export function nextStep(outcome: Outcome, delivery?: DeliveryResult, ctx: ReportContext = {}): string {
  switch (outcome.status) {
    case 'fixed':
      if (delivery?.delivery === 'commit' && !ctx.rerunsStarted) {
        return "**Next step**: the PR's checks do not rerun on a push made with the job's token. Push any commit (or close and reopen the PR) to run them, or set the `rerun-workflows` input so unbreak starts them.";
      }
      if (delivery?.delivery === 'suggestion') return '**Next step**: review the suggestions and commit them from the review.';
      if (delivery?.delivery === 'comment' || delivery?.delivery === 'summary') return '**Next step**: apply the patch with `git apply` and push it.';
      return '';
    case 'not-fixed':
      if (outcome.mergedWith) {
        const base = inertCode(outcome.mergedWith);
        return `**Next step**: update the branch (merge or rebase on ${base}), so that what is fixed is what the PR's CI tests; then, if the tests fail, run unbreak again (add the label again or comment \`/unbreak\`).`;
      }
      // Without an attempt the model was never asked: the verdict says what to do.
      if (!outcome.attempts.length) return '';
      return [
        '**Next step**, any of:',
        '- run again with more attempts (the `max-attempts` input, up to 10);',
        '- comment `/unbreak <instructions>` to tell the model where to look or what the tests expect;',
        '- use a bigger model (the `model` input).',
      ].join('\n');
    case 'flaky':
      return '**Next step**: nothing to fix in the code this run saw; make the tests named above deterministic (time, order, network, randomness), then rerun the checks.';
    case 'error':
      return '**Next step**: fix the cause above, then run again (add the label again or comment `/unbreak`).';
    default:
      return '';
  }
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 200);
}

/** A fence longer than any run of backticks inside, so a patch that contains ``` stays one block. */
function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

/** The title of the list of tests that failed when the run began (on the merge, when only the merge failed). */
export function startTitle(outcome: Outcome): string {
  // Inside an HTML <summary>: the branch name as text.
  return outcome.mergedWith ? `Failing tests merged with ${inert(outcome.mergedWith, 'html')}` : 'Failing tests at the start';
}

export function failingList(outcome: Outcome, title: string, open = false): string {
  const failing = outcome.before?.failures ?? [];
  if (!failing.length) return '';
  const list = failing.slice(0, 10).map((f) => `- ${inertCode(f.id)}`);
  if (failing.length > 10) list.push(`- … and ${failing.length - 10} more`);
  return `<details${open ? ' open' : ''}><summary>${title}</summary>\n\n${list.join('\n')}\n\n</details>`;
}

function runLink(ctx: ReportContext): string {
  return ctx.runUrl ? `[The workflow run](${ctx.runUrl}) has the full log.` : '';
}

/** The body of the one status comment, kept under GitHub's size limit. */
export function statusBody(outcome: Outcome, delivery?: DeliveryResult, ctx: ReportContext = {}): string {
  const parts = [MARKER, verdictLine(outcome, delivery), detailOf(outcome), reviewLine(outcome), ...notesOf(outcome)];
  const ran = outcome.testRuns > 0 || outcome.usage.requests > 0;
  if (ran && outcome.status !== 'no-failures' && outcome.status !== 'skipped') parts.push(figuresLine(outcome, ctx.price, ctx.maxCost));
  if (outcome.status !== 'flaky' && outcome.flaky?.length) {
    parts.push(`Flaky, left out of the fix (failed, then passed when run again): ${outcome.flaky.map((id) => inertCode(id)).join(', ')}`);
  }
  if (outcome.status === 'flaky') parts.push(failingList(outcome, 'Tests that failed, then passed when run again', true));
  // Open where they are the news (nothing fixed); folded under a fix, which matters more.
  else if (outcome.status !== 'no-failures') parts.push(failingList(outcome, startTitle(outcome), outcome.status !== 'fixed'));
  parts.push(attemptsTable(outcome.attempts, ctx.price));
  if (outcome.status === 'not-fixed' || outcome.status === 'error') {
    const tried = outcome.attempts.map((a) => `- attempt ${a.n}: ${a.summary ? escapeCell(inert(a.summary)) : 'no summary'}`);
    if (tried.length) parts.push(`**What was tried**\n\n${tried.join('\n')}`);
    parts.push('The branch was left as it was.');
  }
  parts.push(nextStep(outcome, delivery, ctx), ...(ctx.extra ?? []), runLink(ctx));
  const head = parts.filter(Boolean).join('\n\n');
  const foot = footerText(ctx);
  const end = foot ? `\n\n${foot}` : '';
  if (outcome.patch) {
    const room = MAX_COMMENT - head.length - end.length - 200;
    const patch =
      outcome.patch.length > room
        ? `${outcome.patch.slice(0, Math.max(0, room))}\n… (patch cut to fit the comment; the full patch is in the job summary)`
        : outcome.patch;
    return `${head}\n\n<details><summary>The fix (${plural(outcome.changedFiles.length, 'file')})</summary>\n\n${fence(patch, 'diff')}\n\n</details>${end}`;
  }
  return `${head.slice(0, MAX_COMMENT - end.length)}${end}`;
}

/** One small line under the status comment for whoever meets unbreak on a PR for the first time. */
export function footerText(ctx: ReportContext): string {
  if (!ctx.footer) return '';
  const { label, command, docsUrl } = ctx.footer;
  const name = docsUrl && /^https:\/\/[^\s()<>]+$/.test(docsUrl) ? `[unbreak](${docsUrl})` : 'unbreak';
  const code = (t: string) => `\`${t.replace(/`/g, "'")}\``;
  return (
    `<sub>${name} runs this PR's failing tests, asks a model for a fix and delivers only a fix it has seen pass. ` +
    `Run it again: add the ${code(label)} label or comment ${code(command)}. Keep it off this PR: add the ${code(SKIP_LABEL)} label.</sub>`
  );
}

/** While the loop runs: a short line people can watch. */
export function progressBody(text: string, ctx: ReportContext = {}): string {
  return `${MARKER}\n⏳ **unbreak is working on this PR**: ${text}${ctx.runUrl ? ` ([watch the run](${ctx.runUrl}))` : ''}`;
}

export function patchComment(patch: string, why: string): string {
  const room = MAX_COMMENT - why.length - 200;
  const body = patch.length > room ? `${patch.slice(0, room)}\n… (cut; the full patch is in the job summary)` : patch;
  // `why` names the branch and quotes git's or GitHub's answer.
  return `${inert(why)}\n\n${fence(body, 'diff')}\n\nApply it with \`git apply\` (copy the block into a file first).`;
}

export { fence };
