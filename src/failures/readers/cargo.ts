import { boundedReader } from './bounded.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { failureId, type Reader, type SourceLocation, type TestFailure, type TestReport } from '../test-report.js';
import { findLocations, toRepoPath } from '../locations.js';
import { clampLines, outputLines } from '../text.js';
import { foldEvents, withoutName, type TestEvent } from '../events.js';

/**
 * Reads `cargo test` output: every test binary (unit tests, tests/*.rs, doc-tests),
 * the "failures:" bodies with their panics, and compile errors when nothing ran.
 */

const RUNNING = /^\s*Running (?:(unittests) )?(\S+?)(?: \((\S+)\))?$/;
const DOC_TESTS = /^\s*Doc-tests (\S+)$/;
const TEST_LINE = /^test (.+?) \.\.\. (ok|FAILED|ignored(?:, .*)?)$/;
const BODY_HEAD = /^---- (.+?) (?:stdout|stderr) ----$/;
const RESULT = /^test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored/;
const COMPILING = /^\s*Compiling (\S+) v\S+ \((\/[^)]+|[A-Za-z]:\\[^)]+)\)$/;
const DIAGNOSTIC = /^(error(?:\[E\d+\])?): (.*)$/;
const SUMMARY_ERROR =
  /^(could not compile|test failed, to rerun|\d+ targets? failed|doctest failed|aborting due to|build failed|could not document|no such|failed to run)/;

interface Binary {
  kind: 'unit' | 'integration' | 'doc' | 'other';
  /** Crate (unit, doc) or test target (integration) name. */
  name: string;
  /** The target's source file, relative to its package ("src/lib.rs", "tests/api.rs"). */
  src?: string;
  /** The package folder, repo-relative ('' for the root package), when known. */
  dir?: string;
}

export const cargoReader: Reader = boundedReader({
  name: 'cargo',
  read({ output, root }) {
    const lines = outputLines(output);
    if (!isCargo(lines)) return undefined;

    const crateDirs = new Map<string, string>();
    const unitCrates = new Set<string>();
    for (const line of lines) {
      const c = COMPILING.exec(line);
      if (c) {
        const rel = toRepoPath(c[2]!, root);
        if (rel !== undefined || path.resolve(c[2]!) === path.resolve(root)) crateDirs.set(c[1]!.replace(/-/g, '_'), rel ?? '');
      }
      const r = RUNNING.exec(line);
      if (r?.[1] && r[3]) unitCrates.add(binaryName(r[3]));
    }
    const prefixUnits = unitCrates.size > 1;

    const events: TestEvent[] = [];
    let sawTests = false;
    let total: number | undefined;
    let binary: Binary = { kind: 'other', name: '' };
    let lastUnit: string | undefined;
    const failed = new Map<string, { binary: Binary; name: string; body?: string }>();
    const order: string[] = [];
    const diagnostics: { header: string; block: string[] }[] = [];
    const summaries: string[] = [];

    const idOf = (b: Binary, name: string): string => {
      if (b.kind === 'integration') return `${b.name}::${name}`;
      if (b.kind === 'unit' && prefixUnits) return `${b.name}::${name}`;
      return name;
    };

    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const run = RUNNING.exec(line);
      if (run) {
        const artifact = run[3] ?? run[2]!;
        const name = binaryName(artifact);
        const src = run[3] ? run[2] : undefined;
        if (run[1]) {
          binary = { kind: 'unit', name, src, dir: crateDirs.get(name) };
          lastUnit = name;
        } else if (src && /(^|\/)tests\/[^/]+\.rs$/.test(src)) {
          const owner = lastUnit ?? (crateDirs.size === 1 ? [...crateDirs.keys()][0] : undefined);
          binary = { kind: 'integration', name, src, dir: owner !== undefined ? crateDirs.get(owner) : undefined };
        } else binary = { kind: 'other', name, src };
        continue;
      }
      const doc = DOC_TESTS.exec(line);
      if (doc) {
        const name = doc[1]!.replace(/-/g, '_');
        binary = { kind: 'doc', name, dir: crateDirs.get(name) };
        continue;
      }
      const test = TEST_LINE.exec(line);
      if (test) {
        sawTests = true;
        const name = test[1]!.replace(/ - should panic(?: with .*)?$/, '');
        const id = idOf(binary, name);
        if (test[2] === 'ok') events.push({ kind: 'case', suites: [], name: id, id, result: 'pass' });
        else if (test[2] === 'FAILED' && !failed.has(id)) {
          failed.set(id, { binary, name });
          order.push(id);
        }
        continue;
      }
      const head = BODY_HEAD.exec(line);
      if (head) {
        const body: string[] = [];
        while (i + 1 < lines.length && !BODY_HEAD.test(lines[i + 1]!) && !/^(failures:|test result: )/.test(lines[i + 1]!)) {
          body.push(lines[++i]!);
        }
        const name = head[1]!;
        const id = idOf(binary, name);
        const entry = failed.get(id) ?? { binary, name };
        entry.body = body.join('\n').trim();
        if (!failed.has(id)) {
          failed.set(id, entry);
          order.push(id);
        }
        continue;
      }
      const result = RESULT.exec(line);
      if (result) {
        total = (total ?? 0) + Number(result[2]) + Number(result[3]);
        continue;
      }
      const diag = DIAGNOSTIC.exec(line);
      if (diag) {
        if (SUMMARY_ERROR.test(diag[2]!)) {
          summaries.push(line);
          continue;
        }
        const block = [line];
        while (i + 1 < lines.length && lines[i + 1]!.trim() !== '') block.push(lines[++i]!);
        diagnostics.push({ header: line, block });
      }
    }

    // A failure is its `test x ... FAILED` line and its `---- x stdout ----` block, joined above by id.
    for (const id of order) {
      const failure = testFailure(id, failed.get(id)!, root);
      events.push({ kind: 'case', suites: [], name: id, id, label: failure.name, result: 'fail', failure: withoutName(failure) });
    }
    // Compiler diagnostics and a binary that died are not test events: they come after the tests.
    const { failures, passed } = foldEvents(events);

    const seen = new Set<string>();
    for (const d of diagnostics) {
      const failure = compileFailure(d.header, d.block, root);
      const key = `${failure.id}@${failure.locations[0]?.line ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      failures.push(failure);
    }
    if (diagnostics.length === 0) {
      for (const s of summaries.filter((l) => /could not compile/.test(l))) {
        const name = s.replace(/ due to .*$/, '');
        if (!failures.some((f) => f.id === name)) failures.push({ id: name, name, message: s, locations: [] });
      }
    }
    // A test binary that died without reporting (signal, abort): cargo explains it under "Caused by:".
    if (failures.length === 0) {
      const at = lines.findIndex((l) => /^error: test failed, to rerun pass/.test(l));
      if (at >= 0) {
        const explanation = lines.slice(at, at + 6).filter((l) => l.trim());
        const name = lines[at]!.replace(/^error: /, '');
        failures.push({ id: name, name, message: explanation.join('\n'), locations: [] });
      }
    }

    const report: TestReport = { format: 'cargo', failures };
    if (total !== undefined) report.total = total;
    if (sawTests) report.passed = passed;
    return report;
  },
});

function isCargo(lines: readonly string[]): boolean {
  let running = false;
  let testLine = false;
  let compiling = false;
  let rustError = false;
  for (const line of lines) {
    if (RESULT.test(line)) return true;
    if (/^running \d+ tests?$/.test(line)) running = true;
    else if (TEST_LINE.test(line)) testLine = true;
    else if (/^error: could not compile `/.test(line)) return true;
    else if (COMPILING.test(line)) compiling = true;
    else if (/^\s*--> \S+\.rs:\d+:\d+$/.test(line)) rustError = true;
  }
  return (running && testLine) || (compiling && rustError);
}

/** "target/debug/deps/api-9bcfde99a7c554b8" → "api". */
function binaryName(artifact: string): string {
  const base = artifact.split(/[\\/]/).pop()!;
  return base.replace(/\.exe$/, '').replace(/-[0-9a-f]{16}$/, '');
}

function join(dir: string | undefined, file: string): string {
  return dir ? `${dir}/${file}` : file;
}

function testFailure(id: string, entry: { binary: Binary; name: string; body?: string }, root: string): TestFailure {
  const { binary, name } = entry;
  const body = entry.body ?? '';
  const lines = body.split('\n');
  const locations: SourceLocation[] = [];
  const seen = new Set<string>();
  const push = (locs: SourceLocation[]) => {
    for (const l of locs) {
      const key = `${l.file}:${l.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      locations.push(l);
    }
  };

  let message = '';
  let panicLine = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const modern = /^thread '.*?'(?: \(\d+\))? panicked at (.+:\d+:\d+):$/.exec(line);
    if (modern) {
      panicLine = line;
      push(findLocations(modern[1]!, root));
      const msg: string[] = [];
      for (let j = i + 1; j < lines.length && !/^(note: |stack backtrace:)/.test(lines[j]!); j++) msg.push(lines[j]!);
      message = msg.join('\n').trim();
      break;
    }
    const legacy = /^thread '.*?' panicked at '([\s\S]*)$/.exec(line);
    if (legacy) {
      panicLine = line;
      const msg: string[] = [legacy[1]!];
      for (let j = i + 1; j < lines.length; j++) {
        const end = /', (\S+:\d+:\d+)$/.exec(msg[msg.length - 1]!);
        if (end) break;
        msg.push(lines[j]!);
      }
      const joined = msg.join('\n');
      const end = /^([\s\S]*)', (\S+:\d+:\d+)$/.exec(joined);
      if (end) {
        message = end[1]!.trim();
        push(findLocations(end[2]!, root));
      } else message = joined.trim();
      break;
    }
  }
  if (!message) message = clampLines(body.replace(/^\s*Test executable failed[^\n]*\n+/, ''), 30).trim() || 'test failed';

  const frames = backtrace(lines, root);
  push(findLocations(frames.join('\n'), root));

  let file: string | undefined;
  if (binary.kind === 'integration' && binary.src) file = join(binary.dir, binary.src);
  else if (binary.kind === 'doc') {
    const m = /^(\S+\.rs) - .*\(line (\d+)\)$/.exec(name);
    if (m) {
      file = join(binary.dir, m[1]!);
      push([{ file, line: Number(m[2]) }]);
    }
  } else if (binary.kind === 'unit') file = unitTestFile(binary, name, lines, root);

  const failure: TestFailure = {
    id,
    name,
    message: clampLines(message, 40),
    locations: file ? [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)] : locations,
  };
  if (file) failure.file = file;
  const left = /^[ \t]*left: (.*)$/m.exec(message);
  const right = /^[ \t]*right: (.*)$/m.exec(message);
  if (left && right && /left == right/.test(message)) {
    failure.actual = unquote(left[1]!);
    failure.expected = unquote(right[1]!);
  }
  if (panicLine) failure.stack = [panicLine, message, ...frames].join('\n');
  return failure;
}

/** Old assert_eq! output wraps values in backticks: "left: `\"a\"`,". */
function unquote(value: string): string {
  const m = /^`([\s\S]*)`,?$/.exec(value.trim());
  return m ? m[1]! : value.trim();
}

/** The "stack backtrace:" frames that point into the repo ("   5: shop::x\n at ./src/x.rs:3:5"). */
function backtrace(lines: string[], root: string): string[] {
  const start = lines.findIndex((l) => l === 'stack backtrace:');
  if (start < 0) return [];
  const out: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const frame = /^\s*\d+: (.+)$/.exec(lines[i]!);
    if (!frame) continue;
    const at = /^\s+at (.+):\d+:\d+$/.exec(lines[i + 1] ?? '');
    if (at && toRepoPath(at[1]!, root)) out.push(`${frame[1]} at ${lines[i + 1]!.trim().slice(3)}`);
  }
  return out;
}

/**
 * The file of a unit test: the backtrace frame of the test itself when there is one; the crate
 * root for tests in its `mod tests`; otherwise src/<module>.rs or src/<module>/mod.rs when it exists.
 */
function unitTestFile(binary: Binary, name: string, lines: string[], root: string): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const frame = /^\s*\d+: (.+)$/.exec(lines[i]!);
    if (!frame || !(frame[1] === name || frame[1]!.endsWith(`::${name}`))) continue;
    const at = /^\s+at (.+):\d+:\d+$/.exec(lines[i + 1] ?? '');
    const file = at ? toRepoPath(at[1]!, root) : undefined;
    if (file) return file;
  }
  if (!binary.src) return undefined;
  const modules = name.split('::').slice(0, -1);
  if (modules[modules.length - 1] === 'tests') modules.pop();
  const crateRoot = join(binary.dir, binary.src);
  if (modules.length === 0) return crateRoot;
  const base = path.posix.dirname(crateRoot);
  const rel = modules.join('/');
  for (const candidate of [`${base}/${rel}.rs`, `${base}/${rel}/mod.rs`]) {
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

function compileFailure(header: string, block: string[], root: string): TestFailure {
  const locations: SourceLocation[] = [];
  for (const line of block) {
    const m = /^\s*--> (.+?):(\d+):(\d+)$/.exec(line);
    if (!m) continue;
    const file = toRepoPath(m[1]!, root);
    if (file) locations.push({ file, line: Number(m[2]), column: Number(m[3]) });
  }
  const file = locations[0]?.file;
  const name = header.trim();
  const failure: TestFailure = {
    id: failureId(file, name),
    name,
    message: clampLines(block.join('\n'), 30),
    locations,
  };
  if (file) failure.file = file;
  return failure;
}
