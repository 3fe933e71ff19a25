import type { AttemptRecord, Outcome } from '../engine/types.js';
import { inert } from './inert.js';

/** The status comment and the job summary: what a maintainer reads on the PR. */

export const MARKER = '<!-- unbreak -->';
/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT = 65_000;

export type Delivery = 'commit' | 'suggestion' | 'comment' | 'summary' | 'none';

export interface DeliveryResult {
  delivery: Delivery;
  commitSha?: string;
  /** What happened, for people (e.g. "pushed 1a2b3c4", "the branch moved, so the patch is below"). */
  note: string;
  /** A link to where the fix is (review, comment), if any. */
  url?: string;
}

const ICON: Record<Outcome['status'], string> = { fixed: '✅', 'not-fixed': '❌', 'no-failures': '✅', flaky: '🎲', skipped: '⏭️', error: '⚠️' };

export function verdictLine(outcome: Outcome, delivery?: DeliveryResult): string {
  const n = outcome.failuresBefore;
  const tests = `${n} failing test${n === 1 ? '' : 's'}`;
  switch (outcome.status) {
    case 'fixed':
      return `${ICON.fixed} **unbreak fixed ${tests}** in ${outcome.attempts.length} attempt${outcome.attempts.length === 1 ? '' : 's'}${delivery ? ` — ${delivery.note}` : ''}`;
    case 'not-fixed':
      return `${ICON['not-fixed']} **unbreak could not fix ${tests}**: ${inert(outcome.message)}`;
    case 'no-failures':
      return `${ICON['no-failures']} **No failing tests** on the PR's head; nothing to fix.`;
    case 'flaky': {
      const flaky = outcome.flaky ?? [];
      return `${ICON.flaky} **Flaky, not broken**: ${flaky.length === 1 ? 'the failing test' : `all ${flaky.length} failing tests`} passed when run again, so nothing was asked or changed: ${flaky.map((id) => `\`${id.replace(/`/g, "'")}\``).join(', ')}`;
    }
    case 'skipped':
      return `${ICON.skipped} **unbreak skipped this run**: ${outcome.message}`;
    default:
      return `${ICON.error} **unbreak stopped with an error**: ${outcome.message}`;
  }
}

function attemptsTable(attempts: AttemptRecord[]): string {
  if (!attempts.length) return '';
  const rows = attempts.map((a) => {
    const edited = [...new Set(a.edits.filter((e) => e.ok).map((e) => e.path))];
    const refused = a.edits.filter((e) => !e.ok).length;
    const tokens = a.promptTokens.reduce((x, y) => x + y, 0);
    const result = a.result === 'fixed' ? '✅ fixed' : a.result === 'no-edits' ? '— no edit' : `❌ ${a.failuresAfter ?? '?'} failing`;
    return `| ${a.n} | ${a.failing.length} | ${edited.map((f) => `\`${f}\``).join(', ') || '—'}${refused ? ` (${refused} refused)` : ''} | ${tokens} | ${result}${a.note && a.result !== 'fixed' ? `: ${escapeCell(inert(a.note))}` : ''} |`;
  });
  return ['| attempt | failing at start | files edited | prompt tokens | result |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 200);
}

function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

/** The body of the one status comment, kept under GitHub's size limit. */
export function statusBody(outcome: Outcome, delivery?: DeliveryResult, extra: string[] = []): string {
  const parts = [MARKER, verdictLine(outcome, delivery)];
  if (outcome.status !== 'skipped' && outcome.status !== 'no-failures') {
    parts.push(`Tests failing: **${outcome.failuresBefore}** before → **${outcome.failuresAfter}** after · test runs: ${outcome.testRuns} · model requests: ${outcome.usage.requests} · tokens: ${outcome.usage.promptTokens + outcome.usage.completionTokens}`);
  }
  if (outcome.status !== 'flaky' && outcome.flaky?.length) {
    parts.push(`Flaky, left out of the fix (failed, then passed when run again): ${outcome.flaky.map((id) => `\`${id.replace(/`/g, "'")}\``).join(', ')}`);
  }
  const failing = outcome.before?.failures ?? [];
  if (failing.length && outcome.status !== 'no-failures') {
    const list = failing.slice(0, 10).map((f) => `- \`${f.id.replace(/`/g, "'")}\``);
    if (failing.length > 10) list.push(`- … and ${failing.length - 10} more`);
    parts.push(`<details><summary>Failing tests at the start</summary>\n\n${list.join('\n')}\n\n</details>`);
  }
  const table = attemptsTable(outcome.attempts);
  if (table) parts.push(table);
  if (outcome.status === 'not-fixed' || outcome.status === 'error') {
    const tried = outcome.attempts.map((a) => `- attempt ${a.n}: ${a.summary ? escapeCell(inert(a.summary)) : 'no summary'} → ${a.note ? inert(a.note) : a.result}`);
    if (tried.length) parts.push(`**What was tried**\n\n${tried.join('\n')}\n\nThe branch was left as it was.`);
  }
  parts.push(...extra);
  const head = parts.join('\n\n');
  if (outcome.patch) {
    const room = MAX_COMMENT - head.length - 200;
    const patch = outcome.patch.length > room ? `${outcome.patch.slice(0, Math.max(0, room))}\n… (patch cut to fit the comment; the full patch is in the job summary)` : outcome.patch;
    return `${head}\n\n<details><summary>The fix (${outcome.changedFiles.length} file${outcome.changedFiles.length === 1 ? '' : 's'})</summary>\n\n${fence(patch, 'diff')}\n\n</details>`;
  }
  return head.slice(0, MAX_COMMENT);
}

/** While the loop runs: a short line people can watch. */
export function progressBody(text: string): string {
  return `${MARKER}\n⏳ **unbreak is working on this PR**: ${text}`;
}

export function patchComment(patch: string, why: string): string {
  const room = MAX_COMMENT - why.length - 200;
  const body = patch.length > room ? `${patch.slice(0, room)}\n… (cut; the full patch is in the job summary)` : patch;
  return `${why}\n\n${fence(body, 'diff')}\n\nApply it with \`git apply\` (copy the block into a file first).`;
}

export { fence };
