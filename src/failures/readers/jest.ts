/**
 * Jest's default reporter: `PASS`/`FAIL <file>` headers, an optional tree of test names (with --verbose or a
 * single test file), `● suite › test` failure blocks, and the `Tests: 2 failed, 5 passed, 7 total` summary.
 */
import { boundedReader } from './bounded.js';
import { toRepoPath } from '../locations.js';
import type { Reader, SourceLocation, TestReport } from '../test-report.js';
import { dedent } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { diffSides, indentOf, makeFailure, splitLines, stripDuration, tidyMessage } from './js-common.js';

const SUMMARY = /^Tests:[ \t]+(?:.*?, )?\d+ total[ \t]*$/m;
const SUITES = /^Test Suites:[ \t]+(?:.*?, )?\d+ total[ \t]*$/m;
const RESULT = /^(PASS|FAIL)\s+(\S.*?)\s*$/;
const FAILURE_HEADER = /^ {2}● (.+?)\s*$/;
const TREE = /^(\s+)([✓✕○✎√×]) (.+)$/;
const CODE_FRAME = /^\s*>?\s*\d+ \|/;
const STACK = /^\s*at /;

export const jestReader: Reader = boundedReader({
  name: 'jest',
  read({ output, root }) {
    const hasSummary = SUMMARY.test(output) || SUITES.test(output);
    const hasBlocks = /^FAIL\s+\S/m.test(output) && /^ {2}● /m.test(output);
    if (!hasSummary && !hasBlocks) return undefined;

    const lines = splitLines(output);
    const events: TestEvent[] = [];
    let sawTree = false;
    let file: string | undefined;
    let suites: { indent: number; name: string }[] = [];

    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const result = RESULT.exec(line);
      if (result) {
        file = headerPath(result[2]!, root);
        suites = [];
        continue;
      }
      if (/^(?:Test Suites:|Tests:|Snapshots:|Time:|Ran all test suites|Summary of all failing tests)/.test(line)) {
        suites = [];
        continue;
      }
      const header = FAILURE_HEADER.exec(line);
      if (header && header[1] === 'Console') {
        // `● Console`: what the tests logged (non-verbose runs), not a failure.
        let j = i + 1;
        while (j < lines.length && !FAILURE_HEADER.test(lines[j]!) && !RESULT.test(lines[j]!) && !/^(?:Test Suites:|Tests:)/.test(lines[j]!)) j++;
        i = j - 1;
        continue;
      }
      if (header) {
        const body: string[] = [];
        let j = i + 1;
        for (; j < lines.length; j++) {
          const next = lines[j]!;
          if (FAILURE_HEADER.test(next) || RESULT.test(next)) break;
          if (/^(?:Test Suites:|Tests:|Summary of all failing tests|Snapshot Summary| › \d+ snapshots? (?:failed|written|updated|obsolete))/.test(next)) break;
          body.push(next);
        }
        i = j - 1;
        events.push(readBlock(header[1]!, body, file, root));
        continue;
      }
      const tree = TREE.exec(line);
      if (tree && file !== undefined) {
        const indent = tree[1]!.length;
        suites = suites.filter((s) => s.indent < indent);
        sawTree = true;
        if (tree[2] === '✓' || tree[2] === '√') {
          events.push({ kind: 'case', suites: suites.map((s) => s.name), name: stripDuration(tree[3]!), result: 'pass', file });
        }
        continue;
      }
      // A describe block in the verbose tree: an indented line without a marker (console output can look the
      // same, but the tree lines that follow pop it off by indentation).
      if (file !== undefined && /^ {2,}\S/.test(line) && !STACK.test(line)) {
        const indent = indentOf(line);
        suites = suites.filter((s) => s.indent < indent);
        suites.push({ indent, name: line.trim() });
      }
    }

    const folded = foldEvents(events);
    const report: TestReport = { format: 'jest', failures: folded.failures };
    const total = summaryTotal(output);
    if (total !== undefined) report.total = total;
    if (sawTree) report.passed = folded.passed;
    return report;
  },
});

/** The test file in a `PASS`/`FAIL` header, which may carry a project name before it and a timing after it. */
function headerPath(rest: string, root: string): string {
  const cleaned = rest.replace(/\s+\(\d+(?:\.\d+)?\s?m?s(?:,[^)]*)?\)$/, '').trim();
  const tokens = cleaned.split(/\s+/);
  const path = tokens[tokens.length - 1]!;
  return toRepoPath(path, root) ?? path;
}

function readBlock(title: string, rawBody: string[], file: string | undefined, root: string): TestEvent {
  const body = dedent(rawBody.join('\n')).split('\n');
  const messageLines: string[] = [];
  const stack: string[] = [];
  let diff: string[] | undefined;
  let k = 0;
  for (; k < body.length; k++) {
    const l = body[k]!;
    if (CODE_FRAME.test(l) || STACK.test(l)) break;
    // `- Expected / + Received`, or a snapshot's `- Snapshot  - 1 / + Received  + 1`: the diff that follows is the two sides.
    if (/^- (?:Expected|Snapshot)\b/.test(l) && /^\+ Received\b/.test(body[k + 1] ?? '')) {
      diff = [];
      k += 2;
      while (k < body.length && !body[k]!.trim()) k++;
      for (; k < body.length && body[k]!.trim(); k++) diff.push(body[k]!);
      k--;
      continue;
    }
    messageLines.push(l);
  }
  for (; k < body.length; k++) {
    if (STACK.test(body[k]!)) stack.push(`    ${body[k]!.trim()}`);
  }

  const message = tidyMessage(messageLines);
  const extraLocations: SourceLocation[] = [];
  // Babel reports a parse error as `SyntaxError: /abs/file.js: Unexpected token (6:76)`.
  const babel = /^SyntaxError: (.+?): .*\((\d+):(\d+)\)[ \t]*$/m.exec(message);
  if (babel) {
    const where = toRepoPath(babel[1]!, root);
    if (where) extraLocations.push({ file: where, line: Number(babel[2]), column: Number(babel[3]) });
  }

  let expected: string | undefined;
  let actual: string | undefined;
  if (diff) {
    const sides = diffSides(diff, '-');
    if (sides) ({ expected, actual } = sides);
  } else {
    expected = /^Expected[\w ]*: (.+)$/m.exec(message)?.[1];
    actual = /^Received[\w ]*: (.+)$/m.exec(message)?.[1];
  }

  const failure = makeFailure({ file, message, expected, actual, stack: stack.join('\n'), extraLocations }, root);
  // The file did not load: it failed by itself, and no test in it ran.
  if (title === 'Test suite failed to run') return { kind: 'file', suites: [], name: file ?? '', file, own: true, result: 'fail', failure };
  const path = title.split(' › ');
  return { kind: 'case', suites: path.slice(0, -1), name: path[path.length - 1]!, result: 'fail', file, failure };
}

function summaryTotal(output: string): number | undefined {
  const m = /^Tests:[ \t]+(.*\d+ total)[ \t]*$/m.exec(output);
  if (!m) return undefined;
  const failed = Number(/(\d+) failed/.exec(m[1]!)?.[1] ?? 0);
  const passed = Number(/(\d+) passed/.exec(m[1]!)?.[1] ?? 0);
  return failed + passed;
}
