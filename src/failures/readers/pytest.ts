import { boundedReader } from './bounded.js';
import path from 'node:path';
import type { Reader, SourceLocation, TestFailure, TestReport } from '../test-report.js';
import { findLocations } from '../locations.js';
import { clampLines, outputLines } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { type Entry, finalCounts, isPytest, scan, type Section, verboseEntries } from './pytest-lines.js';
import { type PythonDetails, pythonDetails } from './python-traceback.js';

/**
 * Reads pytest's terminal output (default, -v, -q, -rA). The short test summary
 * ("FAILED tests/test_x.py::test_a[1] - ...") gives the node ids; the FAILURES/ERRORS
 * sections give the message, the assertion operands and the traceback locations.
 *
 * pytest 9's subtests: a failing subtest is a "SUBFAILED(i=2) <test id>" line and a section headed
 * "test_a (i=2)"; it is a failure of its test (pytest cannot run one subtest by itself). The test's own
 * "contains 1 failed subtest" FAILED line says nothing more and is dropped; a unittest test with a failing
 * subTest has no FAILED line at all, and pytest even counts it as passed.
 */
const CONTAINS_SUBTESTS = /^contains \d+ failed subtests?$/;
const isFailed = (e: Entry) => e.kind === 'FAILED' || e.kind === 'ERROR' || e.kind === 'SUBFAILED';

export const pytestReader: Reader = boundedReader({
  name: 'pytest',
  read({ output, root }) {
    const lines = outputLines(output);
    if (!isPytest(lines)) return undefined;

    const prefix = rootdirPrefix(lines, root);
    const counts = finalCounts(lines);
    const { sections, shortEntries, hasShortSummary } = scan(lines);
    const verbose = verboseEntries(lines);

    const events: TestEvent[] = [];
    const used = new Set<Entry>();
    const failedEntries = shortEntries.filter(isFailed);
    const verboseFailed = verbose.filter(isFailed);
    const subEvents = new Set<TestEvent>();

    // A test that fails and then errors in teardown is reported twice: the fold keeps one, with both messages.
    const add = (nodeid: string, details: PythonDetails, fallbackMessage?: string, sub?: string) => {
      const file = nodeFile(nodeid, prefix);
      const message = details.message || (fallbackMessage ?? '');
      const failure: Omit<TestFailure, 'id' | 'name'> = {
        file,
        // The id cannot say which subtest failed: the message does.
        message: sub === undefined ? message : `subtest ${sub}: ${message || 'failed'}`,
        locations: testFileFirst(details.locations, file),
      };
      if (details.expected !== undefined) failure.expected = details.expected;
      if (details.actual !== undefined) failure.actual = details.actual;
      if (details.stack) failure.stack = details.stack;
      // A node id without `::` is a file that did not collect: it failed by itself.
      const kind = nodeid.includes('::') ? 'case' : 'file';
      const event: TestEvent = { kind, suites: [], name: nodeid, id: nodeid, file, result: 'fail', own: kind === 'file' || undefined, failure };
      events.push(event);
      if (sub !== undefined) subEvents.add(event);
    };

    for (const section of sections) {
      const details = pythonDetails(section.body, root, prefix);
      const entry = matchSection(section, failedEntries, used) ?? matchSection(section, verboseFailed, used);
      const guess = entry ? undefined : guessNodeId(section);
      add(entry?.nodeid ?? guess!.nodeid, details, entry?.message, entry ? entry.sub : guess!.sub);
    }
    // Failures named in the short summary whose section was not printed (--tb=no, -x, ...).
    for (const entry of failedEntries) {
      if (used.has(entry)) continue;
      used.add(entry);
      add(entry.nodeid, { message: entry.message ?? '', locations: [] }, undefined, entry.sub);
    }
    if (!hasShortSummary && sections.length === 0) {
      for (const entry of verboseFailed) add(entry.nodeid, { message: '', locations: [] }, undefined, entry.sub);
    }
    dropSubtestTallies(events, subEvents);
    const passStates = new Set(['PASSED', 'XFAIL', 'XPASS']);
    for (const e of [...verbose, ...shortEntries.filter((e) => e.kind === 'PASSED')]) {
      if (passStates.has(e.kind)) events.push({ kind: 'case', suites: [], name: e.nodeid, id: e.nodeid, result: 'pass' });
    }
    const folded = foldEvents(events);
    for (const f of folded.failures) f.message ||= 'test failed';
    const failures = folded.failures;
    if (failures.length === 0) addUsageErrors(lines, failures, root);

    const report: TestReport = { format: 'pytest', failures };
    if (counts) {
      // "failed" counts each failing subtest too; every run prints each of them in at least one list.
      const subFailures = Math.max(subEvents.size, ...[shortEntries, verbose].map((list) => list.filter((e) => e.kind === 'SUBFAILED').length));
      report.total =
        (counts.passed ?? 0) + Math.max(0, (counts.failed ?? 0) - subFailures) + (counts.error ?? 0) + (counts.xfailed ?? 0) + (counts.xpassed ?? 0);
    }
    if (verbose.length > 0 || shortEntries.some((e) => e.kind === 'PASSED')) report.passed = folded.passed;
    return report;
  },
});

/** "tests/x.py::TestA::test_b[p::q]" → "TestA.test_b[p::q]", the head pytest prints above a failure. */
function domain(nodeid: string): string {
  const at = nodeid.indexOf('::');
  if (at < 0) return nodeid;
  const rest = nodeid.slice(at + 2);
  const bracket = rest.indexOf('[');
  const base = bracket >= 0 ? rest.slice(0, bracket) : rest;
  return base.replaceAll('::', '.') + (bracket >= 0 ? rest.slice(bracket) : '');
}

/** "contains 2 failed subtests" only tallies failures already reported with their own message. */
function dropSubtestTallies(events: TestEvent[], subEvents: Set<TestEvent>): void {
  const withSubtests = new Set([...subEvents].map((e) => e.id));
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (!subEvents.has(e) && withSubtests.has(e.id) && CONTAINS_SUBTESTS.test(e.failure?.message ?? '')) events.splice(i, 1);
  }
}

function matchSection(section: Section, entries: Entry[], used: Set<Entry>): Entry | undefined {
  const head = section.head;
  const collecting = /^ERROR collecting (.+)$/.exec(head);
  const phase = /^ERROR at (?:setup|teardown) of (.+)$/.exec(head);
  for (const entry of entries) {
    if (used.has(entry)) continue;
    let ok: boolean;
    if (collecting) ok = entry.kind === 'ERROR' && (entry.nodeid === collecting[1] || entry.nodeid.endsWith(`/${collecting[1]}`));
    else if (phase) ok = entry.kind === 'ERROR' && domain(entry.nodeid) === phase[1];
    else if (entry.kind === 'SUBFAILED') ok = section.kind === 'failed' && `${domain(entry.nodeid)} ${entry.sub}` === head;
    else ok = (section.kind === 'error' ? entry.kind === 'ERROR' : entry.kind === 'FAILED') && domain(entry.nodeid) === head;
    if (ok) {
      used.add(entry);
      return entry;
    }
  }
  return undefined;
}

/** Without a summary line naming it: the test file is the first traceback entry of the section. */
function guessNodeId(section: Section): { nodeid: string; sub?: string } {
  const collecting = /^ERROR collecting (.+)$/.exec(section.head);
  if (collecting) return { nodeid: collecting[1]! };
  const { name, sub } = splitSubtestHead(section.head.replace(/^ERROR at (?:setup|teardown) of /, ''));
  const m = /^([^\s:]+\.py):\d+:(?: |$)/m.exec(section.body);
  const bracket = name.indexOf('[');
  const base = bracket >= 0 ? name.slice(0, bracket) : name;
  const nodeid = m ? `${m[1]}::${base.replaceAll('.', '::')}${bracket >= 0 ? name.slice(bracket) : ''}` : name;
  return sub === undefined ? { nodeid } : { nodeid, sub };
}

/**
 * "T.test_u[p q] (i=1)" → "T.test_u[p q]" and "(i=1)": a test's own head has no space outside its parameter
 * brackets, so the first one there starts a subtest's description.
 */
function splitSubtestHead(head: string): { name: string; sub?: string } {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === ' ' && depth === 0) {
      // "[doctest] mod.func" is a head of its own, not a subtest.
      const sub = head.slice(i + 1);
      return i > 0 && head[0] !== '[' && /^[[(]/.test(sub) ? { name: head.slice(0, i), sub } : { name: head };
    }
  }
  return { name: head };
}

function nodeFile(nodeid: string, prefix: string): string | undefined {
  const file = nodeid.split('::')[0]!;
  if (!/\.py$/.test(file)) return undefined;
  return prefix ? `${prefix}/${file}` : file;
}

/** pytest prints paths relative to its rootdir; when that is a subfolder of the repo, prefix them. */
function rootdirPrefix(lines: readonly string[], root: string): string {
  for (const line of lines) {
    const m = /^rootdir: (.+?)(?:, (?:configfile|inifile|testpaths):.*)?$/.exec(line);
    if (!m) continue;
    const rel = path.relative(root, m[1]!.trim());
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return '';
    return rel.split(path.sep).join('/');
  }
  return '';
}

function testFileFirst(locations: SourceLocation[], file: string | undefined): SourceLocation[] {
  if (!file) return locations;
  return [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)];
}

/** "ERROR: file or directory not found: x", "INTERNALERROR>": a run that failed before any test. */
function addUsageErrors(lines: readonly string[], failures: TestFailure[], root: string): void {
  const bad = lines.filter((l) => /^(ERROR: |INTERNALERROR> |ImportError while loading conftest)/.test(l));
  if (bad.length === 0) return;
  const message = clampLines(bad.join('\n'), 30);
  failures.push({ id: 'pytest', name: 'pytest', message, locations: findLocations(message, root) });
}
