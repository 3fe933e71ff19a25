/**
 * Python's `unittest` runner (`python -m unittest`, `setup.py test`, Django's runner prints the same): a dot line
 * (or, with -v, `test_x (pkg.mod.Class.test_x) ... ok` per test), one `FAIL:`/`ERROR:` block per failure between
 * `=====` rules, then `Ran 16 tests in 0.05s` and `OK` or `FAILED (failures=2, errors=1)`.
 *
 * A test is named `method (module.Class.method)` (Python 3.11+) or `method (module.Class)`; a failing subtest adds
 * ` [msg]` or ` (key=value)`. Ids are the dotted name `python -m unittest` accepts, subtest part kept. A class or
 * module whose fixture failed (`ERROR: setUpClass (pkg.mod.Class)`) is a suite that failed by itself; a module that
 * did not import (`ERROR: mod (unittest.loader._FailedTest.mod)`) is a file that failed.
 *
 * No passing test is named: the default verbosity names none, and -v names methods but never a passing subtest, so
 * a failing subtest would have no passing twin. A fix is judged by the failures going away and `Ran N tests`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findLocations, toRepoPath } from '../locations.js';
import type { Reader, TestReport } from '../test-report.js';
import { clampLines } from '../text.js';
import { foldEvents, type TestEvent } from '../events.js';
import { boundedReader } from './bounded.js';
import { splitLines } from './js-common.js';

const RAN = /^Ran (\d+) tests? in [\d.]+s$/m;
const VERDICT = /^(?:OK|FAILED)(?: \(.*\))?$/m;
const RULE = /^={40,}$/;
const HEAD = /^(FAIL|ERROR|UNEXPECTED SUCCESS): (\S+) \(([\w.]+)\)(?: (.+))?$/;
const FIXTURES = /^(setUpClass|tearDownClass|setUpModule|tearDownModule)$/;

export const unittestReader: Reader = boundedReader({
  name: 'unittest',
  read({ output, root }) {
    if (!RAN.test(output) || !VERDICT.test(output)) return undefined;
    const lines = splitLines(output);
    const events: TestEvent[] = [];
    for (let i = 0; i < lines.length; i++) {
      const head = HEAD.exec(lines[i]!);
      if (!head || !RULE.test(lines[i - 1] ?? '')) continue;
      const body: string[] = [];
      let j = i + 1;
      if (/^-{40,}$/.test(lines[j] ?? '')) j++;
      for (; j < lines.length && !RULE.test(lines[j]!) && !/^-{40,}$/.test(lines[j]!); j++) body.push(lines[j]!);
      i = j - 1;
      events.push(failureEvent(head[2]!, head[3]!, head[4], body, root));
    }
    const folded = foldEvents(events);
    const report: TestReport = { format: 'unittest', failures: folded.failures, total: Number(RAN.exec(output)![1]) };
    return report;
  },
});

/** `method (pkg.mod.Class.method)` (3.11+) or `method (pkg.mod.Class)`: the class path and the dotted id. */
function split(method: string, where: string): { owner: string; id: string } {
  const owner = where.endsWith(`.${method}`) ? where.slice(0, -method.length - 1) : where;
  return { owner, id: `${owner}.${method}` };
}

function failureEvent(method: string, where: string, sub: string | undefined, body: string[], root: string): TestEvent {
  const text = body.join('\n').trim();
  const traceAt = body.findIndex((l) => /^Traceback \(most recent call last\):/.test(l));
  const frames = traceAt >= 0 ? body.slice(traceAt).filter((l) => /^\s+File "/.test(l) || /^\s{4}\S/.test(l)) : [];
  // The exception: the first unindented line after the traceback's frames, and what follows it (an assertion diff).
  const errorAt = traceAt >= 0 ? body.findIndex((l, k) => k > traceAt && /^\S/.test(l)) : 0;
  const message = clampLines((errorAt >= 0 ? body.slice(errorAt) : body).join('\n').trim(), 12) || text || 'test failed';
  const stack = frames.join('\n');
  const locations = findLocations(stack, root).reverse();
  const failure = { message, stack: stack || undefined, locations };

  if (where.startsWith('unittest.loader._FailedTest')) {
    // The module `method` did not import: the first frame in the repo is where it broke.
    const file = moduleFile(method, root) ?? locations.at(-1)?.file;
    return { kind: 'file', suites: [], name: file ?? method, file, id: file ?? method, result: 'fail', own: true, failure };
  }
  if (FIXTURES.test(method)) {
    // setUpClass (pkg.mod.Class) / setUpModule (pkg.mod): the class or module failed by itself.
    return { kind: 'suite', suites: [], name: where, id: where, file: moduleFile(where, root), result: 'fail', own: true, failure };
  }
  const { owner, id } = split(method, where);
  const file = moduleFile(owner, root);
  const ordered = file ? [...locations.filter((l) => l.file === file), ...locations.filter((l) => l.file !== file)] : locations;
  // assertEqual(first, second) prints `first != second`; the usual order is (actual, expected).
  const ea = /^AssertionError: (.+?) != (.+)$/m.exec(message);
  const full = sub ? `${id} ${sub}` : id;
  return {
    kind: 'case',
    suites: [],
    name: full,
    id: full,
    file,
    result: 'fail',
    failure: { ...failure, locations: ordered, ...(ea ? { actual: ea[1]!, expected: ea[2]! } : {}) },
  };
}

/** The repo file of a dotted module (or class) path, trying ever shorter prefixes: `tests.test_x.Class` → `tests/test_x.py`. */
function moduleFile(dotted: string, root: string): string | undefined {
  const parts = dotted.split('.');
  for (let n = parts.length; n > 0; n--) {
    for (const candidate of [`${parts.slice(0, n).join('/')}.py`, `${parts.slice(0, n).join('/')}/__init__.py`]) {
      if (existsSync(path.join(root, candidate))) return toRepoPath(candidate, root);
    }
  }
  return undefined;
}
