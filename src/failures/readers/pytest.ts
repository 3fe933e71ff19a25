import { boundedReader } from './bounded.js';
import path from 'node:path';
import type { Reader, SourceLocation, TestFailure, TestReport } from '../test-report.js';
import { findLocations } from '../locations.js';
import { clampLines, dedent, outputLines } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';

/**
 * Reads pytest's terminal output (default, -v, -q, -rA). The short test summary
 * ("FAILED tests/test_x.py::test_a[1] - ...") gives the node ids; the FAILURES/ERRORS
 * sections give the message, the assertion operands and the traceback locations.
 */

const STATUS = 'PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS';
const SUMMARY_ITEM = '\\d+ (?:failed|passed|skipped|deselected|xfailed|xpassed|errors?|warnings?|rerun)';
/** "===== 3 failed, 5 passed, 1 skipped in 1.02s =====" (the "=" fill is absent with -q). */
const FINAL_LINE = new RegExp(`^(?:=+ )?((?:${SUMMARY_ITEM})(?:, ${SUMMARY_ITEM})*|no tests ran) in [\\d.]+s(?: \\([^)]*\\))?(?: =+)?$`);
const BANNER = /^=+ (.+?) =+$/;
const SECTION_HEAD = /^_{3,} (.+?) _{3,}$/;
const VERBOSE_LINE = new RegExp(`^(\\S.*?::.*?) (${STATUS})(?: \\(.*\\))?(?:\\s+\\[\\s*\\d+%\\])?$`);
const XDIST_LINE = new RegExp(`^\\[gw\\d+\\] \\[\\s*\\d+%\\] (${STATUS}) (\\S.*?::.*)$`);
const SHORT_LINE = new RegExp(`^(${STATUS}) (\\S.*)$`);

interface Entry {
  kind: string;
  nodeid: string;
  message?: string;
}

interface Section {
  kind: 'failed' | 'error';
  head: string;
  body: string;
}

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
    const failedEntries = shortEntries.filter((e) => e.kind === 'FAILED' || e.kind === 'ERROR');
    const verboseFailed = verbose.filter((e) => e.kind === 'FAILED' || e.kind === 'ERROR');

    // A test that fails and then errors in teardown is reported twice: the fold keeps one, with both messages.
    const add = (nodeid: string, details: PythonDetails, fallbackMessage?: string) => {
      const file = nodeFile(nodeid, prefix);
      const failure: Omit<TestFailure, 'id' | 'name'> = {
        file,
        message: details.message || (fallbackMessage ?? ''),
        locations: testFileFirst(details.locations, file),
      };
      if (details.expected !== undefined) failure.expected = details.expected;
      if (details.actual !== undefined) failure.actual = details.actual;
      if (details.stack) failure.stack = details.stack;
      // A node id without `::` is a file that did not collect: it failed by itself.
      const kind = nodeid.includes('::') ? 'case' : 'file';
      events.push({ kind, suites: [], name: nodeid, id: nodeid, file, result: 'fail', own: kind === 'file' || undefined, failure });
    };

    for (const section of sections) {
      const details = pythonDetails(section.body, root, prefix);
      const entry = matchSection(section, failedEntries, used) ?? matchSection(section, verboseFailed, used);
      const nodeid = entry?.nodeid ?? guessNodeId(section);
      add(nodeid, details, entry?.message);
    }
    // Failures named in the short summary whose section was not printed (--tb=no, -x, ...).
    for (const entry of failedEntries) {
      if (used.has(entry)) continue;
      used.add(entry);
      add(entry.nodeid, { message: entry.message ?? '', locations: [] });
    }
    if (!hasShortSummary && sections.length === 0) {
      for (const entry of verboseFailed) add(entry.nodeid, { message: '', locations: [] });
    }
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
      report.total = (counts.passed ?? 0) + (counts.failed ?? 0) + (counts.error ?? 0) + (counts.xfailed ?? 0) + (counts.xpassed ?? 0);
    }
    if (verbose.length > 0 || shortEntries.some((e) => e.kind === 'PASSED')) report.passed = folded.passed;
    return report;
  },
});

function isPytest(lines: readonly string[]): boolean {
  let banner = false;
  let sections = false;
  let short = false;
  for (const line of lines) {
    if (/^=+ test session starts =+$/.test(line)) banner = true;
    else if (/^=+ (FAILURES|ERRORS) =+$/.test(line)) sections = true;
    else if (/^=+ short test summary info =+$/.test(line)) short = true;
    else if (FINAL_LINE.test(line)) return true;
  }
  return banner || (sections && short);
}

function finalCounts(lines: readonly string[]): Record<string, number> | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = FINAL_LINE.exec(lines[i]!);
    if (!m) continue;
    const counts: Record<string, number> = {};
    for (const item of m[1]!.matchAll(/(\d+) (\w+)/g)) {
      // "errors" and "warnings" are plural; "passed", "failed", ... are not.
      const key = item[2]!.replace(/^(error|warning)s$/, '$1');
      counts[key] = Number(item[1]);
    }
    return counts;
  }
  return undefined;
}

function scan(lines: readonly string[]): { sections: Section[]; shortEntries: Entry[]; hasShortSummary: boolean } {
  const sections: Section[] = [];
  const shortEntries: Entry[] = [];
  let hasShortSummary = false;
  let mode: 'none' | 'failed' | 'error' | 'short' = 'none';
  let current: { kind: 'failed' | 'error'; head: string; body: string[] } | undefined;
  const flush = () => {
    if (current) sections.push({ kind: current.kind, head: current.head, body: current.body.join('\n') });
    current = undefined;
  };
  for (const line of lines) {
    const banner = BANNER.exec(line);
    if (banner || /^!{3,} .* !{3,}$/.test(line) || FINAL_LINE.test(line)) {
      flush();
      const title = banner?.[1] ?? '';
      if (title === 'FAILURES') mode = 'failed';
      else if (title === 'ERRORS') mode = 'error';
      else if (title === 'short test summary info') {
        mode = 'short';
        hasShortSummary = true;
      } else mode = 'none';
      continue;
    }
    if (mode === 'failed' || mode === 'error') {
      const head = SECTION_HEAD.exec(line);
      if (head) {
        flush();
        current = { kind: mode, head: head[1]!, body: [] };
      } else current?.body.push(line);
    } else if (mode === 'short') {
      const m = SHORT_LINE.exec(line);
      if (m) shortEntries.push({ kind: m[1]!, ...splitNodeId(m[2]!) });
    }
  }
  flush();
  return { sections, shortEntries, hasShortSummary };
}

/** Splits "tests/x.py::test_a[a - b] - AssertionError: ..." into the node id and the message. */
function splitNodeId(text: string): { nodeid: string; message?: string } {
  let end = -1;
  const colons = text.indexOf('::');
  const bracket = text.indexOf('[');
  const dash = text.indexOf(' - ');
  if (colons >= 0 && bracket > colons && (dash < 0 || bracket < dash)) {
    for (let i = bracket; i < text.length; i++) {
      if (text[i] === ']' && (i === text.length - 1 || text.startsWith(' - ', i + 1))) {
        end = i + 1;
        break;
      }
    }
  }
  if (end < 0) end = dash >= 0 ? dash : text.length;
  const nodeid = text.slice(0, end).trim();
  const rest = text.slice(end);
  const message = rest.startsWith(' - ') ? rest.slice(3).trim() : undefined;
  return message ? { nodeid, message } : { nodeid };
}

function verboseEntries(lines: readonly string[]): Entry[] {
  const out: Entry[] = [];
  for (const line of lines) {
    const v = VERBOSE_LINE.exec(line);
    if (v) {
      out.push({ kind: v[2]!, nodeid: v[1]! });
      continue;
    }
    const x = XDIST_LINE.exec(line);
    if (x) out.push({ kind: x[1]!, nodeid: x[2]!.trim() });
  }
  return out;
}

/** "tests/x.py::TestA::test_b[p::q]" → "TestA.test_b[p::q]", the head pytest prints above a failure. */
function domain(nodeid: string): string {
  const at = nodeid.indexOf('::');
  if (at < 0) return nodeid;
  const rest = nodeid.slice(at + 2);
  const bracket = rest.indexOf('[');
  const base = bracket >= 0 ? rest.slice(0, bracket) : rest;
  return base.replaceAll('::', '.') + (bracket >= 0 ? rest.slice(bracket) : '');
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
    else ok = (section.kind === 'error' ? entry.kind === 'ERROR' : entry.kind === 'FAILED') && domain(entry.nodeid) === head;
    if (ok) {
      used.add(entry);
      return entry;
    }
  }
  return undefined;
}

/** Without a summary line naming it: the test file is the first traceback entry of the section. */
function guessNodeId(section: Section): string {
  const collecting = /^ERROR collecting (.+)$/.exec(section.head);
  if (collecting) return collecting[1]!;
  const name = section.head.replace(/^ERROR at (?:setup|teardown) of /, '');
  const m = /^([^\s:]+\.py):\d+:(?: |$)/m.exec(section.body);
  if (!m) return name;
  const bracket = name.indexOf('[');
  const base = bracket >= 0 ? name.slice(0, bracket) : name;
  return `${m[1]}::${base.replaceAll('.', '::')}${bracket >= 0 ? name.slice(bracket) : ''}`;
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

export interface PythonDetails {
  message: string;
  expected?: string;
  actual?: string;
  stack?: string;
  locations: SourceLocation[];
}

/**
 * Message, operands, trimmed traceback and locations of one pytest failure section
 * (also the body of a pytest <failure> in JUnit XML).
 */
export function pythonDetails(body: string, root: string, prefix = ''): PythonDetails {
  const lines = body.split('\n');
  const groups: string[][] = [];
  let last = -2;
  lines.forEach((line, i) => {
    const m = /^E(?: (.*))?$/.exec(line);
    if (!m) return;
    if (i !== last + 1 || groups.length === 0) groups.push([]);
    groups[groups.length - 1]!.push(m[1] ?? '');
    last = i;
  });
  const message = clampLines(
    groups
      .map((g) => dedent(g.map((l) => l.trimEnd()).join('\n')).trim())
      .join('\n\n')
      .trim(),
    40,
  );

  const details: PythonDetails = { message: message || lastExceptionLine(lines), locations: pythonLocations(body, root, prefix) };
  const operands = assertOperands(
    details.message
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /^(AssertionError: )?assert /.test(l)),
  );
  if (operands) Object.assign(details, operands);

  const stack = lines
    .filter((l, i) => {
      if (!l.trim() || /^(_ )+_?$/.test(l.trim())) return false;
      if (/^<frozen [^>]+>:\d+: in /.test(l)) return false;
      if (l.trim() === '???' && /^<frozen /.test(lines[i - 1] ?? '')) return false;
      return true;
    })
    .join('\n');
  if (stack) details.stack = clampLines(stack, 60);
  return details;
}

/** --tb=native has no "E" lines: the exception is the last unindented line that is not a location. */
function lastExceptionLine(lines: string[]): string {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim() || /^\s/.test(line) || /^(\S+\.py:\d+|-{3,}|_ _)/.test(line)) continue;
    return line.trim();
  }
  return '';
}

/** Locations of the traceback entries ("tests/x.py:12: in f", 'File "x.py", line 3'), inside the repo. */
export function pythonLocations(body: string, root: string, prefix = ''): SourceLocation[] {
  const refs: string[] = [];
  for (const line of body.split('\n')) {
    const entry = /^(\S[^:\s]*\.py):(\d+):(?: |$)/.exec(line);
    if (entry) {
      const file = entry[1]!;
      const withPrefix = prefix && !path.isAbsolute(file) ? `${prefix}/${file}` : file;
      refs.push(`${withPrefix}:${entry[2]}`);
      continue;
    }
    const native = /File "([^"]+)", line (\d+)/.exec(line);
    if (native) refs.push(`${native[1]}:${native[2]}`);
  }
  return findLocations(refs.join('\n'), root);
}

/** "assert 'a-b' == 'a_b'" → actual 'a-b' (left), expected 'a_b' (right), as pytest prints them. */
export function assertOperands(line: string | undefined): { expected: string; actual: string } | undefined {
  if (!line) return undefined;
  const m = /^(?:AssertionError: )?assert (.+)$/.exec(line);
  if (!m) return undefined;
  const expr = m[1]!;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && expr.startsWith(' == ', i)) {
      return { actual: expr.slice(0, i).trim(), expected: expr.slice(i + 4).trim() };
    }
  }
  return undefined;
}
