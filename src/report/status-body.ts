import type { Outcome } from '../engine/types.js';
import { askAgain, missingTriggers } from './ask-again.js';
import { attemptsTable, whatWasTried } from './attempts-table.js';
import { failingList, startTitle } from './failing-list.js';
import { fence } from './fence.js';
import { figuresLine, plural } from './figures.js';
import { inert, inertCode } from './inert.js';
import { nextStep } from './next-step.js';
import type { DeliveryResult, ReportContext } from './report-context.js';
import { detailOf, notesOf, reviewLine, verdictLine } from './verdict.js';

export const MARKER = '<!-- unbreak -->';
/** A PR carrying this label is left alone, whatever starts the run (the status comment's footer says so). */
export const SKIP_LABEL = 'unbreak-skip';
/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT = 65_000;

function runLink(ctx: ReportContext): string {
  return ctx.runUrl ? `[The workflow run](${ctx.runUrl}) has the full log.` : '';
}

/** The body of the one status comment, kept under GitHub's size limit. */
export function statusBody(outcome: Outcome, delivery?: DeliveryResult, ctx: ReportContext = {}): string {
  const parts = [MARKER, verdictLine(outcome, delivery), detailOf(outcome), reviewLine(outcome), ...notesOf(outcome)];
  const ran = outcome.testRuns > 0 || outcome.usage.requests > 0;
  if (ran && outcome.status !== 'no-failures' && outcome.status !== 'skipped') parts.push(figuresLine(outcome, ctx.price, ctx.maxCost, ctx.model));
  if (outcome.status !== 'flaky' && outcome.flaky?.length) {
    parts.push(`Flaky, left out of the fix (failed, then passed when run again): ${outcome.flaky.map((id) => inertCode(id)).join(', ')}`);
  }
  if (outcome.status === 'flaky') parts.push(failingList(outcome, 'Tests that failed, then passed when run again', true));
  // Open where they are the news (nothing fixed); folded under a fix, which matters more.
  else if (outcome.status !== 'no-failures') parts.push(failingList(outcome, startTitle(outcome), outcome.status !== 'fixed'));
  parts.push(attemptsTable(outcome.attempts, ctx.price));
  if (outcome.status === 'not-fixed' || outcome.status === 'error') {
    parts.push(whatWasTried(outcome.attempts));
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
  const { docsUrl } = ctx.footer;
  const name = docsUrl && /^https:\/\/[^\s()<>]+$/.test(docsUrl) ? `[unbreak](${docsUrl})` : 'unbreak';
  const missing = missingTriggers(ctx.footer);
  const again = askAgain(ctx.footer).replace(' label again', ' label') + (missing ? ` (${missing})` : '');
  return (
    `<sub>${name} runs this PR's failing tests, asks a model for a fix and delivers only a fix it has seen pass. ` +
    `Run it again: ${again}. Keep it off this PR: add the \`${SKIP_LABEL}\` label.</sub>`
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
