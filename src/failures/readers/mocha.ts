/**
 * Mocha's default `spec` reporter: an indented tree of suites and tests (`✔ passes`, `1) fails`), the
 * `N passing (12ms)` / `N failing` summary, then numbered failure blocks whose header spells the suite path over
 * several lines and ends with `:`. A file that fails to load aborts the run with `Exception during run: …`.
 *
 * The spec reporter never names the file of a passing test, so ids are the full name alone (the file, taken from
 * the stack, is still given on each failure): a test keeps the same id whether it fails or passes. A failing hook
 * (`"before all" hook for "x"`) is its suite failing by itself.
 */
import { boundedReader } from './bounded.js';
import { findLocations } from '../locations.js';
import type { Reader, TestReport } from '../test-report.js';
import { dedent } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { crashDetails, diffSides, indentOf, makeFailure, splitLines, stripDuration, testFileOf, tidyMessage } from './js-common.js';

const PASSING = /^ {2}(\d+) passing \(\d+(?:\.\d+)? ?(?:ms|s|m|h)\)[ \t]*$/m;
const FAILING = /^ {2}(\d+) failing[ \t]*$/m;
const EXCEPTION = /^[ \t]*Exception during run: /m;
const STACK = /^\s*at /;
const HOOK = /^"(?:before|after) (?:all|each)" hook\b/;

export const mochaReader: Reader = boundedReader({
  name: 'mocha',
  read({ output, root }) {
    const passing = PASSING.exec(output);
    const failing = FAILING.exec(output);
    const crashed = EXCEPTION.test(output);
    if (!passing && !failing && !crashed) return undefined;

    const lines = splitLines(output);
    const events: TestEvent[] = [];
    const summaryAt = lines.findIndex((l) => PASSING.test(l) || FAILING.test(l));
    const treeEnd = summaryAt >= 0 ? summaryAt : lines.length;

    // The tree: suites are plain indented lines, tests carry a mark or a failure number.
    let suites: { indent: number; name: string }[] = [];
    let sawTree = false;
    for (let i = 0; i < treeEnd; i++) {
      const line = lines[i]!;
      if (!/^ {2,}\S/.test(line)) continue;
      const indent = indentOf(line);
      suites = suites.filter((s) => s.indent < indent);
      const text = line.trim();
      const test = /^(?:([✔✓√])|(\d+)\)|(-)) (.+)$/.exec(text);
      if (test) {
        sawTree = true;
        if (test[1]) events.push({ kind: 'case', suites: suites.map((s) => s.name), name: stripDuration(test[4]!), result: 'pass', fileInId: false });
        continue;
      }
      suites.push({ indent, name: text });
    }

    // Failure blocks after the summary: `  1) suite` / `       sub` / `         test:` then the error.
    if (summaryAt >= 0) {
      let expect = 1;
      for (let i = summaryAt; i < lines.length; i++) {
        const head = /^ {2}(\d+)\) (.+)$/.exec(lines[i]!);
        if (!head || Number(head[1]) !== expect) continue;
        const titles: string[] = [];
        let j = i;
        let text = head[2]!;
        for (;;) {
          if (text.endsWith(':')) {
            titles.push(text.slice(0, -1));
            break;
          }
          titles.push(text);
          const next = lines[j + 1];
          if (next === undefined || !/^ {5,}\S/.test(next)) break;
          j++;
          text = next.trim();
        }
        const body: string[] = [];
        let k = j + 1;
        for (; k < lines.length; k++) {
          const h = /^ {2}(\d+)\) /.exec(lines[k]!);
          if (h && Number(h[1]) === expect + 1) break;
          body.push(lines[k]!);
        }
        events.push(readBlock(titles, body, root));
        expect++;
        i = k - 1;
      }
    }

    if (crashed) events.push(readCrash(lines, root));

    const folded = foldEvents(events);
    const report: TestReport = { format: 'mocha', failures: folded.failures };
    if (passing || failing) report.total = Number(passing?.[1] ?? 0) + Number(failing?.[1] ?? 0);
    if (sawTree) report.passed = folded.passed;
    return report;
  },
});

function readBlock(titles: string[], rawBody: string[], root: string): TestEvent {
  const body = rawBody.map((l) => l.trimEnd());
  const stackAt = body.findIndex((l) => STACK.test(l));
  const head = stackAt >= 0 ? body.slice(0, stackAt) : body;
  const stack = stackAt >= 0 ? body.slice(stackAt).filter((l) => STACK.test(l)) : [];

  // `+ expected - actual` introduces mocha's own diff of the two values.
  const diffAt = head.findIndex((l) => l.trim() === '+ expected - actual');
  const messageLines = diffAt >= 0 ? head.slice(0, diffAt) : head;
  let sides: { expected: string; actual: string } | undefined;
  if (diffAt >= 0) {
    const diff = dedent(head.slice(diffAt + 1).join('\n')).split('\n');
    sides = diffSides(diff, '+', 1);
  }
  // The first line of the error is indented with the block; node's multi-line assertion messages are not.
  const first = messageLines.findIndex((l) => l.trim());
  const message = tidyMessage(messageLines.map((l, n) => (n === first ? l.trim() : l)));
  // The test file: a frame that looks like a test, else the outermost repo frame (the test calling into src).
  const file = testFileOf(findLocations(stack.join('\n'), root));
  const last = titles[titles.length - 1]!;
  const hook = HOOK.test(last) && titles.length > 1;
  const failure = makeFailure(
    {
      file,
      message: hook ? `${last}: ${message}` : message,
      expected: sides?.expected,
      actual: sides?.actual,
      stack: stack.map((l) => `    ${l.trim()}`).join('\n'),
    },
    root,
  );
  const path = hook ? titles.slice(0, -1) : titles;
  const named = { suites: path.slice(0, -1), name: path[path.length - 1]!, result: 'fail', file, fileInId: false, failure: failure } as const;
  return hook ? { ...named, kind: 'suite', own: true } : { ...named, kind: 'case' };
}

/** `Exception during run: <error>` — a test file (or something it imports) failed to load. */
function readCrash(lines: readonly string[], root: string): TestEvent {
  const at = lines.findIndex((l) => EXCEPTION.test(l));
  const block = lines.slice(at);
  block[0] = block[0]!.replace(EXCEPTION, '');
  const details = crashDetails(block) ?? { message: 'mocha failed to load the tests', stack: '' };
  // The test file is the last repo frame of the loading chain (the first ones are the failing import).
  const locations = findLocations(details.stack, root);
  const requireStack = block.map((l) => /^- (\/\S+)$/.exec(l.trim())?.[1]).find(Boolean);
  const file = requireStack ? findLocations(`${requireStack}:1`, root)[0]?.file : locations[locations.length - 1]?.file;
  const failure = makeFailure({ file, message: details.message, stack: details.stack }, root);
  return { kind: 'file', suites: [], name: file ?? '', file, own: true, result: 'fail', failure: failure };
}
