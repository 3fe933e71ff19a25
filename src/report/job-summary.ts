import * as core from '@actions/core';
import { inert } from './inert.js';
import type { Outcome } from '../engine/types.js';
import { attemptsTable, whatWasTried } from './attempts-table.js';
import { costText, failingText, modelCode, requestsText, tokensText } from './figures.js';
import { notesOf, detailOf, reviewLine, STATUS_WORDS, verdictLine } from './verdict.js';
import { startTitle, failingList } from './failing-list.js';
import { DELIVERY_WORDS, type DeliveryResult, type ReportContext } from './report-context.js';
import { fence } from './fence.js';
import { nextStep } from './next-step.js';

/**
 * The job summary as Markdown: the verdict, the figures, what to do next, and the patch (always
 * whole here). Plain Markdown throughout: an HTML heading followed by Markdown without a blank line
 * would swallow it, and GitHub would show the `**` raw.
 */
export function summaryMarkdown(outcome: Outcome, delivery: DeliveryResult, prNumber?: number, ctx: ReportContext = {}): string {
  const parts = [
    `## unbreak${prNumber !== undefined ? ` on #${prNumber}` : ''}`,
    verdictLine(outcome, delivery),
    detailOf(outcome),
    reviewLine(outcome),
    ...notesOf(outcome),
  ];
  const rows: [string, string][] = [['Result', STATUS_WORDS[outcome.status]]];
  const ran = outcome.testRuns > 0 || outcome.usage.requests > 0;
  if (ran) {
    rows.push(
      ['Failing tests', failingText(outcome)],
      ['Attempts', String(outcome.attempts.length)],
      ['Test runs', `${outcome.testRuns} (${(outcome.testMs / 1000).toFixed(1)} s)`],
      ['Model requests', requestsText(outcome)],
    );
    if (ctx.model && outcome.usage.requests) rows.push(['Model', modelCode(ctx.model)]);
    if (outcome.usage.promptTokens || outcome.usage.completionTokens) rows.push(['Tokens (as the model server reported them)', tokensText(outcome)]);
    if (ctx.price && (outcome.usage.requests || ctx.maxCost !== undefined)) rows.push(['Cost', costText(outcome, ctx.price, ctx.maxCost)]);
  }
  rows.push([
    'Delivery',
    delivery.delivery === 'commit' && delivery.commitSha ? `${DELIVERY_WORDS.commit} (${delivery.commitSha.slice(0, 7)})` : DELIVERY_WORDS[delivery.delivery],
  ]);
  // A header that names the columns: an empty one shows as a blank band, and a figure in it (`Result | fixed`) reads as a heading.
  parts.push(['| | this run |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n'));
  if (outcome.status === 'flaky') parts.push(failingList(outcome, 'Tests that failed, then passed when run again', true));
  else if (outcome.status === 'not-fixed' || outcome.status === 'error') parts.push(failingList(outcome, startTitle(outcome), true));
  parts.push(attemptsTable(outcome.attempts, ctx.price));
  if (outcome.status === 'not-fixed' || outcome.status === 'error') parts.push(whatWasTried(outcome.attempts));
  if (outcome.status === 'skipped' && !ran) parts.push('Nothing ran: no tests, no model request, no change to the branch.');
  parts.push(nextStep(outcome, delivery, ctx), ...(ctx.extra ?? []));
  // Open: the summary is the run's record, with room for the whole patch (the comment folds it).
  if (outcome.patch)
    parts.push(`<details open><summary>The fix (${inert(outcome.changedFiles.join(', '), 'html')})</summary>\n\n${fence(outcome.patch, 'diff')}\n\n</details>`);
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/** Writes the summary where the runner reads it; a failure to write is a warning, never fatal. */
export async function writeJobSummary(
  outcome: Outcome,
  delivery: DeliveryResult,
  prNumber?: number,
  redact: (text: string) => string = (t) => t,
  ctx: ReportContext = {},
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary
      .emptyBuffer()
      .addRaw(redact(summaryMarkdown(outcome, delivery, prNumber, ctx)))
      .write();
  } catch (error) {
    core.warning(`could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
  }
}
