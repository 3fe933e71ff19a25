/** Small text helpers shared by the readers. */

// Covers CSI sequences (colors, cursor moves) and OSC sequences (hyperlinks).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Removes the common leading indentation of the non-blank lines. */
export function dedent(text: string): string {
  const lines = text.split('\n');
  let min = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    min = Math.min(min, line.length - line.trimStart().length);
  }
  if (!Number.isFinite(min) || min === 0) return text;
  return lines.map((l) => l.slice(min)).join('\n');
}

/** Keeps at most `max` lines, saying how many were dropped. */
export function clampLines(text: string, max: number): string {
  const lines = text.split('\n');
  if (lines.length <= max) return text;
  return [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join('\n');
}
