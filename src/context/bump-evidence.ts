import type { Bump } from '../workspace/bumps.js';

/** Identifiers the patch's added lines use (a word of three or more characters that is not a keyword). */
function addedNames(patch: string): Set<string> {
  const names = new Set<string>();
  for (const line of patch.split('\n')) {
    if (!line.startsWith('+') || line.startsWith('+++')) continue;
    for (const m of line.slice(1).matchAll(/[A-Za-z_$][\w$]{2,}/g)) names.add(m[0]);
  }
  return names;
}

const KEYWORDS = new Set(
  'const let var function return import export from require new class this await async default true false null undefined typeof'.split(' '),
);

/**
 * Each bump with the line of the first message's "Dependency changes" (the new version's
 * declarations and changelog entries) that names something the patch's added lines use and the
 * old code did not: what a reviewer checks the fix against in one look. The dependency part is
 * the first message's text from its heading on.
 */
export function bumpEvidence(bumps: Bump[], firstMessage: string, patch: string): { name: string; from: string; to: string; follows?: string }[] {
  const start = firstMessage.indexOf('## Dependency changes');
  const part = start < 0 ? '' : firstMessage.slice(start);
  const removed = new Set<string>();
  for (const line of patch.split('\n'))
    if (line.startsWith('-') && !line.startsWith('---')) for (const m of line.slice(1).matchAll(/[A-Za-z_$][\w$]{2,}/g)) removed.add(m[0]);
  const used = [...addedNames(patch)].filter((n) => !KEYWORDS.has(n) && !removed.has(n));
  const lines = part
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('```') && !l.startsWith('#') && !l.startsWith('- ') && !/^(Declarations of|This change bumps)/.test(l));
  return bumps.map((b) => {
    // The line naming most of what the patch uses; a class or function declaration before a namespace of the same name.
    const score = (l: string) =>
      used.filter((n) => new RegExp(`(?<![\\w$])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(l)).length +
      (/\b(?:class|function|def|fn|func|interface)\b/.test(l) ? 0.5 : 0);
    const best = lines.reduce<{ line?: string; score: number }>((top, l) => (score(l) >= 1 && score(l) > top.score ? { line: l, score: score(l) } : top), {
      score: 0,
    });
    const follows = best.line;
    return { name: b.name, from: b.from, to: b.to, ...(follows ? { follows: follows.slice(0, 200) } : {}) };
  });
}
