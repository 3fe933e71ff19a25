/**
 * Vitest's default and verbose reporters (v3 to v5): a per-file list (`✓ test/a.test.ts (7 tests) 8ms`, with the
 * tests of failing files, as a tree or as `suite > test` lines), ` FAIL  file > suite > test` blocks, and the
 * ` Test Files  1 failed | 1 passed (2)` / `      Tests  2 failed | 5 passed (7)` summary.
 */
import { boundedReader } from './bounded.js';
import { toRepoPath } from '../locations.js';
import type { Reader, TestReport } from '../test-report.js';
import { foldEvents, type TestEvent } from '../events.js';
import { diffSides, indentOf, makeFailure, splitLines, stripDuration, tidyMessage } from './js-common.js';

const FILES_SUMMARY = /^[ \t]*Test Files[ \t]+.*\(\d+\)[ \t]*$/m;
const TESTS_SUMMARY = /^[ \t]*Tests[ \t]+(.*)\(\d+\)[ \t]*$/m;
const TREE = /^(\s*)([✓×❯↓√✗]) (.+)$/;
const FILE_LINE = /^(.+?)\s+\(\d+ tests?(?: \| [^)]*)?\)(?: \d+(?:\.\d+)?\s?m?s)?(?: \[[^\]]*\])?$/;
const FAIL_HEADER = /^\s*FAIL\s+(.+?)\s*$/;
const SEPARATOR = /^\s*⎯{3,}/;
const STACK = /^\s*❯ (.+)$/;
const CODE_FRAME = /^\s*\d+\s*\|(?: |$)|^\s+\|/;
const BOX = /^\s*(?:\d+\s*)?[│╭╰─┬]/;

export const vitestReader: Reader = boundedReader({
  name: 'vitest',
  read({ output, root }) {
    const summarized = FILES_SUMMARY.test(output) && TESTS_SUMMARY.test(output);
    const started = /^[ \t]*RUN[ \t]+v\d+\.\d+/m.test(output) && /^ FAIL {2}\S/m.test(output);
    if (!summarized && !started) return undefined;

    const lines = splitLines(output);
    const events: TestEvent[] = [];
    let sawTests = false;
    let file: string | undefined;
    let suites: { indent: number; name: string }[] = [];
    // Headers under `⎯ Failed Suites N ⎯` name a suite (or file) that failed by itself: a hook, an import.
    let inSuites = false;

    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const section = /^\s*⎯+ Failed (Suites|Tests) \d+ ⎯+\s*$/.exec(line);
      if (section) inSuites = section[1] === 'Suites';

      if (FAIL_HEADER.test(line)) {
        // One or more headers sharing one error block, up to the next separator.
        const targets: string[] = [];
        let j = i;
        while (j < lines.length && FAIL_HEADER.test(lines[j]!)) targets.push(FAIL_HEADER.exec(lines[j++]!)![1]!);
        const body: string[] = [];
        for (; j < lines.length; j++) {
          const next = lines[j]!;
          if (SEPARATOR.test(next) || FAIL_HEADER.test(next) || FILES_SUMMARY.test(next)) break;
          body.push(next);
        }
        i = j - 1;
        for (const target of targets) events.push(readBlock(target, body, root, inSuites));
        continue;
      }

      const unhandled = /^\s*⎯+ (Unhandled (?:Error|Rejection)|Uncaught Exception) ⎯+\s*$/.exec(line);
      if (unhandled) {
        const body: string[] = [];
        let j = i + 1;
        for (; j < lines.length && !SEPARATOR.test(lines[j]!) && !FILES_SUMMARY.test(lines[j]!); j++) body.push(lines[j]!);
        i = j - 1;
        events.push(readUnhandled(body, root));
        continue;
      }

      const tree = TREE.exec(line);
      if (!tree) continue;
      const indent = tree[1]!.length;
      const mark = tree[2]!;
      const text = tree[3]!;
      const fileLine = FILE_LINE.exec(text);
      if (fileLine && indent <= 1) {
        file = repoPath(fileLine[1]!, root);
        suites = [];
        continue;
      }
      if (indent <= 1 && / > /.test(text)) {
        // verbose: `✓ test/a.test.ts > suite > test 3ms`
        const [first, ...rest] = stripDuration(text).split(' > ');
        if (rest.length && /\.[cm]?[jt]sx?$/.test(first!)) {
          sawTests = true;
          if (mark === '✓' || mark === '√') events.push(passing(repoPath(first!, root), rest));
        }
        continue;
      }
      if (file === undefined || indent <= 1) continue;
      suites = suites.filter((s) => s.indent < indent);
      if (isParent(lines, i, indent)) {
        suites.push({ indent, name: stripDuration(text).replace(/ \(\d+\)$/, '') });
        continue;
      }
      sawTests = true;
      if (mark === '✓' || mark === '√') events.push(passing(file, [...suites.map((s) => s.name), stripDuration(text)]));
    }

    const folded = foldEvents(events);
    const report: TestReport = { format: 'vitest', failures: folded.failures };
    const counts = TESTS_SUMMARY.exec(output);
    if (counts) {
      const failed = Number(/(\d+) failed/.exec(counts[1]!)?.[1] ?? 0);
      const ok = Number(/(\d+) passed/.exec(counts[1]!)?.[1] ?? 0);
      report.total = failed + ok;
    }
    if (sawTests) report.passed = folded.passed;
    return report;
  },
});

function repoPath(ref: string, root: string): string {
  return toRepoPath(ref, root) ?? ref;
}

/** A tree line is a suite when the next tree line (skipping `→ message` lines) is indented deeper. */
function isParent(lines: readonly string[], at: number, indent: number): boolean {
  for (let k = at + 1; k < lines.length; k++) {
    const next = lines[k]!;
    if (!next.trim()) return false;
    if (/^\s*→ /.test(next)) continue;
    return TREE.test(next) && indentOf(next) > indent;
  }
  return false;
}

function passing(file: string, path: string[]): TestEvent {
  return { kind: 'case', suites: path.slice(0, -1), name: path[path.length - 1]!, result: 'pass', file };
}

function readBlock(target: string, body: string[], root: string, inSuites: boolean): TestEvent {
  const cleaned = target.replace(/^\|[^|]+\|\s+/, '');
  let file: string | undefined;
  let path: string[] | undefined;
  const suite = /^(\S+) \[ (.+) \]$/.exec(cleaned);
  if (suite) {
    file = repoPath(suite[1]!, root);
  } else {
    const [first, ...rest] = cleaned.split(' > ');
    file = repoPath(first!, root);
    if (rest.length) path = rest;
  }

  const messageLines: string[] = [];
  const stack: string[] = [];
  let diff: string[] | undefined;
  let k = 0;
  for (; k < body.length; k++) {
    const l = body[k]!;
    if (STACK.test(l) || CODE_FRAME.test(l)) break;
    if (/^- Expected\s*$/.test(l) && /^\+ Received\s*$/.test(body[k + 1] ?? '')) {
      diff = [];
      k += 2;
      while (k < body.length && !body[k]!.trim()) k++;
      for (; k < body.length && body[k]!.trim(); k++) diff.push(body[k]!);
      k--;
      continue;
    }
    if (BOX.test(l) && !/╭─\[/.test(l)) continue;
    messageLines.push(l);
  }
  for (; k < body.length; k++) {
    const l = body[k]!;
    const frame = STACK.exec(l);
    if (frame) stack.push(`    at ${frameText(frame[1]!)}`);
    else if (/^Caused by: /.test(l)) stack.push(l.trim());
  }

  const message = tidyMessage(messageLines);
  const sides = diff ? diffSides(diff, '-') : undefined;
  const failure = makeFailure({ file, message, expected: sides?.expected, actual: sides?.actual, stack: stack.join('\n') }, root);
  // `FAIL file [ file ]`: the file failed by itself (it did not load, or a hook outside any suite threw).
  if (!path) return { kind: 'file', suites: [], name: file, file, own: true, result: 'fail', failure };
  return {
    kind: inSuites ? 'suite' : 'case',
    own: inSuites || undefined,
    suites: path.slice(0, -1),
    name: path[path.length - 1]!,
    result: 'fail',
    file,
    failure,
  };
}

/** `fn path:1:2` → `fn (path:1:2)`; a bare `path:1:2` stays as it is. */
function frameText(text: string): string {
  const m = /^(.*\S)\s+(\S+:\d+:\d+)$/.exec(text.trim());
  return m ? `${m[1]} (${m[2]})` : text.trim();
}

function readUnhandled(body: string[], root: string): TestEvent {
  const origin = body.map((l) => /originated in "(.+?)" test file/.exec(l)?.[1]).find(Boolean);
  const file = origin ? repoPath(origin, root) : undefined;
  const content = body.filter((l) => !/^(?:This error originated|The latest test|The last test|- the error was)/.test(l.trim()));
  const messageLines: string[] = [];
  const stack: string[] = [];
  for (const l of content) {
    const frame = STACK.exec(l);
    if (frame) stack.push(`    at ${frameText(frame[1]!)}`);
    else if (!stack.length && !CODE_FRAME.test(l) && !/^Vitest caught/.test(l.trim())) messageLines.push(l);
  }
  const failure = makeFailure({ file, message: tidyMessage(messageLines), stack: stack.join('\n') }, root);
  return { kind: 'case', suites: [], name: '(unhandled error)', result: 'fail', file, failure: failure };
}
