import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceLocation } from './test-report.js';

/**
 * Finds `path:line[:col]` references in a stack or message and keeps those inside the repo,
 * outside node_modules, as repo-relative locations (deduplicated, in order of appearance).
 */
// A path is one whole run of path characters (the lookbehind keeps the match from restarting inside a run, and
// the extension is checked afterwards): nested quantifiers over the same run made this cubic on a long word.
const REF = /(?<![\w.@~+\-/\\])(file:\/\/[^\s():]+|(?:[A-Za-z]:)?[\w.@~+\-/\\]+)(?::|", line |\(|:line )(\d+)(?::(\d+))?/g;
const HAS_EXTENSION = /[\w-]\.[A-Za-z0-9]+$/;

export function findLocations(text: string, root: string): SourceLocation[] {
  const out: SourceLocation[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(REF)) {
    if (!m[1]!.startsWith('file://') && !HAS_EXTENSION.test(m[1]!)) continue;
    const file = toRepoPath(m[1]!, root);
    if (!file) continue;
    const line = Number(m[2]);
    if (!line) continue;
    const key = `${file}:${line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m[3] ? { file, line, column: Number(m[3]) } : { file, line });
  }
  return out;
}

/** Repo-relative forward-slash path for a reference, or undefined when it is outside the repo or a dependency. */
export function toRepoPath(ref: string, root: string): string | undefined {
  let p = ref;
  if (p.startsWith('file://')) {
    try {
      p = fileURLToPath(p);
    } catch {
      return undefined;
    }
  }
  // Old Node versions print their own frames as "internal/modules/...js"; Go repos have real internal/ folders.
  if (p.startsWith('node:') || (p.startsWith('internal/') && /\.[cm]?js$/.test(p))) return undefined;
  const abs = path.resolve(root, p);
  const rel = path.relative(root, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const posix = rel.split(path.sep).join('/');
  if (/(^|\/)(node_modules|\.git)\//.test(posix)) return undefined;
  // Rust and Go print paths from their own toolchains; those are never inside the repo root.
  return posix;
}

/** Drops runner-internal frames (node internals, node_modules) from a JS-style stack, keeps at most `max` lines. */
export function trimStack(stack: string, max = 12): string {
  const lines = stack.split('\n').filter((l) => {
    const t = l.trim();
    if (!t) return false;
    if (/^at /.test(t) && /(node:internal|node_modules|\(node:|internal\/)/.test(t)) return false;
    return true;
  });
  return lines.slice(0, max).join('\n');
}
