/** Small text helpers shared by the readers. */

// Covers CSI sequences (colors, cursor moves) and OSC sequences (hyperlinks).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function stripAnsi(text: string): string {
  // Most output has no escape at all: the same string back, not an 8 MB copy.
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/** Line breaks, control characters and bidi overrides: in a name they end a code span or a table row, or hide text. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** Text on one printable line: every run of line breaks and control characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, ' ');
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

/** Longest line a reader sees; longer ones are cut (the rest is never what names a test or explains a failure). */
export const MAX_LINE_CHARS = 2_000;
/** Longest run of blank lines kept; no output format says anything with more. */
const MAX_BLANK_RUN = 20;

let lastIn: string | undefined;
let lastOut: string | undefined;

let linesIn: string | undefined;
let linesOut: readonly string[] | undefined;

/**
 * The output's lines (`\r\n` and a lone `\r` end a line too), split once for all the readers that
 * try it in turn: each splitting 8 MB of output into its own 80,000 strings made V8 grow its young
 * generation by some 100 MB. Frozen, since every reader shares it.
 */
export function outputLines(text: string): readonly string[] {
  if (text !== linesIn) {
    linesOut = Object.freeze(text.replace(/\r\n?/g, '\n').split('\n'));
    linesIn = text;
  }
  return linesOut!;
}

/** Lets go of the text `boundLines` and `outputLines` remember (a whole run's output, its bound copy, its lines) once the readers are done with it. */
export function forgetBoundLines(): void {
  lastIn = undefined;
  lastOut = undefined;
  linesIn = undefined;
  linesOut = undefined;
}

/**
 * Makes output safe to parse in time linear in its size: lines are cut to MAX_LINE_CHARS, whitespace-only
 * lines become empty and long runs of them are shortened. Test output is written by the code under test, so
 * it can be shaped to stall a regex.
 */
export function boundLines(text: string): string {
  // readOutput hands the same text to every reader in turn: bound it once.
  if (text === lastIn || text === lastOut) return lastOut!;
  // Lines kept as they are go out as one slice per run of them, not one string each: a whole run's
  // output is ~80,000 lines, and a single whitespace-only line among them made every one a string
  // of its own (some 20 MB of heap for 8 MB of output). Joined, the parts give what joining every
  // bound line gives.
  const out: string[] = [];
  /** The run of lines kept as they are: from `runStart` (-1: none) to `runEnd`. */
  let runStart = -1;
  let runEnd = 0;
  const flush = () => {
    if (runStart >= 0) out.push(text.slice(runStart, runEnd));
    runStart = -1;
  };
  let blanks = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const lineStart = start;
    start = end + 1;
    const length = end - lineStart;
    if (length <= MAX_LINE_CHARS && (length === 0 || text.charCodeAt(end - 1) !== 13)) {
      // As it is, unless it is blank but not empty. `\s` is what trim() removes.
      const blank = length === 0 || (/\s/.test(text[lineStart]!) && /\s/.test(text[end - 1]!) && !/\S/.test(text.slice(lineStart, end)));
      if (!blank) {
        blanks = 0;
      } else if (++blanks > MAX_BLANK_RUN) {
        flush();
        continue;
      } else if (length > 0) {
        flush();
        out.push('');
        continue;
      }
      if (runStart < 0) runStart = lineStart;
      runEnd = end;
      continue;
    }
    flush();
    let line = length > MAX_LINE_CHARS ? `${text.slice(lineStart, lineStart + MAX_LINE_CHARS)}…` : text.slice(lineStart, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim()) {
      blanks = 0;
      out.push(line);
    } else if (++blanks <= MAX_BLANK_RUN) {
      out.push('');
    }
  }
  flush();
  lastIn = text;
  lastOut = out.length === 1 ? out[0]! : out.join('\n');
  return lastOut;
}
