import { boundedReader } from './bounded.js';
import type { Reader, TestFailure, TestReport } from '../test-report.js';
import { findLocations } from '../locations.js';
import { clampLines, outputLines } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { BUILD_HEAD, EVENT, isBuildLine, LOG_START, PKG_FAIL, PKG_NONE, PKG_OK, RESULT } from './go-lines.js';
import { PackageDirs } from './go-packages.js';
import { type Block, buildFailure, collect, type GoTest } from './go-failures.js';

/**
 * Reads `go test` output (default and -v, one or many packages). Ids are
 * `<package import path> <TestName/subtest>`. A test with subtests is a suite: the shared fold leaves it out
 * when it failed only because a subtest did. A package that failed with no test failing failed by itself;
 * a package that did not build is not a test event at all, and is reported beside them.
 */
export const goReader: Reader = boundedReader({
  name: 'go',
  read({ output, root }) {
    const lines = outputLines(output);
    if (!lines.some((l) => PKG_OK.test(l) || PKG_FAIL.test(l) || PKG_NONE.test(l) || /^\s*--- FAIL: \S+ \(/.test(l))) {
      return undefined;
    }

    const dirs = new PackageDirs(root);
    dirs.learn(lines);
    const builds = new Map<string, string[]>();
    const events: TestEvent[] = [];
    const buildFailures: TestFailure[] = [];
    let verbose = false;

    let block: Block = newBlock();
    let running: string | undefined;
    let stack: string[] = [];
    let lastLog: { test: GoTest; indent: number } | undefined;
    let panicLines: string[] | undefined;
    let panicOwner: GoTest | undefined;
    let lastResult: { test: GoTest; line: number } | undefined;

    const test = (name: string): GoTest => {
      let t = block.tests.get(name);
      if (!t) {
        t = { name, logs: [] };
        block.tests.set(name, t);
      }
      return t;
    };
    const endPanic = () => {
      if (!panicLines) return;
      // A panic outside a reported test (e.g. a timeout): "running tests:" names the culprits.
      const runningAt = panicLines.findIndex((l) => l === 'running tests:');
      const named = runningAt >= 0 ? /^\t(\S+) \(/.exec(panicLines[runningAt + 1] ?? '')?.[1] : undefined;
      const owner = panicOwner ?? test(named ?? running ?? '(panic)');
      owner.status = 'FAIL';
      owner.panic = panicLines.join('\n');
      panicLines = undefined;
      panicOwner = undefined;
    };
    const closeBlock = (pkg: string | undefined, state: 'ok' | 'fail' | 'build') => {
      endPanic();
      const added = collect(block, pkg, dirs, root);
      events.push(...added);
      if (state === 'fail' && !added.some((e) => e.result === 'fail')) {
        const text = block.other.filter((l) => l.trim() && !/^(FAIL|PASS|exit status \d+)$/.test(l.trim()));
        const message = clampLines(text.slice(-20).join('\n'), 20) || 'package failed';
        const id = pkg ?? 'go test';
        events.push({
          kind: 'suite',
          suites: [],
          name: id,
          id,
          label: id,
          own: true,
          result: 'fail',
          failure: { message, locations: findLocations(message, root) },
        });
      }
      block = newBlock();
      running = undefined;
      stack = [];
      lastLog = undefined;
    };

    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const buildHead = BUILD_HEAD.exec(line);
      if (buildHead && !panicLines) {
        const errors: string[] = [];
        while (i + 1 < lines.length && isBuildLine(lines[i + 1]!)) errors.push(lines[++i]!);
        const pkg = buildHead[2] ?? buildHead[1]!;
        const list = builds.get(pkg) ?? [];
        list.push(...errors);
        builds.set(pkg, list);
        continue;
      }
      const ok = PKG_OK.exec(line);
      if (ok) {
        closeBlock(ok[1]!, 'ok');
        continue;
      }
      const none = PKG_NONE.exec(line);
      if (none) {
        closeBlock(none[1]!, 'ok');
        continue;
      }
      const fail = PKG_FAIL.exec(line);
      if (fail) {
        const pkg = fail[1]!;
        if (fail[2]) {
          closeBlock(pkg, 'build');
          buildFailures.push(buildFailure(pkg, fail[2], builds.get(pkg) ?? [], dirs, root));
        } else closeBlock(pkg, 'fail');
        continue;
      }
      if (panicLines) {
        panicLines.push(line);
        continue;
      }
      const event = EVENT.exec(line);
      if (event) {
        verbose = true;
        running = event[2]!;
        test(running);
        stack = [];
        lastLog = undefined;
        continue;
      }
      const result = RESULT.exec(line);
      if (result) {
        const depth = Math.floor(result[1]!.length / 4);
        const t = test(result[3]!);
        t.status = result[2] as GoTest['status'];
        if (t.status === 'PASS') verbose = true;
        stack = stack.slice(0, depth);
        stack[depth] = t.name;
        lastLog = undefined;
        lastResult = { test: t, line: i };
        continue;
      }
      if (/^panic: /.test(line)) {
        // The testing package prints "--- FAIL: TestX" right before the panic of TestX.
        panicLines = [line];
        panicOwner = lastResult && lastResult.line === i - 1 && lastResult.test.status === 'FAIL' ? lastResult.test : undefined;
        continue;
      }
      const log = LOG_START.exec(line);
      if (log) {
        const indent = log[1]!.length;
        const depth = Math.floor(indent / 4) - 1;
        const owner = stack[depth] ?? running;
        if (owner) {
          const t = test(owner);
          t.logs.push(line.trim());
          lastLog = { test: t, indent };
          continue;
        }
      }
      if (lastLog && line.startsWith(' '.repeat(lastLog.indent + 1)) && line.trim()) {
        lastLog.test.logs.push(`\t${line.trim()}`);
        continue;
      }
      lastLog = undefined;
      block.other.push(line);
    }
    // Output cut before the package line: report what was seen.
    if (block.tests.size > 0) {
      endPanic();
      events.push(...collect(block, undefined, dirs, root));
    }
    // Build errors whose FAIL line never came.
    for (const [pkg, errors] of builds) {
      if (!buildFailures.some((f) => f.id === `${pkg} [build failed]` || f.id === `${pkg} [setup failed]`)) {
        if (errors.length > 0) buildFailures.push(buildFailure(pkg, 'build', errors, dirs, root));
      }
    }

    const folded = foldEvents(events);
    const report: TestReport = { format: 'go', failures: [...buildFailures, ...folded.failures] };
    if (verbose) {
      report.total = folded.cases;
      report.passed = folded.passed;
    }
    return report;
  },
});

function newBlock(): Block {
  return { tests: new Map(), other: [] };
}
