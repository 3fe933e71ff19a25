import { describe, it, expect } from '@jest/globals';
import { nodeTestSpecReader, nodeTestTapReader } from '../../../src/failures/readers/node-test.js';
import type { Reader, TestReport } from '../../../src/failures/test-report.js';
import { byId, emptyProject, fixtureReport } from '../../../testkit/readers.js';

const { root, fixture } = emptyProject();
function read(reader: Reader, name: string): TestReport {
  return fixtureReport(reader, 'node-test', name);
}

// Neither reporter names the file of a passing test, so ids are the full name alone.
const FAILING = [
  'loadConfig > reads numbers and strings',
  'loadConfig > treats bare keys as flags',
  'math > add > add(10, 5) = 15',
  'math > clamps to the upper bound',
];
const PASSING_IN_FAIL_RUN = [
  'math > add > adds small numbers',
  'math > add > add(1, 2) = 3',
  'math > add > add(2, 3) = 5',
  'math > divide > divides',
  'math > divide > throws on zero',
];
const ALL = [
  'loadConfig > reads numbers and strings',
  'loadConfig > treats bare keys as flags',
  'math > add > adds small numbers',
  'math > add > add(1, 2) = 3',
  'math > add > add(2, 3) = 5',
  'math > add > add(10, 5) = 15',
  'math > divide > divides',
  'math > divide > throws on zero',
  'math > clamps to the upper bound',
];

describe.each([
  ['node 20', 'spec', 'node20-spec', nodeTestSpecReader],
  ['node 24', 'spec', 'node24-spec', nodeTestSpecReader],
  ['node 20', 'tap', 'node20-tap', nodeTestTapReader],
  ['node 24', 'tap', 'node24-tap', nodeTestTapReader],
])('%s --test-reporter=%s', (_node, reporter, prefix, reader) => {
  const format = reporter === 'spec' ? 'node-test-spec' : 'node-test-tap';

  it('reads a passing run: every test, suites left out', () => {
    const r = read(reader, `${prefix}-pass`);
    expect(r.format).toBe(format);
    expect(r.total).toBe(9);
    expect(r.failures).toEqual([]);
    expect(r.passed).toEqual(ALL);
  });

  it('reads the failing tests with their suites, and the passing ones', () => {
    const r = read(reader, `${prefix}-fail`);
    expect(r.total).toBe(9);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(r.failures.map((f) => f.name)).toEqual(FAILING);
    expect(r.failures.map((f) => f.file)).toEqual(['test/config.test.js', 'test/config.test.js', 'test/math.test.js', 'test/math.test.js']);
    expect(r.passed).toEqual(PASSING_IN_FAIL_RUN);
    const later = read(reader, `${prefix}-pass`).passed!;
    for (const id of FAILING) expect(later).toContain(id);
  });

  it("reads node assert's expected and actual", () => {
    const r = read(reader, `${prefix}-fail`);
    const add = byId(r, 'math > add > add(10, 5) = 15');
    expect(add.message).toMatch(/^AssertionError( \[ERR_ASSERTION\])?: Expected values to be strictly equal:\n\n16 !== 15$/);
    expect(add).toMatchObject({ expected: '15', actual: '16' });
    expect(add.locations).toEqual([
      { file: 'test/math.test.js', line: 17, column: 16 },
      { file: 'test/math.test.js', line: 16, column: 7 },
    ]);
    expect(byId(r, 'math > clamps to the upper bound')).toMatchObject({ expected: '10', actual: '15' });
    const deep = byId(r, 'loadConfig > reads numbers and strings');
    expect(deep.expected).toMatch(/port: 80/);
    expect(deep.actual).toMatch(/port: '80'/);
  });

  it('follows a thrown error into src/', () => {
    const f = byId(read(reader, `${prefix}-fail`), 'loadConfig > treats bare keys as flags');
    expect(f.message).toMatch(/^TypeError( \[Error\])?: Cannot read properties of undefined \(reading 'trim'\)$/);
    expect(f.locations).toEqual([
      { file: 'test/config.test.js', line: 11, column: 28 },
      { file: 'test/config.test.js', line: 10, column: 3 },
      { file: 'src/parse.js', line: 2, column: 20 },
      { file: 'src/config.js', line: 5, column: 23 },
      { file: 'src/config.js', line: 10, column: 35 },
    ]);
    expect(f.stack).toMatch(/^ {4}at parseValue \(.*src\/parse\.js:2:20\)/);
    expect(f.stack).not.toMatch(/node:internal/);
  });

  it('reports test files that fail to load, with the error they printed', () => {
    const r = read(reader, `${prefix}-compile`);
    expect(r.total).toBe(11); // node counts each failed file as a test
    expect(r.passed).toEqual(ALL);
    expect(r.failures.map((f) => [f.id, f.name])).toEqual([
      ['test/format.test.js', '(suite failed to run)'],
      ['test/report.test.js', '(suite failed to run)'],
    ]);
    const syntax = byId(r, 'test/format.test.js');
    expect(syntax.message).toBe('SyntaxError: missing ) after argument list');
    expect(syntax.locations).toEqual([
      { file: 'test/format.test.js', line: 3, column: 26 },
      { file: 'src/format.js', line: 6 },
    ]);
    const missing = byId(r, 'test/report.test.js');
    expect(missing.message).toBe("Error: Cannot find module '../src/report'");
    expect(missing.locations).toEqual([{ file: 'test/report.test.js', line: 3, column: 26 }]);
  });
});

describe.each([
  ['node 20', 'spec', 'node20-spec', nodeTestSpecReader],
  ['node 24', 'spec', 'node24-spec', nodeTestSpecReader],
  ['node 20', 'tap', 'node20-tap', nodeTestTapReader],
  ['node 24', 'tap', 'node24-tap', nodeTestTapReader],
])('%s --test-reporter=%s: hooks, subtests, skip and todo', (_node, _reporter, prefix, reader) => {
  it('reports a failing hook, the test it cancelled and a failing subtest; skips and todos are not passes', () => {
    const r = read(reader, `${prefix}-hooks`);
    expect(r.total).toBe(4); // pass 2 + fail 2 (the failing parent test counts, the cancelled one does not)
    expect(r.passed).toEqual(['top-level test with subtests > child passes', 'plain top-level pass']);
    expect(r.failures.map((f) => f.id)).toEqual(['with a failing hook > never runs', 'with a failing hook', 'top-level test with subtests > child #2 fails']);
    expect(r.failures.every((f) => f.file === 'test/extra.test.js')).toBe(true);
    const hook = byId(r, 'with a failing hook');
    expect(hook.message).toMatch(/database unavailable$/);
    expect(hook.locations[0]).toEqual({ file: 'test/extra.test.js', line: 6, column: 11 });
    expect(byId(r, 'with a failing hook > never runs').message).toBe('test did not finish before its parent and was cancelled');
    const child = byId(r, 'top-level test with subtests > child #2 fails');
    expect(child.message).toMatch(/^AssertionError( \[ERR_ASSERTION\])?: child failed$/);
    expect(child).toMatchObject({ expected: 'true', actual: 'false' });
    expect(child.locations[0]).toEqual({ file: 'test/extra.test.js', line: 14, column: 12 });
  });
});

describe('nodeTestSpecReader without the "failing tests" recap', () => {
  it("reads node 20's errors from inside the tree", () => {
    const full = fixture('readers/node-test/node20-spec-fail.txt');
    const output = full.slice(0, full.indexOf('\n✖ failing tests:'));
    const r = nodeTestSpecReader.read({ output, root })!;
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(byId(r, 'math > add > add(10, 5) = 15')).toMatchObject({ file: 'test/math.test.js', expected: '15', actual: '16' });
    expect(byId(r, 'loadConfig > treats bare keys as flags').locations[0]).toEqual({ file: 'test/config.test.js', line: 11, column: 28 });
  });
});
