import type { SourceLocation, TestFailure } from '../test-report.js';
import { findLocations, toRepoPath } from '../locations.js';
import { clampLines, dedent } from '../text.js';
import { withoutName, type TestEvent } from '../events.js';
import type { PackageDirs } from './go-packages.js';

export interface GoTest {
  name: string;
  status?: 'FAIL' | 'PASS' | 'SKIP';
  logs: string[];
  panic?: string;
}

export interface Block {
  tests: Map<string, GoTest>;
  other: string[];
}

/** The block's tests as events: `TestA/sub` sits under `TestA`, which is a suite when it has subtests. */
export function collect(block: Block, pkg: string | undefined, dirs: PackageDirs, root: string): TestEvent[] {
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

export function buildFailure(pkg: string, kind: string, errors: string[], dirs: PackageDirs, root: string): TestFailure {
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
