import { boundedReader } from './bounded.js';
import { failureId, type Reader, type SourceLocation, type TestFailure, type TestReport } from '../test-report.js';
import { findLocations, toRepoPath, trimStack } from '../locations.js';
import { clampLines, outputLines } from '../text.js';

/**
 * The last resort, for a failed run no test reader understood: compiler diagnostics
 * (tsc, mypy-style "file:line: error:", ESLint) become one failure each; anything else
 * becomes one failure named after the error that explains the run's failure.
 */

const TSC = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const TSC_PRETTY = /^(.+?):(\d+):(\d+) - error (TS\d+): (.*)$/;
const FILE_ERROR = /^([^\s:]+\.\w+):(\d+)(?::(\d+))?: (?:fatal )?error: (.*)$/;
const ESLINT_ROW = /^\s+(\d+):(\d+)\s+error\s+(.+?)(?:\s{2,}(\S+))?$/;
const MISSING_COMMAND = [
  /^(?:\/bin\/)?(?:sh|bash|dash|zsh)(?:: line \d+|: \d+)?: (?:line \d+: )?([^:\s]+): (?:command )?not found$/,
  /^(?:zsh|fish): command not found: (\S+)$/,
  /^make(?:\[\d+\])?: ([^:\s]+): (?:No such file or directory|Command not found)$/,
  /^'([^']+)' is not recognized as an internal or external command/,
  /^env: '?([^':]+)'?: No such file or directory$/,
];
const JS_ERROR = /^\s*(?:Uncaught )?((?:[A-Z]\w*)?(?:Error|Exception)(?: \[[A-Z_]+\])?): (.+)$/;
const NOISE = /^(npm (warn|notice)|npm WARN|\(node:\d+\) (Warning|ExperimentalWarning)|Node\.js v\d)/;

export const genericReader: Reader = boundedReader({
  name: 'generic',
  read({ output, root }) {
    const lines = outputLines(output);
    return diagnostics(lines, root) ?? single(lines, root);
  },
});

/** One failure per compiler/linter diagnostic, when the log has them. */
function diagnostics(lines: readonly string[], root: string): TestReport | undefined {
  const failures: TestFailure[] = [];
  const excerpt: string[] = [];
  const ids = new Map<string, number>();
  const add = (file: string | undefined, loc: SourceLocation | undefined, name: string, message: string) => {
    let id = failureId(file, name);
    const n = (ids.get(id) ?? 0) + 1;
    ids.set(id, n);
    if (n > 1) id = `${id} (${n})`;
    const failure: TestFailure = { id, name, message, locations: loc ? [loc] : [] };
    if (file) failure.file = file;
    failures.push(failure);
  };

  let eslintFile: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ts = TSC.exec(line) ?? TSC_PRETTY.exec(line);
    const other = ts ? undefined : FILE_ERROR.exec(line);
    if (ts || other) {
      const block = [line];
      // tsc elaborations and pretty code frames are indented under the error.
      while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!) && !TSC.test(lines[i + 1]!)) block.push(lines[++i]!);
      excerpt.push(...block);
      const [file, ln, col, text] = ts ? [ts[1]!, ts[2]!, ts[3]!, `${ts[4]}: ${ts[5]}`] : [other![1]!, other![2]!, other![3], other![4]!];
      const rel = toRepoPath(file, root) ?? file;
      const loc: SourceLocation = col ? { file: rel, line: Number(ln), column: Number(col) } : { file: rel, line: Number(ln) };
      const message = ts ? [`${ts[4]}: ${ts[5]}`, ...block.slice(1).map((l) => l.replace(/^ {2}/, ''))].join('\n') : line;
      add(rel, loc, text, clampLines(message, 20));
      continue;
    }
    // ESLint "stylish": a file path line, then "  3:5  error  message  rule" rows.
    if (/^(\/|[A-Za-z]:\\)\S+\.\w+$/.test(line.trim())) {
      eslintFile = toRepoPath(line.trim(), root);
      continue;
    }
    const row = eslintFile ? ESLINT_ROW.exec(line) : undefined;
    if (row && eslintFile) {
      excerpt.push(`${eslintFile}:${row[1]}:${row[2]}: ${row[3]}${row[4] ? ` (${row[4]})` : ''}`);
      const name = row[4] ? `${row[4]}: ${row[3]}` : row[3]!;
      add(eslintFile, { file: eslintFile, line: Number(row[1]), column: Number(row[2]) }, name, row[3]!);
      continue;
    }
    if (!line.trim()) eslintFile = undefined;
  }
  if (failures.length === 0) return undefined;
  return { format: 'generic', failures, excerpt: clampLines(excerpt.join('\n'), 80) };
}

/** One failure for the whole run, named after the most telling error in the log. */
function single(lines: readonly string[], root: string): TestReport {
  const found = pythonTraceback(lines, root) ?? jsError(lines, root) ?? missingCommand(lines, root) ?? errorLines(lines, root);
  if (found) {
    const failure: TestFailure = { id: found.name, name: found.name, message: found.message, locations: found.locations };
    if (found.stack) failure.stack = found.stack;
    return { format: 'generic', failures: [failure], excerpt: found.excerpt };
  }
  const tail = tailOf(lines, 40);
  const last =
    tail
      .split('\n')
      .filter((l) => l.trim())
      .pop() ?? '';
  return {
    format: 'generic',
    failures: [{ id: 'command failed', name: 'command failed', message: clampLines(tailOf(lines, 15), 15) || last, locations: findLocations(tail, root) }],
    excerpt: tail,
  };
}

interface Found {
  name: string;
  message: string;
  excerpt: string;
  stack?: string;
  locations: SourceLocation[];
}

function tailOf(lines: readonly string[], n: number): string {
  const kept = lines.filter((l) => !NOISE.test(l));
  while (kept.length && !kept[kept.length - 1]!.trim()) kept.pop();
  return kept.slice(-n).join('\n');
}

function short(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The last Python traceback: its final "Error: message" line names the failure. */
function pythonTraceback(lines: readonly string[], root: string): Found | undefined {
  const start = lines.map((l, i) => (/^\s*Traceback \(most recent call last\):$/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (start.length === 0) return undefined;
  // Chained exceptions print several tracebacks; the first one starts the excerpt, the last one ends it.
  let firstStart = start[0]!;
  const lastStart = start[start.length - 1]!;
  const indent = /^\s*/.exec(lines[lastStart]!)![0].length;
  let end = lastStart + 1;
  while (end < lines.length && (lines[end]!.length - lines[end]!.trimStart().length > indent || !lines[end]!.trim())) end++;
  // The exception line, possibly followed by a few more lines of message.
  const errorAt = end;
  if (errorAt >= lines.length) return undefined;
  let stop = errorAt + 1;
  while (stop < lines.length && lines[stop]!.trim() && !/^\S+(Error|Exception)\b/.test(lines[stop]!) && stop - errorAt < 5) stop++;
  if (lastStart - firstStart > 80) firstStart = lastStart;
  const excerptLines = lines.slice(firstStart, stop);
  const frames = lines.slice(lastStart, errorAt).join('\n');
  const locations = findLocations(frames, root).reverse();
  return {
    name: short(lines[errorAt]!),
    message: clampLines(lines.slice(errorAt, stop).join('\n').trim(), 20),
    excerpt: clampLines(excerptLines.join('\n'), 80),
    stack: clampLines(lines.slice(lastStart, stop).join('\n'), 60),
    locations,
  };
}

/** A Node crash: "TypeError: x" with its "at ..." stack and, above it, the "file:line" code frame. */
function jsError(lines: readonly string[], root: string): Found | undefined {
  let at = -1;
  for (let i = 0; i < lines.length; i++) {
    if (!JS_ERROR.test(lines[i]!)) continue;
    const next = lines.slice(i + 1, i + 6);
    // Prefer errors with a stack; remember the first one otherwise.
    if (next.some((l) => /^\s+at \S/.test(l))) {
      at = i;
      break;
    }
    if (at < 0) at = i;
  }
  if (at < 0) return undefined;
  let end = at + 1;
  while (end < lines.length && (/^\s+(at |\.\.\.)/.test(lines[end]!) || /^(Require stack:|- \S)/.test(lines[end]!))) end++;
  // Node prints `{ code: 'X', ... }` after the stack of errors with extra properties.
  if (/^\s*at .*\{$/.test(lines[end - 1] ?? '')) while (end < lines.length && !/^\}$/.test(lines[end - 1]!)) end++;
  let begin = at;
  // The code frame: "file:///x.mjs:8" / "/x.js:8", the code line, the caret, a blank line.
  for (let i = at - 1; i >= Math.max(0, at - 6); i--) {
    if (/^(file:\/\/|\/|[A-Za-z]:\\|node:)\S*:\d+$/.test(lines[i]!)) {
      begin = i;
      break;
    }
  }
  const stackText = lines.slice(at, end).join('\n');
  const frame = lines.slice(begin, at).join('\n');
  // Stack first: its frames carry columns, the code frame above repeats the top one without.
  const locations = findLocations(`${trimStack(stackText, 40)}\n${frame}`, root);
  const messageLines = [lines[at]!.trim()];
  const requireStack = lines.slice(at + 1, end).filter((l) => /^(Require stack:|- \S)/.test(l));
  messageLines.push(...requireStack);
  return {
    name: short(lines[at]!),
    message: clampLines(messageLines.join('\n'), 12),
    excerpt: clampLines(
      lines
        .slice(begin, Math.min(end + 1, lines.length))
        .join('\n')
        .trim(),
      60,
    ),
    stack: trimStack(stackText, 20),
    locations,
  };
}

function missingCommand(lines: readonly string[], root: string): Found | undefined {
  for (let i = 0; i < lines.length; i++) {
    for (const re of MISSING_COMMAND) {
      const m = re.exec(lines[i]!.trim());
      if (!m) continue;
      const context = lines.slice(Math.max(0, i - 3), i + 3).filter((l) => !NOISE.test(l));
      return {
        name: `command not found: ${m[1]}`,
        message: lines[i]!.trim(),
        excerpt: context.join('\n').trim(),
        locations: withMakeLocations(findLocations(context.join('\n'), root), context, root),
      };
    }
  }
  return undefined;
}

const ERROR_WORD = /\b(error|ERROR|Error|FATAL|fatal|failed|FAILED|panic|Exception|No such file or directory|not found)\b/;
const SECONDARY =
  /^(npm (error|ERR!)|make(\[\d+\])?: \*\*\*|error: (script|command|Recipe)|ELIFECYCLE|error Command failed|Error: Process completed with exit code|Process exited)/i;

/** Error-looking lines with a little context; the first specific one names the failure. */
function errorLines(lines: readonly string[], root: string): Found | undefined {
  const hits: number[] = [];
  lines.forEach((l, i) => {
    if (!NOISE.test(l) && ERROR_WORD.test(l)) hits.push(i);
  });
  if (hits.length === 0) return undefined;
  const primary = hits.find((i) => !SECONDARY.test(lines[i]!.trim())) ?? hits[0]!;
  const keep = new Set<number>();
  for (const i of hits.slice(0, 30)) for (let j = Math.max(0, i - 2); j <= Math.min(lines.length - 1, i + 2); j++) keep.add(j);
  const excerpt: string[] = [];
  let prev = -2;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (NOISE.test(lines[i]!)) continue;
    if (prev >= 0 && i > prev + 1) excerpt.push('…');
    excerpt.push(lines[i]!);
    prev = i;
  }
  const text = excerpt.join('\n');
  const locations = withMakeLocations(
    findLocations(text, root),
    hits.map((i) => lines[i]!),
    root,
  );
  const messageLines = hits.filter((i) => !SECONDARY.test(lines[i]!.trim())).map((i) => lines[i]!.trim());
  return {
    name: short(lines[primary]!),
    message: clampLines((messageLines.length ? messageLines : hits.map((i) => lines[i]!.trim())).join('\n'), 15),
    excerpt: clampLines(text, 80),
    locations,
  };
}

/** "make: *** [Makefile:3: test] Error 2": findLocations skips extension-less names like Makefile. */
function withMakeLocations(locations: SourceLocation[], lines: string[], root: string): SourceLocation[] {
  const out = [...locations];
  for (const line of lines) {
    const mk = /^make(?:\[\d+\])?: \*\*\* \[(\S*Makefile|\S*GNUmakefile|\S+\.mk):(\d+):/.exec(line.trim());
    const file = mk ? toRepoPath(mk[1]!, root) : undefined;
    if (mk && file && !out.some((l) => l.file === file && l.line === Number(mk[2]))) out.push({ file, line: Number(mk[2]) });
  }
  return out;
}
