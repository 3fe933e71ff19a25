import { diffArrays } from 'diff';

/**
 * Keeps an edited file's diff to what the fix changed: lines the edit touched only in trailing
 * white space go back to the file's own, the file keeps its final newline (or its lack of one),
 * and new lines take the file's line ending. A reviewer sees the fix, not churn around it.
 */
export function tidyEdit(original: string, edited: string): string {
  // A new file, or one the edit emptied, has nothing of its own to keep.
  if (original === edited || original === '' || edited === '') return edited;
  const eol = original.includes('\r\n') && !/(^|[^\r])\n/.test(original) ? '\r\n' : '\n';
  const before = splitLines(original);
  const after = splitLines(edited.replace(/\r?\n/g, eol === '\r\n' ? '\r\n' : '$&'));
  const out: string[] = [];
  let i = 0;
  let j = 0;
  for (const part of diffArrays(before.lines, after.lines, { comparator: (a, b) => a.trimEnd() === b.trimEnd() })) {
    const n = part.count ?? part.value.length;
    if (part.added) {
      out.push(...after.lines.slice(j, j + n));
      j += n;
    } else if (part.removed) {
      i += n;
    } else {
      out.push(...before.lines.slice(i, i + n));
      i += n;
      j += n;
    }
  }
  const text = out.join(eol);
  return before.finalNewline && text ? `${text}${eol}` : text;
}

function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  const finalNewline = /\r?\n$/.test(text);
  const body = finalNewline ? text.replace(/\r?\n$/, '') : text;
  return { lines: body === '' && !finalNewline ? [] : body.split(/\r?\n/), finalNewline };
}

/**
 * What a formatter changed, kept only where the fix changed the file: `edited` is the file after
 * the fix, `formatted` the formatter's output for it, `original` the file before the run. A block
 * the formatter rewrote is taken whole when it touches a line the fix changed, else left as it was,
 * so the diff never grows into reformatting code nobody touched.
 */
export function keepFormattingWithin(original: string, edited: string, formatted: string): string {
  if (edited === formatted) return edited;
  const eol = edited.includes('\r\n') ? '\r\n' : '\n';
  const before = splitLines(original).lines;
  const mid = splitLines(edited);
  const after = splitLines(formatted).lines;
  const changed = new Set<number>();
  let k = 0;
  for (const part of diffArrays(before, mid.lines)) {
    const n = part.count ?? part.value.length;
    if (part.added) for (let x = k; x < k + n; x++) changed.add(x);
    if (!part.removed) k += n;
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  let block: { from: number; to: number; added: string[] } | undefined;
  const flush = () => {
    if (!block) return;
    const { from, to, added } = block;
    const touches = to > from ? [...Array(to - from).keys()].some((d) => changed.has(from + d)) : changed.has(from - 1) || changed.has(from);
    out.push(...(touches ? added : mid.lines.slice(from, to)));
    block = undefined;
  };
  // Lines equal but for white space pair up one to one; only real rewrites make blocks.
  const bare = (l: string) => l.replace(/\s+/g, '');
  for (const part of diffArrays(mid.lines, after, { comparator: (a, b) => bare(a) === bare(b) })) {
    const n = part.count ?? part.value.length;
    if (part.removed) {
      block ??= { from: i, to: i, added: [] };
      block.to += n;
      i += n;
    } else if (part.added) {
      block ??= { from: i, to: i, added: [] };
      block.added.push(...after.slice(j, j + n));
      j += n;
    } else {
      flush();
      for (let d = 0; d < n; d++) out.push(changed.has(i + d) ? after[j + d]! : mid.lines[i + d]!);
      i += n;
      j += n;
    }
  }
  flush();
  const text = out.join(eol);
  return mid.finalNewline && text ? `${text}${eol}` : text;
}
