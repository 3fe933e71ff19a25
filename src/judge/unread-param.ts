import { applyPatch, reversePatch, type StructuredPatch } from 'diff';
import { commentAbove } from '../context/symbols/reads.js';

/** A function's parameters and the lines of its body, in one version of a file. */
interface Fn {
  name: string;
  /** The signature's line, 1-based. */
  line: number;
  params: string[];
  body: string;
  /** The comment right above the signature (or a Python docstring below it). */
  doc: string;
}

/** Names that say "not read" by convention, or that every method has. */
const IGNORED = /^(?:_\w*|self|cls|this|ctx|context|t|b|args|kwargs|rest|options|opts)$/;

/**
 * A parameter the function read before the patch and no longer reads after it, though callers still
 * pass it: the function now answers every call as the tested one needed (`places` hard-wired to
 * two, `retries` and `delayMs` replaced by three nested tries): each with its function's name.
 */
export function unreadParameters(file: StructuredPatch, text: string | undefined): { name: string; param: string; line: number; why: string }[] {
  if (text === undefined || !/\.(?:[cm]?[jt]sx?|py|go|rs)$/.test(file.newFileName ?? '')) return [];
  // The text read may be the file before the patch or after it (a run reads the patched tree).
  const versions = bothVersions(file, text);
  if (!versions) return [];
  const [before, after] = versions;
  const python = /\.py$/.test(file.newFileName ?? '');
  // A name may be defined many times in a file (a nested `post` in each of twenty functions): the
  // k-th definition of a name before the patch is the k-th after it.
  const key = (fns: Fn[]) => {
    const seen = new Map<string, number>();
    return fns.map((f) => {
      const k = seen.get(f.name) ?? 0;
      seen.set(f.name, k + 1);
      return [`${f.name}#${k}`, f] as const;
    });
  };
  const olds = functions(before, python);
  const news = functions(after, python);
  const old = new Map(key(olds));
  // Only a file whose functions line up one to one is weighed: a function added, removed or renamed leaves the pairing in doubt.
  if (olds.map((f) => f.name).join('\n') !== news.map((f) => f.name).join('\n')) return [];
  const out: { name: string; param: string; line: number; why: string }[] = [];
  for (const [k, f] of key(news)) {
    const was = old.get(k);
    if (!was || was.params.join() !== f.params.join() || was.body === f.body) continue;
    for (const p of f.params) {
      if (IGNORED.test(p)) continue;
      // `obj.name` is another name; `...name` spreads the parameter itself.
      const word = new RegExp(`(?<![\\w$])(?<!(?<!\\.\\.)\\.)${p.replace(/\$/g, '\\$')}(?![\\w$])`);
      // Read before, or promised by the function's own comment: either way callers count on it.
      const read = word.test(was.body);
      if ((read || word.test(f.doc)) && !word.test(f.doc ? f.body.replace(f.doc, '') : f.body))
        out.push({ name: f.name, param: p, line: f.line, why: read ? 'which it read before the patch' : 'which its own comment says the result depends on' });
    }
  }
  return out;
}

const SIGNATURES = [
  // Python, JavaScript functions and methods, Go, Rust: the name, then the parameter list.
  /^\s*(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)/,
  /\bfunction\s*\*?\s*([\w$]+)\s*\(([^)]*)\)/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*=>/,
  /^\s*(?:static\s+|async\s+)*([\w$]+)\s*\(([^)]*)\)\s*\{/,
  /^func\s+(?:\([^)]*\)\s*)?(\w+)\s*\(([^)]*)\)/,
  /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+)*fn\s+(\w+)\s*(?:<[^>]*>)?\s*\(([^)]*)\)/,
];
const DOCSTRING = /^\s*(?:"""[\s\S]*?"""|'''[\s\S]*?''')/;
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function']);

/** The file's functions whose signature fits on one line: name, parameters, body text after the signature. */
function functions(text: string, python: boolean): Fn[] {
  const lines = text.split('\n');
  const out: Fn[] = [];
  lines.forEach((line, i) => {
    for (const sig of SIGNATURES) {
      const m = sig.exec(line);
      if (!m || KEYWORDS.has(m[1]!)) continue;
      const end = python ? indentEnd(lines, i) : braceEnd(lines, i);
      if (end === undefined) return;
      const body = [line.slice(m.index + m[0].length), ...lines.slice(i + 1, end + 1)].join('\n');
      const doc = python ? (DOCSTRING.exec(lines.slice(i + 1, end + 1).join('\n'))?.[0] ?? '') : lines.slice(commentAbove(lines, i + 1) - 1, i).join('\n');
      out.push({ name: m[1]!, line: i + 1, params: paramNames(m[2]!, /^func\s/.test(line)), body, doc });
      return;
    }
  });
  return out;
}

function paramNames(list: string, go: boolean): string[] {
  let depth = 0;
  return list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => {
      // A JavaScript options object (`{ retries = 3, delayMs }`) names its fields as parameters.
      const inside = depth > 0 || p.startsWith('{');
      depth += (p.match(/\{/g) ?? []).length - (p.match(/\}/g) ?? []).length;
      const piece = p.replace(/^\{\s*/, '');
      if (/^\[|^\.\.\.|^\*/.test(piece)) return [];
      const renamed = inside ? /^[\w$]+\s*:\s*([\w$]+)/.exec(piece)?.[1] : undefined;
      const name = renamed ?? (go ? piece.split(/\s+/)[0]! : piece.replace(/^(?:&?\s*mut\s+|&)/, '').split(/[\s:=?}]/)[0]!);
      return /^[A-Za-z_$][\w$]*$/.test(name) ? [name] : [];
    });
}

function braceEnd(lines: string[], from: number): number | undefined {
  let depth = 0;
  let opened = false;
  for (let i = from; i < lines.length; i++) {
    for (const ch of lines[i]!.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""')) {
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
  }
  return undefined;
}

function indentEnd(lines: string[], from: number): number {
  const indent = /^\s*/.exec(lines[from]!)![0].length;
  let end = from;
  for (let i = from + 1; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    if (/^\s*/.exec(lines[i]!)![0].length <= indent) break;
    end = i;
  }
  return end;
}

function bothVersions(file: StructuredPatch, text: string): [string, string] | undefined {
  try {
    const forward = applyPatch(text, file);
    if (forward !== false) return [text, forward];
    const back = applyPatch(text, reversePatch(file));
    return back === false ? undefined : [back, text];
  } catch {
    return undefined;
  }
}
