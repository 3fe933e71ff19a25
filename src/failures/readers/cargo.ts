import { boundedReader } from './bounded.js';
import path from 'node:path';
import type { Reader, TestReport } from '../test-report.js';
import { toRepoPath } from '../locations.js';
import { outputLines } from '../text.js';
import { foldEvents, withoutName, type TestEvent } from '../events.js';
import { type Binary, compileFailure, testFailure } from './cargo-failures.js';

const RUNNING = /^\s*Running (?:(unittests) )?(\S+?)(?: \((\S+)\))?$/;
const DOC_TESTS = /^\s*Doc-tests (\S+)$/;
const TEST_LINE = /^test (.+?) \.\.\. (ok|FAILED|ignored(?:, .*)?)$/;
const BODY_HEAD = /^---- (.+?) (?:stdout|stderr) ----$/;
const RESULT = /^test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored/;
const COMPILING = /^\s*Compiling (\S+) v\S+ \((\/[^)]+|[A-Za-z]:\\[^)]+)\)$/;
const DIAGNOSTIC = /^(error(?:\[E\d+\])?): (.*)$/;
const SUMMARY_ERROR =
  /^(could not compile|test failed, to rerun|\d+ targets? failed|doctest failed|aborting due to|build failed|could not document|no such|failed to run)/;

/**
 * Reads `cargo test` output: every test binary (unit tests, tests/*.rs, doc-tests),
 * the "failures:" bodies with their panics, and compile errors when nothing ran.
 */
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
