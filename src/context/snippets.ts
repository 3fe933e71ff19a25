/**
 * Cuts the code around a line: the enclosing function when it is found cheaply (braces or
 * indentation), else a window of lines. Lines come back numbered like `read_file` numbers them.
 */

const FUNC_START =
  /^\s*(?:export\s+)?(?:default\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:function\b|def\s|fn\s|func\s|class\s|impl\b|(?:const|let|var)\s+[\w$]+\s*=\s*(?:async\s*)?(?:\(|function|[\w$]+\s*=>)|(?:(?:public|private|protected|static|async|override|get|set)\s+)*[\w$]+\s*\([^)]*\)\s*(?::\s*[^{]+)?\{)/;

const MAX_BLOCK = 70;
const WINDOW = 10;

export interface Snippet {
  start: number;
  end: number;
  text: string;
}

const indentOf = (l: string) => l.length - l.trimStart().length;

export function snippetAround(content: string, line: number): Snippet | undefined {
  const lines = content.replace(/\r\n/g, '\n').split('\n');
  if (line < 1 || line > lines.length) return undefined;
  const target = line - 1;
  const block = enclosingBlock(lines, target);
  let [start, end] = block ?? [Math.max(0, target - WINDOW), Math.min(lines.length - 1, target + WINDOW)];
  if (end - start + 1 > MAX_BLOCK) {
    start = Math.max(start, target - Math.floor(MAX_BLOCK / 2));
    end = Math.min(end, start + MAX_BLOCK - 1);
  }
  const text = lines
    .slice(start, end + 1)
    .map((l, i) => `${start + i + 1}: ${l}`)
    .join('\n');
  return { start: start + 1, end: end + 1, text };
}

function enclosingBlock(lines: string[], target: number): [number, number] | undefined {
  const targetIndent = lines[target]!.trim() ? indentOf(lines[target]!) : Infinity;
  for (let i = target; i >= Math.max(0, target - 120); i--) {
    const l = lines[i]!;
    if (!FUNC_START.test(l)) continue;
    if (i !== target && indentOf(l) > targetIndent) continue;
    const end = blockEnd(lines, i);
    if (end >= target) return [i, end];
  }
  return undefined;
}

function blockEnd(lines: string[], start: number): number {
  const first = lines[start]!;
  if (/:\s*(#.*)?$/.test(first.trimEnd()) && !first.includes('{')) {
    // Python-style: the block ends before the next line indented no deeper than its header.
    const base = indentOf(first);
    let last = start;
    for (let i = start + 1; i < lines.length && i < start + 400; i++) {
      const l = lines[i]!;
      if (!l.trim()) continue;
      if (indentOf(l) <= base) break;
      last = i;
    }
    return last;
  }
  let depth = 0;
  let opened = false;
  for (let i = start; i < lines.length && i < start + 400; i++) {
    for (const ch of stripStrings(lines[i]!)) {
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
  }
  return opened ? Math.min(lines.length - 1, start + 400) : start;
}

/** Drops string literals and line comments so braces inside them are not counted. */
function stripStrings(line: string): string {
  return line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '').replace(/\/\/.*$/, '');
}
