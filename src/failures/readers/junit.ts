import { existsSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { failureId, type SourceLocation, type TestFailure, type TestReport } from '../test-report.js';
import { findLocations, toRepoPath, trimStack } from '../locations.js';
import { clampLines } from '../text.js';
import { pythonDetails } from './python-traceback.js';
import { foldEvents, withoutName, type TestEvent } from '../events.js';

/**
 * Reads JUnit XML reports (<testsuites>/<testsuite>/<testcase>, nested suites, jest-junit,
 * pytest --junitxml, surefire, ...). pytest cases get pytest node ids, so they match the
 * ids of the pytest text reader.
 */

type XmlNode = Record<string, unknown>;

interface Case {
  classname: string;
  name: string;
  file?: string;
  line?: number;
  suite: string;
  pytest: boolean;
  outcome: 'passed' | 'failed' | 'skipped';
  problem?: { message: string; body: string };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  htmlEntities: true,
  // The XML is written by the code under test. Pinned, not left to the library's defaults: entities
  // are expanded one level only (a billion laughs stays text), each small, their total output
  // bounded (the count of expansions is not: `&lt;` in a long Java failure counts too); nesting past 100 levels refuses the file (the output's own reader still runs).
  processEntities: { enabled: true, maxEntitySize: 10_000, maxEntityCount: 100, maxExpandedLength: 100_000 },
  maxNestedTags: 100,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name),
});

export function readJunitXml(xmlTexts: { path: string; text: string }[], root: string): TestReport | undefined {
  const cases: Case[] = [];
  let sawSuite = false;
  for (const { text } of xmlTexts) {
    let doc: XmlNode;
    try {
      doc = parser.parse(text) as XmlNode;
    } catch {
      continue;
    }
    const top = (doc.testsuites ?? doc.testsuite) as unknown;
    if (top === undefined) continue;
    sawSuite = true;
    const pytestDoc = /^pytest/.test(String((doc.testsuites as XmlNode | undefined)?.name ?? ''));
    for (const node of asArray(top)) walk(node as XmlNode, cases, { file: undefined, pytest: pytestDoc, suite: '' });
  }
  if (!sawSuite) return undefined;

  const modules = pytestModules(cases, root);
  const events: TestEvent[] = cases.map((c) => {
    const { id, name, file } = identify(c, root, modules);
    // pytest names a module that did not collect by its path alone: a file that failed by itself.
    const kind = c.pytest && !id.includes('::') ? 'file' : 'case';
    const result = c.outcome === 'passed' ? 'pass' : c.outcome === 'skipped' ? 'skip' : 'fail';
    const event: TestEvent = { kind, suites: [], name: id, id, label: name, file, result, own: kind === 'file' || undefined };
    if (result === 'fail') event.failure = withoutName(toFailure(c, id, name, file, root));
    return event;
  });
  const folded = foldEvents(events);
  // The count is the XML's: every <testcase> that was not skipped (pytest writes a collection error as one).
  const total = cases.filter((c) => c.outcome !== 'skipped').length;
  return { format: 'junit', total, passed: folded.passed, failures: folded.failures };
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function attr(node: XmlNode, name: string): string | undefined {
  const v = node[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

function text(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object') {
    const t = (node as XmlNode)['#text'];
    return typeof t === 'string' ? t : '';
  }
  return '';
}

function walk(node: XmlNode, cases: Case[], ctx: { file?: string; pytest: boolean; suite: string }): void {
  // <testsuites> inside <testsuites> happens with some merged reports.
  for (const inner of asArray(node.testsuites)) walk(inner as XmlNode, cases, ctx);
  const suiteName = attr(node, 'name') ?? '';
  const here = {
    file: attr(node, 'file') ?? attr(node, 'filepath') ?? ctx.file,
    pytest: ctx.pytest || suiteName === 'pytest',
    suite: suiteName || ctx.suite,
  };
  for (const child of asArray(node.testsuite)) walk(child as XmlNode, cases, here);
  for (const raw of asArray(node.testcase)) {
    const tc = (typeof raw === 'object' && raw ? raw : {}) as XmlNode;
    const problems = [...asArray(tc.failure), ...asArray(tc.error)];
    const c: Case = {
      classname: attr(tc, 'classname') ?? attr(tc, 'class') ?? '',
      name: attr(tc, 'name') ?? '',
      file: attr(tc, 'file') ?? here.file,
      suite: here.suite,
      pytest: here.pytest,
      outcome: problems.length > 0 ? 'failed' : tc.skipped !== undefined ? 'skipped' : 'passed',
    };
    const line = Number(attr(tc, 'line'));
    if (line) c.line = line;
    if (problems.length > 0) {
      const first = problems[0] as XmlNode | string;
      const message = typeof first === 'object' ? (attr(first, 'message') ?? '') : '';
      const body = problems
        .map((p) => text(p))
        .filter(Boolean)
        .join('\n\n');
      c.problem = { message, body };
    }
    cases.push(c);
  }
}

/**
 * pytest classnames are dotted module paths plus classes ("tests.test_x.TestA"). Finds the module
 * part: a file under root, or a path named in a traceback, or the segments before the first class.
 */
function pytestModules(cases: Case[], root: string): Set<string> {
  const modules = new Set<string>();
  for (const c of cases) {
    if (!c.pytest || !c.problem) continue;
    for (const m of c.problem.body.matchAll(/^([^\s:]+)\.py:\d+:(?: |$)/gm)) modules.add(m[1]!.replace(/\//g, '.'));
    for (const m of c.problem.body.matchAll(/File "([^"]+)\.py", line \d+/g)) {
      const rel = toRepoPath(m[1]!, root);
      if (rel) modules.add(rel.replace(/\//g, '.'));
    }
  }
  return modules;
}

function pytestNodeId(c: Case, root: string, modules: Set<string>): { nodeid: string; file: string } | undefined {
  // Collection errors: classname "" and name "tests.test_x".
  const dotted = c.classname ? c.classname : c.name;
  const rest = c.classname ? [c.name] : [];
  const segments = dotted.split('.');
  let split = -1;
  if (c.file && /\.py$/.test(c.file)) {
    const mod = c.file.replace(/\.py$/, '').replace(/\//g, '.');
    if (dotted === mod || dotted.startsWith(`${mod}.`)) split = mod.split('.').length;
  }
  for (let k = segments.length; k > 0 && split < 0; k--) {
    const mod = segments.slice(0, k).join('.');
    if (modules.has(mod) || existsSync(path.join(root, `${segments.slice(0, k).join('/')}.py`))) split = k;
  }
  if (split < 0) {
    const firstClass = segments.findIndex((s) => /^[A-Z]/.test(s));
    split = firstClass > 0 ? firstClass : segments.length;
  }
  if (split <= 0) return undefined;
  const file = `${segments.slice(0, split).join('/')}.py`;
  const parts = [...segments.slice(split), ...rest];
  return { nodeid: parts.length ? `${file}::${parts.join('::')}` : file, file };
}

function identify(c: Case, root: string, modules: Set<string>): { id: string; name: string; file?: string } {
  if (c.pytest) {
    const node = pytestNodeId(c, root, modules);
    if (node) return { id: node.nodeid, name: node.nodeid, file: node.file };
  }
  let file = c.file ? toRepoPath(c.file, root) : undefined;
  let classname = c.classname;
  if (!file && /[\\/]/.test(classname) && /\.\w+$/.test(classname)) {
    // vitest and others put the test file in classname.
    file = toRepoPath(classname, root);
    if (file) classname = '';
  }
  let name = c.name;
  if (classname && classname !== name && !name.startsWith(`${classname} `) && !name.startsWith(`${classname}.`)) {
    name = `${classname} > ${name}`;
  }
  return { id: failureId(file, name), name, file };
}

function toFailure(c: Case, id: string, name: string, file: string | undefined, root: string): TestFailure {
  const problem = c.problem ?? { message: '', body: '' };
  const failure: TestFailure = { id, name, message: '', locations: [] };
  if (file) failure.file = file;

  if (/^E /m.test(problem.body)) {
    // A pytest traceback.
    const details = pythonDetails(problem.body, root);
    failure.message = details.message || problem.message;
    if (details.expected !== undefined) failure.expected = details.expected;
    if (details.actual !== undefined) failure.actual = details.actual;
    if (details.stack) failure.stack = details.stack;
    failure.locations = details.locations;
  } else {
    const body = problem.body.trim();
    const stackStart = body.search(/^[ \t]+at \S/m);
    const head = (stackStart >= 0 ? body.slice(0, stackStart) : body).trim();
    const msg = problem.message && !head.includes(problem.message.trim()) ? `${problem.message.trim()}\n${head}` : head || problem.message;
    failure.message = clampLines(msg.trim(), 40) || 'test failed';
    if (body) failure.stack = trimStack(body, 30);
    failure.locations = findLocations(failure.stack ?? failure.message, root);
    const ea = expectedActual(failure.message);
    if (ea) Object.assign(failure, ea);
  }
  if (c.line && file && !failure.locations.some((l) => l.file === file)) {
    failure.locations.unshift({ file, line: c.line });
  }
  failure.locations = testFileFirst(failure.locations, file);
  return failure;
}

function testFileFirst(locations: SourceLocation[], file: string | undefined): SourceLocation[] {
  if (!file) return locations;
  return [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)];
}

/** jest/vitest "Expected: x / Received: y", JUnit "expected:<x> but was:<y>". */
function expectedActual(message: string): { expected: string; actual: string } | undefined {
  const expected = /^[ \t]*Expected(?: value)?:[ \t]*(.+)$/m.exec(message);
  const received = /^[ \t]*(?:Received|Actual)(?: value)?:[ \t]*(.+)$/m.exec(message);
  if (expected && received) return { expected: expected[1]!.trim(), actual: received[1]!.trim() };
  const junit = /expected:\s*<([\s\S]*?)> but was:\s*<([\s\S]*?)>/.exec(message);
  if (junit) return { expected: junit[1]!, actual: junit[2]! };
  return undefined;
}
