/**
 * TAP 13/14 as `node --test --test-reporter=tap` and node-tap (the `tap` package, 16 and 18+) print it.
 *
 * Both put `# Subtest: name` before each test and indent its children by four spaces; a test point (`ok`/`not ok
 * N - name`) closes it. node-tap also prints its assertions as points without a `# Subtest:` header: those are
 * not tests but the reasons their test failed. Anything after an unescaped ` # ` is a directive or comment
 * (`# time=60.5ms`, `# SKIP`, `# TODO`), never part of the name, so a test keeps its id from run to run.
 *
 * node-tap runs each file as a top-level test named by its path; node --test does the same for a file that
 * fails to load. Neither names the file of a passing test otherwise, so node --test ids are the full name alone.
 *
 * tape prints no `# Subtest:` headers: a `# name` comment starts each test (nested ones too, flat), and every point
 * after it is one of its assertions (`not ok 5 should be equal` with `expected`/`actual`/`at` YAML). A test fails
 * when one of its assertions does; tape never names the file, so ids are the test's name.
 */
import { findLocations, toRepoPath } from '../locations.js';
import type { Reader, SourceLocation, TestReport } from '../test-report.js';
import { dedent } from '../text.js';
import { foldEvents, type FailureDetails, type TestEvent } from '../events.js';
import { boundedReader } from './bounded.js';
import { crashDetails, indentOf, locationOf, looksLikeTestFile, makeFailure, splitLines, testFileOf, tidyMessage } from './js-common.js';

const TAP_VERSION = /^TAP version 1[34][ \t]*$/m;
const POINT = /^( *)(not ok|ok)\b(?: \d+)?(?: -)?(?: (.*))?$/;
const SUBTEST = /^( *)# Subtest: (.*)$/;
const SUBTESTS_FAILED = /^'?\d+ subtests? failed'?$/;
const SUMMARY = /^# (tests|suites|pass|fail|cancelled|skipped|todo|ok)\b(?: +(\d+))?[ \t]*$/;

interface Open {
  name: string;
  children: number;
  /** Failing assertions of this test (node-tap). */
  asserts: { name: string; yaml: Record<string, string> }[];
  /** Output printed since the test opened (a crashing file's stderr). */
  before: string[];
}

export const tapReader: Reader = boundedReader({
  name: 'node-test-tap',
  read({ output, root }) {
    if (!TAP_VERSION.test(output) || !/^[ \t]*(?:not )?ok\b/m.test(output)) return undefined;
    const lines = splitLines(output);
    if (!/^ *# Subtest: /m.test(output) && lines.some((l, i) => /^# \S/.test(l) && !SUMMARY.test(l) && POINT.test(lines[i + 1] ?? ''))) {
      return readTape(lines, root);
    }
    const open: (Open | undefined)[] = [];
    const events: TestEvent[] = [];
    const counts: Record<string, number> = {};
    let loose: string[] = [];

    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const sub = SUBTEST.exec(line);
      if (sub) {
        const depth = Math.floor(sub[1]!.length / 4);
        open.length = depth;
        if (depth > 0 && open[depth - 1]) open[depth - 1]!.children++;
        open[depth] = { name: unescape(sub[2]!), children: 0, asserts: [], before: loose };
        loose = [];
        continue;
      }
      const summary = /^# (tests|suites|pass|fail|cancelled|skipped|todo) +(\d+)[ \t]*$/.exec(line);
      if (summary) {
        counts[summary[1]!] = Number(summary[2]);
        continue;
      }
      const point = POINT.exec(line);
      if (!point) {
        // node --test prints a crashing file's stderr as comments; node-tap lets it through as it is.
        const comment = /^# ?(.*)$/.exec(line);
        loose.push(comment ? comment[1]!.replace(/\\n/g, '\n') : line);
        continue;
      }
      const depth = Math.floor(point[1]!.length / 4);
      const { name, directive } = splitDirective(point[3] ?? '');
      const block = yamlAfter(lines, i);
      const yaml = block.yaml;
      i = block.end;
      const test = open[depth];
      const failed = point[2] === 'not ok';
      if (!test) {
        const parent = depth > 0 ? open[depth - 1] : undefined;
        if (parent) {
          // A node-tap assertion: the reason its test failed, not a test of its own.
          if (failed && !/^(SKIP|TODO)\b/i.test(directive)) parent.asserts.push({ name, yaml });
          continue;
        }
      }
      const suites = open.slice(0, depth).map((o) => o!.name);
      const leaf = name || test?.name || '';
      open.length = depth;
      const before = [...(test?.before ?? []), ...loose];
      loose = [];
      const kind = depth === 0 && looksLikeTestFile(leaf) ? 'file' : yaml.type === 'suite' || (test?.children ?? 0) > 0 ? 'suite' : 'case';
      const skipped = /^(SKIP|TODO)\b/i.test(directive);
      const event: TestEvent = { kind, suites, name: leaf, result: skipped ? 'skip' : failed ? 'fail' : 'pass', fileInId: false };
      if (kind === 'file') event.file = toRepoPath(leaf, root) ?? leaf;
      else if (suites.length && looksLikeTestFile(suites[0]!)) event.file = toRepoPath(suites[0]!, root) ?? suites[0];
      if (failed && !skipped) {
        if (yaml.failureType === 'subtestsFailed' || SUBTESTS_FAILED.test(yaml.error ?? '')) event.own = false;
        else if (yaml.failureType || test?.asserts.length) event.own = true;
        const failure = test?.asserts.length ? assertFailure(test.asserts, event.file, root) : pointFailure(kind, event.file, yaml, before, root);
        if (kind === 'file') event.id = failure.file ?? event.file;
        if (failure.file && !event.file) event.file = failure.file;
        event.failure = failure;
      }
      events.push(event);
    }

    const folded = foldEvents(events);
    const report: TestReport = { format: 'node-test-tap', failures: folded.failures, passed: folded.passed };
    if (counts.pass !== undefined || counts.fail !== undefined) report.total = (counts.pass ?? 0) + (counts.fail ?? 0);
    else if (counts.tests !== undefined) report.total = counts.tests;
    else report.total = folded.cases;
    return report;
  },
});

/** tape: `# name` comments are the tests, the points under each its assertions. */
function readTape(lines: readonly string[], root: string): TestReport {
  const events: TestEvent[] = [];
  let test: { name: string; asserts: Open['asserts']; points: number } | undefined;
  let loose: string[] = [];
  let planned = false;
  const close = (crash?: { message: string; stack: string }) => {
    if (!test || (!test.points && !crash)) return;
    const failed = test.asserts.length > 0 || crash !== undefined;
    const event: TestEvent = { kind: 'case', suites: [], name: test.name, result: failed ? 'fail' : 'pass' };
    if (failed) {
      // The process died inside the test (an uncaught throw): tape prints no point for it, node its error.
      const failure = crash ? makeFailure(crash, root) : assertFailure(test.asserts, undefined, root);
      event.file = failure.file;
      event.fileInId = false;
      event.failure = failure;
    }
    events.push(event);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const comment = /^# (.*\S)\s*$/.exec(line);
    if (comment && !SUMMARY.test(line)) {
      close();
      test = { name: comment[1]!, asserts: [], points: 0 };
      continue;
    }
    if (/^1\.\.\d+/.test(line)) planned = true;
    const point = POINT.exec(line);
    if (!point) loose.push(line);
    if (!point || point[1]!.length > 0) continue;
    loose = [];
    const { name, directive } = splitDirective(point[3] ?? '');
    const block = yamlAfter(lines, i);
    const yaml = block.yaml;
    i = block.end;
    test ??= { name, asserts: [], points: 0 };
    test.points++;
    if (point[2] === 'not ok' && !/^(SKIP|TODO)\b/i.test(directive)) test.asserts.push({ name, yaml });
  }
  close(planned ? undefined : crashDetails(loose));
  const folded = foldEvents(events);
  return { format: 'node-test-tap', failures: folded.failures, passed: folded.passed, total: folded.cases };
}

/** Cuts `name # directive` at the first ` #` that TAP did not escape as `\#`. */
function splitDirective(text: string): { name: string; directive: string } {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '#' && (i === 0 || text[i - 1] === ' ')) {
      return { name: unescape(text.slice(0, i).trimEnd()), directive: text.slice(i + 1).trim() };
    }
  }
  return { name: unescape(text.trimEnd()), directive: '' };
}

function unescape(name: string): string {
  return name.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** A node --test point's own YAML (error, expected, actual, stack), or a whole file that did not load. */
function pointFailure(kind: string, file: string | undefined, yaml: Record<string, string>, before: string[], root: string): FailureDetails {
  const where = yaml.location ? locationOf(yaml.location, root) : undefined;
  if (kind === 'file') {
    const crash = crashDetails(before);
    return makeFailure({ file, message: crash?.message ?? yaml.error ?? 'test failed', stack: crash?.stack }, root);
  }
  const error = yaml.error ?? '';
  const message = tidyMessage((yaml.name && !error.startsWith(yaml.name) ? `${yaml.name}: ${error}` : error).split('\n'));
  const stack = stackOf(yaml.stack);
  return makeFailure(
    {
      file: where?.file ?? file ?? testFileOf(findLocations(stack, root)),
      message,
      expected: yaml.expected,
      actual: yaml.actual,
      stack,
      extraLocations: where ? [where] : undefined,
    },
    root,
  );
}

/** A node-tap test that failed through its assertions: their names and diffs are the message. */
function assertFailure(asserts: Open['asserts'], file: string | undefined, root: string): FailureDetails {
  const first = asserts[0]!.yaml;
  const parts = asserts.map(({ name, yaml }) => {
    const detail =
      yaml.diff ??
      (yaml.wanted !== undefined
        ? `wanted: ${yaml.wanted}\nfound: ${yaml.found}`
        : yaml.expected !== undefined
          ? `expected: ${yaml.expected}\nactual: ${yaml.actual}`
          : (yaml.message ?? ''));
    return detail ? `${name}\n${detail}` : name;
  });
  const where = atOf(first.at, root);
  return makeFailure(
    {
      file: where?.file ?? file,
      message: tidyMessage(parts.join('\n\n').split('\n')),
      expected: first.wanted ?? first.expected,
      actual: first.found ?? first.actual,
      stack: stackOf(first.stack),
      extraLocations: where ? [where] : undefined,
    },
    root,
  );
}

/** node-tap's `at:` block: `file`/`line`/`column` (tap 16) or `fileName`/`lineNumber`/`columnNumber` (tap 18+). */
function atOf(at: string | undefined, root: string): SourceLocation | undefined {
  if (!at) return undefined;
  // tape: `Test.<anonymous> (/abs/test/x.js:12:5)`
  if (!at.includes('\n') && /:\d+:\d+\)?$/.test(at)) return findLocations(at, root)[0];
  const fields = readYaml(at.split('\n'));
  const file = fields.file ?? fields.fileName;
  const line = Number(fields.line ?? fields.lineNumber);
  if (!file || !line) return undefined;
  const rel = toRepoPath(file, root);
  if (!rel) return undefined;
  const column = Number(fields.column ?? fields.columnNumber);
  return column ? { file: rel, line, column } : { file: rel, line };
}

function stackOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => `    at ${l.trim()}`)
    .join('\n');
}

/** The flat YAML a TAP block holds: scalars, block scalars (`|-`) and nested values kept as text. */
/** The YAML diagnostics block (`---` … `...`) right after line `i`, and the line it ends on (`i` when there is none). */
function yamlAfter(lines: readonly string[], i: number): { yaml: Record<string, string>; end: number } {
  if (lines[i + 1]?.trim() !== '---') return { yaml: {}, end: i };
  const block: string[] = [];
  let j = i + 2;
  for (; j < lines.length && lines[j]!.trim() !== '...'; j++) block.push(lines[j]!);
  return { yaml: readYaml(block), end: j };
}

function readYaml(block: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const content = block.filter((l) => l.trim());
  if (!content.length) return out;
  const base = content.reduce((min, l) => Math.min(min, indentOf(l)), Infinity);
  for (let i = 0; i < block.length; i++) {
    const line = block[i]!;
    const m = indentOf(line) === base ? /^\s*([\w-]+):(?: (.*))?$/.exec(line) : null;
    if (!m) continue;
    const raw = (m[2] ?? '').trim();
    if (raw === '' || /^[|>][-+0-9]*$/.test(raw)) {
      const nested: string[] = [];
      let j = i + 1;
      for (; j < block.length && (!block[j]!.trim() || indentOf(block[j]!) > base); j++) nested.push(block[j]!);
      i = j - 1;
      out[m[1]!] = dedent(nested.join('\n')).trimEnd();
    } else {
      out[m[1]!] = unquote(raw);
    }
  }
  return out;
}

function unquote(raw: string): string {
  if (raw === '~' || raw === 'null') return '';
  if (raw.startsWith("'") && raw.endsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  if (raw.startsWith('"') && raw.endsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  return raw;
}
