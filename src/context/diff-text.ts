import { type Hunk, isLowValueFile, isVersionBump, parseDiff } from './hunks.js';
import { countTokens, fitsTokens } from './tokens.js';
import { keywords } from './keywords.js';

/**
 * The chosen hunks (in the order they were chosen, most likely first), a file's hunks together in
 * the file's order; then what was left out and why.
 */
export function renderHunks(chosen: Hunk[], covered: Hunk[], all: Hunk[]): string {
  const out: string[] = [];
  let last = '';
  const fileRank = new Map<string, number>();
  chosen.forEach((h, i) => fileRank.has(h.file) || fileRank.set(h.file, i));
  for (const h of [...chosen].sort((a, b) => fileRank.get(a.file)! - fileRank.get(b.file)! || a.order - b.order)) {
    if (h.file !== last) out.push(`diff --git a/${h.file} b/${h.file}`, `--- a/${h.file}`, `+++ b/${h.file}`);
    last = h.file;
    out.push(h.text);
  }
  const notes = (hs: Hunk[], what: (n: number) => string) => {
    if (!hs.length) return;
    const files = [...new Set(hs.map((h) => h.file))];
    out.push(`… ${what(hs.length)}, in ${files.slice(0, 8).join(', ')}${files.length > 8 ? ', …' : ''}`);
  };
  notes(covered, (n) => `${n} ${n === 1 ? 'hunk' : 'hunks'} adding only lines shown above`);
  const left = new Set([...chosen, ...covered]);
  notes(
    all.filter((h) => !left.has(h)),
    (n) => `${n} more ${n === 1 ? 'hunk' : 'hunks'} not shown`,
  );
  return out.join('\n');
}

/**
 * The branch's diff inside a budget, hunk by hunk: hunks in the files the failures lead to first,
 * then the other code, then tests; whatever does not fit is named, not silently cut.
 */
export function selectHunks(diff: string, budget: number, focus: Set<string>, isTestFile: (f: string) => boolean, words: Set<string> = new Set()): string {
  if (fitsTokens(diff, budget)) return diff;
  const hunks = parseDiff(diff);
  const rank = (h: Hunk) => (isLowValueFile(h.file) || isVersionBump(h) ? 3 : focus.has(h.file) ? 0 : isTestFile(h.file) ? 2 : 1);
  // Within a rank, the hunks that name what the failures name (functions, values) come first.
  const score = new Map(hunks.map((h) => [h, [...keywords(h.text)].filter((w) => words.has(w)).length]));
  const chosen: Hunk[] = [];
  let used = 0;
  for (const h of [...hunks].sort((a, b) => rank(a) - rank(b) || score.get(b)! - score.get(a)! || a.order - b.order)) {
    const cost = countTokens(h.text) + 12;
    if (used + cost > budget) continue;
    used += cost;
    chosen.push(h);
  }
  return renderHunks(chosen, [], hunks);
}
