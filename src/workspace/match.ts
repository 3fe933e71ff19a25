/**
 * Finds where the model's `old_text` is in a file, forgiving what models get wrong and people
 * would not care about: CRLF vs LF, indentation, trailing blanks, runs of spaces inside a line,
 * and the line numbers `read_file` put in front of each line.
 */

export type MatchHow = 'exact' | 'line-endings' | 'whitespace' | 'stale-context' | 'line-numbers';

/** `no-match`: found nowhere; `ambiguous`: found in several places; `unclear-indent`: found, but the new indentation is a guess. */
export type MatchFailure = 'no-match' | 'ambiguous' | 'unclear-indent';

export type MatchResult = { ok: true; content: string; how: MatchHow } | { ok: false; kind: MatchFailure; reason: string };

export function replaceOnce(content: string, oldText: string, newText: string): MatchResult {
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  const exact = replaceExact(content, oldText, newText);
  if (exact) return exact.ok ? { ...exact, how: 'exact' } : exact;

  const lf = (s: string) => s.replace(/\r\n/g, '\n');
  const toEol = (s: string) => (eol === '\r\n' ? lf(s).replace(/\n/g, '\r\n') : lf(s));
  if (toEol(oldText) !== oldText) {
    const converted = replaceExact(content, toEol(oldText), toEol(newText));
    if (converted) return converted.ok ? { ...converted, how: 'line-endings' } : converted;
  }

  const loose = replaceByLines(content, lf(oldText), lf(newText), eol);
  if (loose) return loose;

  const stripped = stripLineNumbers(lf(oldText));
  if (stripped !== undefined && stripped !== lf(oldText)) {
    const again = replaceOnce(content, stripped, stripLineNumbers(lf(newText)) ?? newText);
    if (again.ok) return { ...again, how: 'line-numbers' };
  }
  return { ok: false, kind: 'no-match', reason: 'old_text was not found in the file; read the file again and copy the lines exactly' };
}

function replaceExact(content: string, oldText: string, newText: string): MatchResult | undefined {
  const first = content.indexOf(oldText);
  if (first < 0) return undefined;
  const count = countOccurrences(content, oldText);
  if (count > 1) return { ok: false, kind: 'ambiguous', reason: `old_text matches ${count} places; include more surrounding lines so it matches exactly one` };
  return { ok: true, content: content.slice(0, first) + newText + content.slice(first + oldText.length), how: 'exact' };
}

function countOccurrences(content: string, needle: string): number {
  let count = 0;
  for (let i = content.indexOf(needle); i >= 0; i = content.indexOf(needle, i + 1)) count++;
  return count;
}

const norm = (line: string) => line.trim().replace(/\s+/g, ' ');

/**
 * Line-wise match ignoring indentation and spacing. Failing that, a match of two or more lines
 * where one line is stale (the file changed there since the model read it) and the edit
 * keeps that line as context. Lines the edit keeps come from the file as they are; changed lines
 * are re-indented to the file's indentation.
 */
function replaceByLines(content: string, oldText: string, newText: string, eol: string): MatchResult | undefined {
  const oldLines = trimBlankEdges(oldText.split('\n'));
  if (oldLines.length === 0) return undefined;
  const fileLines = content.split(eol);
  const want = oldLines.map(norm);
  const newRaw = trimBlankEdges(newText.split('\n'));
  const windows = (stale: boolean) => {
    const hits: { at: number; miss?: number }[] = [];
    for (let i = 0; i + want.length <= fileLines.length; i++) {
      const misses: number[] = [];
      for (let j = 0; j < want.length && misses.length <= (stale ? 1 : 0); j++) if (norm(fileLines[i + j]!) !== want[j]) misses.push(j);
      if (misses.length === 0) hits.push({ at: i });
      else if (stale && misses.length === 1) hits.push({ at: i, miss: misses[0]! });
    }
    return hits;
  };
  let hits = windows(false);
  let how: 'whitespace' | 'stale-context' = 'whitespace';
  if (hits.length === 0 && want.filter(Boolean).length >= 2) {
    const kept = new Set(newRaw.map(norm));
    hits = windows(true).filter((h) => h.miss !== undefined && want[h.miss] !== '' && kept.has(want[h.miss]!));
    how = 'stale-context';
  }
  if (hits.length === 0) return undefined;
  if (hits.length > 1) {
    const reason = `old_text matches ${hits.length} places (ignoring whitespace); include more surrounding lines so it matches exactly one`;
    return { ok: false, kind: 'ambiguous', reason };
  }
  const { at } = hits[0]!;
  // Anchor on the least indented line of old_text: the file's indentation there is the base.
  const nonBlank = oldLines.map((l, i) => [l, i] as const).filter(([l]) => l.trim());
  const columns = (line: string) => indentOf(line).replace(/\t/g, '    ').length;
  const [anchorLine, anchorIndex] = nonBlank.reduce((a, b) => (columns(b[0]) < columns(a[0]) ? b : a));
  const fileIndent = indentOf(fileLines[at + anchorIndex]!);
  const modelIndent = indentOf(anchorLine);
  const fileUnit = indentUnit(fileLines);
  const modelUnit = indentUnit([...oldLines, ...newRaw]);
  const width = (s: string) => s.replace(/\t/g, '    ').length;
  // A new line indented less than anything in old_text has no place in the file's structure
  // we can infer, unless old_text was flat (then the model just copied it without indentation).
  const flat = new Set(nonBlank.map(([l]) => width(indentOf(l)))).size === 1;
  if (!flat && newRaw.some((l) => l.trim() && width(indentOf(l)) < width(modelIndent))) {
    const reason =
      'old_text matches only when whitespace is ignored, and new_text is indented less than old_text, ' +
      'so the right indentation is unclear; copy old_text exactly from read_file';
    return { ok: false, kind: 'unclear-indent', reason };
  }
  // Lines the edit keeps (in order) are taken from the file, so their exact spacing survives.
  let next = 0;
  const newLines = newRaw.map((line) => {
    const key = norm(line);
    if (key) {
      for (let j = next; j < oldLines.length; j++) {
        if (want[j] === key) {
          next = j + 1;
          return fileLines[at + j]!;
        }
      }
    }
    return reindent(line, modelIndent, fileIndent, modelUnit, fileUnit);
  });
  const result = [...fileLines.slice(0, at), ...newLines, ...fileLines.slice(at + want.length)];
  return { ok: true, content: result.join(eol), how };
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}

const indentOf = (line: string) => line.slice(0, line.length - line.trimStart().length);

/** The indentation step of some lines: a tab, or the smallest run of leading spaces. */
function indentUnit(lines: string[]): string {
  if (lines.some((l) => l.startsWith('\t'))) return '\t';
  let smallest = Infinity;
  for (const l of lines) {
    const n = indentOf(l).length;
    if (n > 0 && l.trim()) smallest = Math.min(smallest, n);
  }
  return ' '.repeat(Number.isFinite(smallest) ? Math.min(smallest, 8) : 2);
}

/** Moves a line from the model's indentation to the file's: same relative depth, the file's characters. */
function reindent(line: string, modelBase: string, fileBase: string, modelUnit: string, fileUnit: string): string {
  if (!line.trim()) return '';
  const depth = (indent: string) =>
    modelUnit === '\t'
      ? indent.split('\t').length - 1 + Math.floor(indent.replace(/\t/g, '').length / 4)
      : indent.replace(/\t/g, ' '.repeat(modelUnit.length)).length / modelUnit.length;
  const extra = Math.max(0, Math.round(depth(indentOf(line)) - depth(modelBase)));
  return fileBase + fileUnit.repeat(extra) + line.trimStart();
}

/** When every non-blank line starts with a `read_file` line number ("12: "), the text without them. */
function stripLineNumbers(text: string): string | undefined {
  const lines = text.split('\n');
  const numbered = /^\s*\d+: ?/;
  if (!lines.filter((l) => l.trim()).every((l) => numbered.test(l))) return undefined;
  return lines.map((l) => l.replace(numbered, '')).join('\n');
}
