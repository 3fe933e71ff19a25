import { boundedReader } from './bounded.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reader, SourceLocation, TestFailure, TestReport } from '../test-report.js';
import { findLocations, toRepoPath } from '../locations.js';
import { clampLines, dedent, outputLines } from '../text.js';
import { foldEvents, withoutName, type TestEvent } from '../events.js';

/**
 * Reads `go test` output (default and -v, one or many packages). Ids are
 * `<package import path> <TestName/subtest>`. A test with subtests is a suite: the shared fold leaves it out
 * when it failed only because a subtest did. A package that failed with no test failing failed by itself;
 * a package that did not build is not a test event at all, and is reported beside them.
 */

const PKG_OK = /^ok\s+(\S+)\s+(?:\(cached\)|[\d.]+s|\[no tests to run\])/;
const PKG_FAIL = /^FAIL\s+(\S+)\s+(?:[\d.]+s|\[(build|setup) failed\])\s*$/;
const PKG_NONE = /^\?\s+(\S+)\s+\[no test files\]/;
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)$/;
const EVENT = /^=== (RUN|PAUSE|CONT|NAME)\s+(\S+)$/;
/** "# example.com/m/pkg [example.com/m/pkg.test]"; external test packages print "# example.com/m/pkg_test [...]". */
const BUILD_HEAD = /^# (\S+)(?: \[(\S+?)(?:\.test)?\])?$/;
const LOG_START = /^(\s+)([\w.\-/]+\.go):(\d+): /;

interface GoTest {
  name: string;
  status?: 'FAIL' | 'PASS' | 'SKIP';
  logs: string[];
  panic?: string;
}

interface Block {
  tests: Map<string, GoTest>;
  other: string[];
}

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

function isBuildLine(line: string): boolean {
  if (!line.trim()) return false;
  if (PKG_FAIL.test(line) || PKG_OK.test(line) || PKG_NONE.test(line) || BUILD_HEAD.test(line)) return false;
  return /^\s/.test(line) || /\.go:\d+/.test(line) || /^(too many errors|note:|vet:|go: )/.test(line);
}

/** The block's tests as events: `TestA/sub` sits under `TestA`, which is a suite when it has subtests. */
function collect(block: Block, pkg: string | undefined, dirs: PackageDirs, root: string): TestEvent[] {
  const tests = [...block.tests.values()].filter((t) => t.status);
  return tests.map((t) => {
    const parts = t.name.split('/');
    const parent = tests.some((c) => c.name.startsWith(`${t.name}/`));
    const id = pkg ? `${pkg} ${t.name}` : t.name;
    const result = t.status === 'PASS' ? 'pass' : t.status === 'FAIL' ? 'fail' : 'skip';
    const event: TestEvent = { kind: parent ? 'suite' : 'case', suites: [pkg ?? '', ...parts.slice(0, -1)], name: parts.at(-1)!, id, label: t.name, result };
    if (result === 'fail') {
      // A parent that logged or panicked failed by itself too; one that only carries failing subtests did not.
      if (parent && (t.logs.length > 0 || t.panic)) event.own = true;
      event.failure = withoutName(goFailure(id, t, pkg, dirs, root));
    }
    return event;
  });
}

function goFailure(id: string, t: GoTest, pkg: string | undefined, dirs: PackageDirs, root: string): TestFailure {
  const locations: SourceLocation[] = [];
  const seen = new Set<string>();
  const push = (loc: SourceLocation) => {
    const key = `${loc.file}:${loc.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    locations.push(loc);
  };
  const messages: string[] = [];
  for (const log of t.logs) {
    const m = /^([\w.\-/]+\.go):(\d+): ([\s\S]*)$/.exec(log);
    if (m) {
      const file = dirs.resolve(pkg, m[1]!);
      if (file) push({ file, line: Number(m[2]) });
      messages.push(m[3]!);
    } else messages.push(log.replace(/^\t/, '  '));
  }
  let stack: string | undefined;
  if (t.panic) {
    const panicLines = t.panic.split('\n');
    messages.push(
      panicLines
        .filter((l) => /^\s*panic: /.test(l))
        .pop()
        ?.trim() ?? panicLines[0]!,
    );
    stack = clampLines(trimGoStack(t.panic, root), 40);
    for (const loc of findLocations(t.panic, root)) push(loc);
  }
  const message = clampLines(dedent(messages.join('\n')).trim(), 40) || 'test failed';
  const testFile = locations.find((l) => /_test\.go$/.test(l.file))?.file;
  const ordered = testFile ? [...locations.filter((l) => l.file === testFile), ...locations.filter((l) => l.file !== testFile)] : locations;
  const failure: TestFailure = { id, name: t.name, message, locations: ordered };
  if (testFile) failure.file = testFile;
  const ea = expectedActual(message);
  if (ea) Object.assign(failure, ea);
  if (stack) failure.stack = stack;
  return failure;
}

/** The common `got X, want Y` shapes of Go test messages. */
function expectedActual(message: string): { expected: string; actual: string } | undefined {
  const first = message.split('\n')[0]!;
  const m =
    /\bgot:? (.+?),? (?:but )?want(?:ed)?:? (.+)$/.exec(first) ?? /= (.+?), want (.+)$/.exec(first) ?? /\bexpected:? (.+?),? (?:but )?got:? (.+)$/i.exec(first);
  if (!m) return undefined;
  return /expected/i.test(m[0].slice(0, 9)) ? { expected: m[1]!, actual: m[2]! } : { actual: m[1]!, expected: m[2]! };
}

/** Keeps the goroutine frames that point into the repo (drops testing, runtime and dependency frames). */
function trimGoStack(panic: string, root: string): string {
  const lines = panic.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = /^\t(\S+\.go):\d+/.exec(lines[i + 1] ?? '');
    if (at && !/^\s/.test(line)) {
      if (toRepoPath(at[1]!, root)) out.push(line, lines[i + 1]!);
      i++;
      continue;
    }
    out.push(line);
  }
  return out.join('\n').trim();
}

function buildFailure(pkg: string, kind: string, errors: string[], dirs: PackageDirs, root: string): TestFailure {
  const locations: SourceLocation[] = [];
  const messages: string[] = [];
  for (const line of errors) {
    const m = /^([^\s:]+\.go):(\d+)(?::(\d+))?: (.*)$/.exec(line);
    if (m) {
      const file = m[1]!.includes('/') ? toRepoPath(m[1]!, root) : dirs.resolve(pkg, m[1]!);
      if (file) locations.push(m[3] ? { file, line: Number(m[2]), column: Number(m[3]) } : { file, line: Number(m[2]) });
    }
    messages.push(line);
  }
  const id = `${pkg} [${kind} failed]`;
  const failure: TestFailure = {
    id,
    name: id,
    message: clampLines(messages.join('\n'), 40) || `${kind} failed`,
    locations,
  };
  const file = locations[0]?.file;
  if (file) failure.file = file;
  return failure;
}

/** Maps package import paths to repo-relative dirs: go.mod under root, build errors, panic frames. */
class PackageDirs {
  private modulePath: string | undefined;
  private readonly known = new Map<string, string>();

  constructor(private readonly root: string) {
    try {
      const mod = readFileSync(path.join(root, 'go.mod'), 'utf8');
      this.modulePath = /^module\s+(\S+)/m.exec(mod)?.[1];
    } catch {
      this.modulePath = undefined;
    }
  }

  /**
   * Learns where packages live from the output itself: panic frames
   * ("example.com/m/pkg.Func(...)" + "\t/abs/pkg/file.go:12") and build errors
   * ("# example.com/m/pkg" + "pkg/file.go:3:2: ...", printed relative to the module root).
   */
  learn(lines: readonly string[]): void {
    let building: string | undefined;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const head = BUILD_HEAD.exec(line);
      if (head) {
        building = head[2] ?? head[1];
        continue;
      }
      if (building) {
        const err = /^([^\s:]+\/[^\s:/]+\.go):\d+/.exec(line);
        if (err) {
          const file = toRepoPath(err[1]!, this.root);
          if (file) this.record(building, path.posix.dirname(file));
          continue;
        }
        if (!isBuildLine(line)) building = undefined;
      }
      const frame = /^([\w.\-~]+(?:\/[\w.\-~]+)*\.\S*)\(/.exec(line);
      const at = /^\t(\S+\.go):\d+/.exec(lines[i + 1] ?? '');
      if (!frame || !at) continue;
      const file = toRepoPath(at[1]!, this.root);
      if (file) this.record(packageOf(frame[1]!), path.posix.dirname(file));
    }
  }

  private record(pkg: string, dir: string): void {
    const rel = dir === '.' ? '' : dir;
    if (!this.known.has(pkg)) this.known.set(pkg, rel);
    if (this.modulePath) return;
    if (!rel) this.modulePath = pkg;
    else if (pkg.endsWith(`/${rel}`)) this.modulePath = pkg.slice(0, -rel.length - 1);
  }

  /** Repo-relative path of a file printed relative to its package dir (e.g. "slug_test.go"). */
  resolve(pkg: string | undefined, file: string): string | undefined {
    const dir = pkg !== undefined ? this.dirOf(pkg) : undefined;
    if (dir !== undefined) return dir ? `${dir}/${file}` : file;
    if (existsSync(path.join(this.root, file))) return toRepoPath(file, this.root);
    return undefined;
  }

  private dirOf(pkg: string): string | undefined {
    const known = this.known.get(pkg);
    if (known !== undefined) return known;
    if (this.modulePath && (pkg === this.modulePath || pkg.startsWith(`${this.modulePath}/`))) {
      return pkg.slice(this.modulePath.length + 1);
    }
    // No go.mod: the longest tail of the import path that is a folder under root.
    const parts = pkg.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(i).join('/');
      if (existsSync(path.join(this.root, dir))) return dir;
    }
    return undefined;
  }
}

/** "example.com/m/pkg.(*T).Method" → "example.com/m/pkg". */
function packageOf(symbol: string): string {
  const slash = symbol.lastIndexOf('/');
  const dot = symbol.indexOf('.', slash + 1);
  return dot >= 0 ? symbol.slice(0, dot) : symbol;
}
