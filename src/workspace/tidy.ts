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
