import { costOf, formatCost, type Price } from '../model/cost.js';
import type { AttemptRecord } from '../engine/types.js';
import { findingSummary } from '../judge/finding.js';
import { counterexampleText } from '../engine/further-cases.js';
import { thousands } from './figures.js';
import { inert, inertCode } from './inert.js';

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
      if (a.counterexamples?.length) return `🔁 tests pass, sent back: ${escapeCell(inert(counterexampleText(a.counterexamples)))}`;
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

export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 200);
}

/** Each attempt's own account of what it tried: the comment and the summary say the same. */
export function whatWasTried(attempts: AttemptRecord[]): string {
  const tried = attempts.map((a) => `- attempt ${a.n}: ${a.summary ? escapeCell(inert(a.summary)) : 'no summary'}`);
  return tried.length ? `**What was tried**\n\n${tried.join('\n')}` : '';
}
