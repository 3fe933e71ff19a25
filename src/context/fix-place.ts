import { parsePatch, type StructuredPatch } from 'diff';

const pathOf = (p: StructuredPatch): string => (p.newFileName && p.newFileName !== '/dev/null' ? p.newFileName : (p.oldFileName ?? '')).replace(/^[ab]\//, '');

/** Per file, the lines of the PR's head that the PR added (new-side numbers). */
function addedLines(prDiff: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const p of parsePatch(prDiff)) {
    const lines = new Set<number>();
    for (const h of p.hunks) {
      let n = h.newStart;
      for (const l of h.lines) {
        if (l.startsWith('+')) lines.add(n++);
        else if (l.startsWith(' ')) n++;
      }
    }
    out.set(pathOf(p), lines);
  }
  return out;
}

/** Whether the fix's hunk removes a line the PR added, or inserts right beside one. */
function touches(hunk: StructuredPatch['hunks'][number], added: Set<number>): boolean {
  let n = hunk.oldStart;
  for (const l of hunk.lines) {
    if (l.startsWith('-')) {
      if (added.has(n)) return true;
      n++;
    } else if (l.startsWith('+')) {
      if (added.has(n - 1) || added.has(n)) return true;
    } else if (l.startsWith(' ')) n++;
  }
  return false;
}

/**
 * Where the fix lies relative to the PR: in the lines it changes, or outside them (in files it
 * changes at other lines, or in files it does not touch, as when a PR adds only a failing test).
 * Undefined with no PR to compare with or no fix.
 */
export function fixPlace(prDiff: string, fixPatch: string): string | undefined {
  if (!prDiff.trim() || !fixPatch.trim()) return undefined;
  const pr = addedLines(prDiff);
  const inside: string[] = [];
  const outside: string[] = [];
  for (const p of parsePatch(fixPatch)) {
    if (!p.hunks.length) continue;
    const file = pathOf(p);
    const added = pr.get(file);
    if (added && p.hunks.some((h) => touches(h, added))) inside.push(`\`${file}\``);
    else outside.push(`\`${file}\` (${added ? 'a file the PR changes, at other lines' : 'a file the PR does not touch'})`);
  }
  if (!inside.length && !outside.length) return undefined;
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs[0]);
  if (!outside.length) return `Where the fix is: in the lines this PR changes (${list(inside)}).`;
  if (!inside.length) return `Where the fix is: outside the lines this PR changes, in ${list(outside)}.`;
  return `Where the fix is: in the lines this PR changes (${list(inside)}) and outside them, in ${list(outside)}.`;
}
