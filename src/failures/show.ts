import { structuredPatch } from 'diff';

/**
 * An expected or actual value as people and the model read it. Readers unquote values ("abc"
 * rather than "'abc'"), which leaves an empty string as nothing at all: `expected: , got x`. An
 * empty value, or one whose edges are white space, keeps visible quotes.
 */
export function showValue(value: string): string {
  if (value === '' || /^\s|\s$/.test(value)) return `'${value.replace(/'/g, "\\'")}'`;
  return value;
}

const CONTEXT_LINES = 2;
const MAX_DIFF_LINES = 40;

/**
 * Two multi-line values (a snapshot, an object) as the lines that differ, `-` expected and `+`
 * actual, with a little context; undefined when both are one line. What matters is the change,
 * which a cut in the middle of two whole values would lose.
 */
export function showDifference(expected: string, actual: string): string | undefined {
  if (!expected.includes('\n') && !actual.includes('\n')) return undefined;
  const patch = structuredPatch('expected', 'actual', withNewline(expected), withNewline(actual), '', '', { context: CONTEXT_LINES });
  if (!patch.hunks.length) return undefined;
  const out: string[] = [];
  for (const [i, hunk] of patch.hunks.entries()) {
    if (i > 0 || hunk.oldStart > 1) out.push('…');
    out.push(...hunk.lines.filter((l) => !l.startsWith('\\')));
  }
  const shown = out.length > MAX_DIFF_LINES ? [...out.slice(0, MAX_DIFF_LINES), `… (${out.length - MAX_DIFF_LINES} more diff lines)`] : out;
  return shown.join('\n');
}

/** For one-line summaries: the first line where the two values differ (`expected Object {, got Object {` says nothing). */
export function firstDifferentLines(expected: string, actual: string): { expected: string; actual: string } {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { expected: (a[i] ?? '').trim(), actual: (b[i] ?? '').trim() };
  }
  return { expected: a[0] ?? '', actual: b[0] ?? '' };
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
