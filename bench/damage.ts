/**
 * How real models get edits slightly wrong. Each kind turns a clean edit (old and new lines copied
 * from the file) into what a model plausibly sends instead. The product's matcher is judged on
 * whether the damaged edit still lands exactly where and as the clean one would.
 */

export const DAMAGE_KINDS = ['whitespace', 'indent', 'tabs', 'crlf', 'stale-context', 'whole-function', 'line-numbers'] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

export interface LineEdit {
  /** First and last line (0-based, inclusive) of the file that old_text covers. */
  s: number;
  e: number;
  oldLines: string[];
  newLines: string[];
}

export interface DamageInput {
  kind: DamageKind;
  edit: LineEdit;
  /** The file's lines (LF), for context and line numbers. */
  lines: string[];
  /** The enclosing function's range (0-based, inclusive), clipped to what the model has seen. */
  functionRange?: [number, number];
  /** Builds the clean edit for a wider window (for whole-function and stale-context). */
  widen: (s: number, e: number) => LineEdit;
}

export interface Damaged {
  old_text: string;
  new_text: string;
  /** The clean edit the damaged one stands for (its window may be wider than the snippet's). */
  clean: LineEdit;
}

const indentOf = (l: string) => l.slice(0, l.length - l.trimStart().length);

function unitOf(lines: string[]): number {
  let smallest = Infinity;
  for (const l of lines) {
    const n = indentOf(l).replace(/\t/g, '    ').length;
    if (n > 0 && l.trim()) smallest = Math.min(smallest, n);
  }
  return Number.isFinite(smallest) ? Math.max(2, Math.min(smallest, 4)) : 4;
}

export function damage(input: DamageInput): Damaged {
  const { kind, lines } = input;
  let edit = input.edit;
  const join = (ls: string[]) => ls.join('\n');
  switch (kind) {
    case 'whitespace': {
      // Trailing blanks and a doubled space inside each line that has one.
      const drift = (l: string) => (l.trim() ? `${indentOf(l)}${l.trim().replace(' ', '  ')}  ` : l);
      return { old_text: join(edit.oldLines.map(drift)), new_text: join(edit.newLines.map(drift)), clean: edit };
    }
    case 'indent': {
      // Indentation drift: the snippet dedented to column 0, or pushed right when it already is there.
      const all = [...edit.oldLines, ...edit.newLines].filter((l) => l.trim());
      const common = Math.min(...all.map((l) => indentOf(l).length));
      const shift = (l: string) => (!l.trim() ? l : common > 0 ? l.slice(common) : `    ${l}`);
      return { old_text: join(edit.oldLines.map(shift)), new_text: join(edit.newLines.map(shift)), clean: edit };
    }
    case 'tabs': {
      // Spaces become tabs (or, in a tab-indented file, tabs become four spaces).
      const tabbed = lines.some((l) => l.startsWith('\t'));
      const unit = unitOf(lines);
      const swap = (l: string) => {
        const ind = indentOf(l);
        if (tabbed) return ind.replace(/\t/g, '    ') + l.trimStart();
        return '\t'.repeat(Math.floor(ind.length / unit)) + ' '.repeat(ind.length % unit) + l.trimStart();
      };
      return { old_text: join(edit.oldLines.map(swap)), new_text: join(edit.newLines.map(swap)), clean: edit };
    }
    case 'crlf':
      return { old_text: edit.oldLines.join('\r\n'), new_text: edit.newLines.join('\r\n'), clean: edit };
    case 'line-numbers': {
      const num = (ls: string[]) => ls.map((l, i) => `${edit.s + i + 1}: ${l}`).join('\n');
      return { old_text: num(edit.oldLines), new_text: num(edit.newLines), clean: edit };
    }
    case 'whole-function': {
      const [fs, fe] = input.functionRange ?? [edit.s, edit.e];
      edit = input.widen(Math.min(fs, edit.s), Math.max(fe, edit.e));
      return { old_text: join(edit.oldLines), new_text: join(edit.newLines), clean: edit };
    }
    case 'stale-context': {
      // One unchanged line of context as the model remembers it, not as it is now.
      let ctx = findContext(edit);
      if (ctx === undefined) {
        edit = edit.s > 0 ? input.widen(edit.s - 1, edit.e) : input.widen(edit.s, Math.min(lines.length - 1, edit.e + 1));
        ctx = findContext(edit);
      }
      if (ctx === undefined) return { old_text: join(edit.oldLines), new_text: join(edit.newLines), clean: edit };
      const { oldIndex, newIndex } = ctx;
      const stale = staleVersion(edit.oldLines[oldIndex]!);
      const oldLines = edit.oldLines.map((l, i) => (i === oldIndex ? stale : l));
      const newLines = edit.newLines.map((l, i) => (i === newIndex ? stale : l));
      return { old_text: join(oldLines), new_text: join(newLines), clean: edit };
    }
  }
}

/** An unchanged, non-blank line present at the same place in old and new (prefix or suffix). */
function findContext(edit: LineEdit): { oldIndex: number; newIndex: number } | undefined {
  const { oldLines, newLines } = edit;
  for (let i = 0; i < Math.min(oldLines.length, newLines.length) && oldLines[i] === newLines[i]; i++) {
    if (oldLines[i]!.trim().length > 1) return { oldIndex: i, newIndex: i };
  }
  for (let i = 1; i <= Math.min(oldLines.length, newLines.length) && oldLines.at(-i) === newLines.at(-i); i++) {
    if (oldLines.at(-i)!.trim().length > 1) return { oldIndex: oldLines.length - i, newIndex: newLines.length - i };
  }
  return undefined;
}

/** A plausible older version of a line: other quotes, another number, let for const, a lost semicolon. */
export function staleVersion(line: string): string {
  if (/'[^']*'/.test(line)) return line.replace(/'([^']*)'/, '"$1"');
  if (/"[^"]*"/.test(line)) return line.replace(/"([^"]*)"/, "'$1'");
  if (/\b\d+\b/.test(line)) return line.replace(/\b(\d+)\b/, (_m, d: string) => String(Number(d) + 1));
  if (/\bconst\b/.test(line)) return line.replace(/\bconst\b/, 'let');
  if (/\blet\b/.test(line)) return line.replace(/\blet\b/, 'const');
  if (/[;,]\s*$/.test(line)) return line.replace(/[;,](\s*)$/, '$1');
  const ident = /\b([A-Za-z_]\w{3,})\b/.exec(line);
  if (ident) return line.replace(ident[1]!, `${ident[1]}s`);
  return `${line} # was`;
}
