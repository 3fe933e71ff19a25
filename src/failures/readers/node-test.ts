/**
 * `node --test` with its two text reporters.
 *
 * spec (the default on a TTY, and on a pipe since node 23): a tree (`▶ suite`, `✔ test (1ms)`, `✖ test (1ms)`),
 * the `ℹ tests 9` / `ℹ pass 5` / `ℹ fail 4` summary, then `✖ failing tests:` with, per failure, `test at
 * file:line:col`, the test's own name (not its suites) and the error. Node 20 also prints each error inside the tree.
 *
 * tap (the default on a pipe up to node 22, or `--test-reporter=tap`): `TAP version 13`, `# Subtest: name`
 * before each test, `ok`/`not ok N - name` with a YAML block (location, error, expected, actual, stack), and a
 * `# tests 9` / `# pass 5` / `# fail 4` summary.
 *
 * A test file that fails to load runs as one test named by its path; the error it printed comes just before.
 * Neither reporter names the file of a passing test, so ids are the full name alone (each failure still gives
 * its file, from its location): a test keeps the same id whether it fails or passes.
 */
import { boundedReader } from './bounded.js';
import { findLocations, toRepoPath } from '../locations.js';
import type { Reader, TestReport } from '../test-report.js';
import { dedent } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { crashDetails, indentOf, locationOf, looksLikeTestFile, makeFailure, splitLines, stripDuration, testFileOf, tidyMessage } from './js-common.js';

const SUBTESTS_FAILED = /^'?\d+ subtests? failed'?$/;

/* ------------------------------------------------------------------ spec */

const SPEC_TESTS = /^ℹ tests \d+[ \t]*$/m;
const SPEC_PASS = /^ℹ pass (\d+)[ \t]*$/m;
const SPEC_FAIL = /^ℹ fail (\d+)[ \t]*$/m;
const SPEC_TREE = /^(\s*)([▶✔✖﹣⚠]) (.+)$/;

interface SpecEntry {
  /** Full name, suites joined by ' > '. */
  full: string;
  /** The test's own name. */
  leaf: string;
  suites: string[];
  indent: number;
  failed: boolean;
  suite: boolean;
  /** Error details printed inside the tree (node 20). */
  inline: string[];
  /** Lines printed just before the entry outside the tree (a crashing test file's stderr). */
  before: string[];
  matched?: boolean;
}

export const nodeTestSpecReader: Reader = boundedReader({
  name: 'node-test-spec',
  read({ output, root }) {
    if (!SPEC_TESTS.test(output) || !SPEC_PASS.test(output)) return undefined;
    const lines = splitLines(output);
    const failingAt = lines.findIndex((l) => /^✖ failing tests:\s*$/.test(l));
    const summaryAt = lines.findIndex((l) => /^ℹ tests \d+\s*$/.test(l));
    const treeEnd = [failingAt, summaryAt].filter((n) => n >= 0).reduce((a, b) => Math.min(a, b), lines.length);
    const entries = readSpecTree(lines.slice(0, treeEnd));

    const events: TestEvent[] = [];
    if (failingAt >= 0) {
      for (const item of readFailingSection(lines.slice(failingAt + 1))) {
        const entry =
          entries.find((e) => !e.matched && e.failed && !e.suite && e.leaf === item.name) ??
          entries.find((e) => !e.matched && e.failed && e.leaf === item.name);
        if (entry) entry.matched = true;
        events.push(specFailure(entry?.full ?? item.name, item.details, entry?.before ?? [], item.location, entry, root));
      }
    } else {
      for (const entry of entries.filter((e) => e.failed)) {
        events.push(specFailure(entry.full, entry.inline, entry.before, undefined, entry, root));
      }
    }
    for (const e of entries.filter((e) => !e.failed && !e.matched)) {
      events.push({ kind: e.suite ? 'suite' : 'case', suites: e.suites, name: e.leaf, result: 'pass', fileInId: false });
    }
    const folded = foldEvents(events);

    const report: TestReport = {
      format: 'node-test-spec',
      failures: folded.failures,
      total: Number(SPEC_PASS.exec(output)?.[1] ?? 0) + Number(SPEC_FAIL.exec(output)?.[1] ?? 0),
      passed: folded.passed,
    };
    if (!entries.length) delete report.passed;
    return report;
  },
});

function readSpecTree(lines: string[]): SpecEntry[] {
  const entries: SpecEntry[] = [];
  let open: { indent: number; name: string }[] = [];
  let before: string[] = [];
  let current: SpecEntry | undefined;
  for (const line of lines) {
    const m = SPEC_TREE.exec(line);
    if (!m) {
      // Indented under a failing entry: its error (node 20). Anything else: output between entries.
      if (current?.failed && before.length === 0 && (!line.trim() || indentOf(line) > current.indent)) {
        current.inline.push(line);
      } else {
        before.push(line);
      }
      continue;
    }
    const indent = m[1]!.length;
    const mark = m[2]!;
    const directive = / # (SKIP|TODO)\b.*$/.exec(m[3]!);
    const text = stripDuration(m[3]!.replace(/ # (SKIP|TODO)\b.*$/, ''));
    if (mark === '▶') {
      open = open.filter((s) => s.indent < indent);
      open.push({ indent, name: text });
      before = [];
      current = undefined;
      continue;
    }
    const top = open[open.length - 1];
    const closing = top !== undefined && top.indent === indent && top.name === text;
    if (closing) open.pop();
    else open = open.filter((s) => s.indent < indent);
    current = {
      full: [...open.map((s) => s.name), text].join(' > '),
      suites: open.map((s) => s.name),
      leaf: text,
      indent,
      failed: mark === '✖',
      suite: closing,
      inline: [],
      before,
    };
    before = [];
    if (directive || mark === '﹣') continue;
    entries.push(current);
  }
  return entries;
}

function readFailingSection(lines: string[]): { name: string; location?: string; details: string[] }[] {
  const items: { name: string; location?: string; details: string[] }[] = [];
  let location: string | undefined;
  for (const line of lines) {
    const at = /^test at (.+?)\s*$/.exec(line);
    if (at) {
      location = at[1];
      continue;
    }
    const head = /^✖ (.+)$/.exec(line);
    if (head) {
      items.push({ name: stripDuration(head[1]!), location, details: [] });
      location = undefined;
      continue;
    }
    items[items.length - 1]?.details.push(line);
  }
  return items;
}

function specFailure(full: string, details: string[], before: string[], location: string | undefined, entry: SpecEntry | undefined, root: string): TestEvent {
  const body = dedent(details.join('\n')).split('\n');
  const stackAt = body.findIndex((l) => /^\s*at /.test(l));
  const messageLines = stackAt >= 0 ? body.slice(0, stackAt) : body;
  // node quotes a bare string error: 'test failed'
  const message = tidyMessage(messageLines).replace(/^'([^'\n]*)'$/, '$1');
  const named = { suites: entry?.suites ?? [], name: entry?.leaf ?? full, result: 'fail', fileInId: false } as const;
  // node says a suite failed because its tests did: nothing of its own to report.
  if (SUBTESTS_FAILED.test(message) || (entry?.suite && !message)) return { ...named, kind: 'suite', own: false };
  const stack: string[] = [];
  let props: string[] = [];
  if (stackAt >= 0) {
    let k = stackAt;
    for (; k < body.length && /^\s*at /.test(body[k]!); k++) stack.push(`    ${body[k]!.trim().replace(/ \{$/, '')}`);
    if (/ \{$/.test(body[k - 1]!)) props = body.slice(k);
  }
  const where = location ? locationOf(location, root) : undefined;
  const leaf = entry?.leaf ?? full;

  // A test file that failed as a whole: node names the test after the file.
  if (looksLikeTestFile(leaf) && (!entry || entry.indent === 0)) {
    const file = toRepoPath(leaf, root) ?? where?.file ?? leaf;
    const crash = crashDetails(before);
    const failure = makeFailure({ file, message: crash?.message ?? message, stack: crash?.stack }, root);
    return { ...named, suites: [], kind: 'file', file, id: file, failure: failure };
  }

  const fields = readProps(props);
  const file = where?.file ?? testFileOf(findLocations(stack.join('\n'), root));
  const failure = makeFailure(
    {
      file,
      message,
      expected: fields.expected,
      actual: fields.actual,
      stack: stack.join('\n'),
      extraLocations: where ? [where] : undefined,
    },
    root,
  );
  // A suite with an error of its own (a hook): it failed by itself.
  return { ...named, kind: entry?.suite ? 'suite' : 'case', own: entry?.suite ? true : undefined, file, failure: failure };
}

/** The `{ actual: …, expected: … }` properties node prints after an assertion error's stack. */
function readProps(lines: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const content = lines.filter((l) => l.trim() && l.trim() !== '}');
  if (!content.length) return out;
  const base = Math.min(...content.map(indentOf));
  let key: string | undefined;
  for (const line of lines) {
    if (line.trim() === '}' && indentOf(line) < base) break;
    const m = indentOf(line) === base ? /^\s*(\w+): (.*)$/.exec(line) : null;
    if (m) {
      key = m[1]!;
      out[key] = m[2]!;
    } else if (key && line.trim()) {
      out[key] += `\n${line.slice(base)}`;
    }
  }
  for (const k of Object.keys(out)) out[k] = out[k]!.replace(/,$/, '');
  return out;
}

/* ------------------------------------------------------------------- tap */

// One TAP reader serves node --test and node-tap.
export { tapReader as nodeTestTapReader } from './tap.js';
