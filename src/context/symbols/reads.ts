import { type Def, outline } from './outline.js';

export interface Range {
  file: string;
  start: number;
  end: number;
}

/** A declaration longer than this (a keyword table of hundreds of lines) is not shown for one name. */
const MAX_LINES = 60;
const MAX_COMMENT = 25;
const MAX_READS = 12;
/** An error value (`ErrEmpty = errors.New("…")`): the message is already in the failure, the declaration tells nothing more. */
const ERROR_VALUE = /\b(?:errors\.New|fmt\.Errorf|new\s+\w*Error)\(/;

/**
 * The top-level variables and constants that these ranges read (a regex a function tests, a table
 * it looks up, a constant a regex is built from), each with the comment above it: a fix often
 * lies there, in no function the calls lead to. Followed one step further, into what those
 * declarations read in turn; a Go variable declared without a value brings the `init` that sets it.
 */
export function bindingsRead(ranges: Range[], read: (file: string) => string | undefined): Range[] {
  const files = new Map<string, { lines: string[]; defs: Def[]; bindings: Def[] } | undefined>();
  const fileOf = (file: string) => {
    if (!files.has(file)) {
      const text = read(file);
      const o = text === undefined ? undefined : outline(file, text);
      files.set(file, o && text !== undefined ? { lines: text.split('\n'), defs: o.defs, bindings: o.bindings } : undefined);
    }
    return files.get(file);
  };
  const out: Range[] = [];
  const taken = new Set<string>();
  let todo = ranges;
  for (let step = 0; step < 2 && todo.length && out.length < MAX_READS; step++) {
    const next: Range[] = [];
    for (const r of todo) {
      const f = fileOf(r.file);
      if (!f) continue;
      const text = f.lines.slice(r.start - 1, r.end).join('\n');
      for (const b of f.bindings) {
        const key = `${r.file}:${b.start}`;
        if (taken.has(key) || (b.start >= r.start && b.end <= r.end) || !new RegExp(`(^|[^\\w$.])${escape(b.name)}(?![\\w$])`).test(text)) continue;
        const decl = f.lines.slice(b.start - 1, b.end).join('\n');
        // Imports bound to a name are the import block's business; a long table is no one line's answer.
        if (/\brequire\s*\(|\bimport\s*\(/.test(decl) || ERROR_VALUE.test(decl) || b.end - b.start >= MAX_LINES) continue;
        taken.add(key);
        const shown = { file: r.file, start: commentAbove(f.lines, b.start), end: b.end };
        out.push(shown);
        next.push(shown);
        if (r.file.endsWith('.go') && !decl.includes('=')) {
          const init = goInitSetting(f.lines, f.defs, b.name);
          if (init) {
            out.push({ file: r.file, ...init });
            next.push({ file: r.file, ...init });
          }
        }
        if (out.length >= MAX_READS) break;
      }
    }
    todo = next;
  }
  return out;
}

function escape(name: string): string {
  return name.replace(/\$/g, '\\$');
}

/** The first line of the comment block right above a declaration (one blank line between allowed), or the declaration's own line. */
export function commentAbove(lines: string[], start: number): number {
  const comment = /^\s*(\/\/|#(?!!)|\/\*|\*|"""|''')/;
  let from = start - 1;
  if (from >= 1 && !lines[from - 1]!.trim() && comment.test(lines[from - 2] ?? '')) from--;
  let at = start;
  while (from >= 1 && start - from <= MAX_COMMENT && comment.test(lines[from - 1] ?? '')) at = from--;
  return at;
}

/** The lines of Go's `init` that assign a package variable declared without a value: the statement and a few lines around it. */
function goInitSetting(lines: string[], defs: Def[], name: string): { start: number; end: number } | undefined {
  const assign = new RegExp(`(^|[^\\w.])${escape(name)}\\s*=[^=]`);
  for (const d of defs) {
    if (d.name !== 'init') continue;
    const at = lines.slice(d.start - 1, d.end).findIndex((l) => assign.test(l));
    if (at < 0) continue;
    const line = d.start + at;
    return { start: Math.max(d.start, line - 3), end: Math.min(d.end, line + 10) };
  }
  return undefined;
}
