import { describe, it, expect } from '@jest/globals';
import { mochaReader } from '../../../src/failures/readers/mocha.js';
import type { TestReport } from '../../../src/failures/test-report.js';
import { byId, fixtureReport } from '../../../testkit/readers.js';

function read(name: string): TestReport {
  return fixtureReport(mochaReader, 'mocha', name);
}

// The spec reporter never names the file of a passing test, so mocha ids are the full name alone.
const FAILING = [
  'loadConfig > reads numbers and strings',
  'loadConfig > treats bare keys as flags',
  'math > clamps to the upper bound',
  'math > add > add(10, 5) = 15',
];

describe('mochaReader', () => {
  it('reads a passing run with every test named', () => {
    const r = read('pass');
    expect(r.format).toBe('mocha');
    expect(r.total).toBe(9);
    expect(r.failures).toEqual([]);
    expect(r.passed).toEqual([
      'loadConfig > reads numbers and strings',
      'loadConfig > treats bare keys as flags',
      'math > clamps to the upper bound',
      'math > add > adds small numbers',
      'math > add > add(1, 2) = 3',
      'math > add > add(2, 3) = 5',
      'math > add > add(10, 5) = 15',
      'math > divide > divides',
      'math > divide > throws on zero',
    ]);
  });

  it('reads the failing tests from the numbered blocks, with their file from the stack', () => {
    const r = read('fail');
    expect(r.total).toBe(9);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(r.failures.map((f) => f.file)).toEqual(['test/config.test.js', 'test/config.test.js', 'test/math.test.js', 'test/math.test.js']);
    expect(r.passed).toEqual([
      'math > add > adds small numbers',
      'math > add > add(1, 2) = 3',
      'math > add > add(2, 3) = 5',
      'math > divide > divides',
      'math > divide > throws on zero',
    ]);
    const later = read('pass').passed!;
    for (const id of FAILING) expect(later).toContain(id);
  });

  it('reads expected and actual from the "+ expected - actual" diff', () => {
    const r = read('fail');
    const add = byId(r, 'math > add > add(10, 5) = 15');
    expect(add.name).toBe('math > add > add(10, 5) = 15');
    expect(add.message).toBe('AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n16 !== 15');
    expect(add).toMatchObject({ expected: '15', actual: '16' });
    expect(add.locations).toEqual([{ file: 'test/math.test.js', line: 16, column: 16 }]);
    const deep = byId(r, 'loadConfig > reads numbers and strings');
    expect(deep.message).toMatch(/^AssertionError \[ERR_ASSERTION\]: Expected values to be strictly deep-equal:/);
    expect(deep.expected).toBe('{\n  "host": "example.org"\n  "port": 80\n}');
    expect(deep.actual).toBe('{\n  "host": "example.org"\n  "port": "80"\n}');
  });

  it('follows a thrown error into src/', () => {
    const f = byId(read('fail'), 'loadConfig > treats bare keys as flags');
    expect(f.message).toBe("TypeError: Cannot read properties of undefined (reading 'trim')");
    expect(f.locations).toEqual([
      { file: 'test/config.test.js', line: 10, column: 28 },
      { file: 'src/parse.js', line: 2, column: 20 },
      { file: 'src/config.js', line: 5, column: 23 },
      { file: 'src/config.js', line: 10, column: 35 },
    ]);
    expect(f.stack).not.toMatch(/node:internal/);
  });

  it('reports a syntax error that aborts the run against the test file that imports it', () => {
    const r = read('compile');
    expect(r.total).toBeUndefined();
    expect(r.failures).toHaveLength(1);
    const f = r.failures[0]!;
    expect(f).toMatchObject({ id: 'test/format.test.js', file: 'test/format.test.js', name: '(suite failed to run)' });
    expect(f.message).toBe('SyntaxError: missing ) after argument list');
    expect(f.locations).toEqual([
      { file: 'test/format.test.js', line: 2, column: 26 },
      { file: 'src/format.js', line: 6 },
    ]);
    expect(f.stack).not.toMatch(/node_modules|node:internal/);
  });

  it('reports a missing module against the test file that requires it', () => {
    const f = read('missing-module').failures;
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      id: 'test/report.test.js',
      name: '(suite failed to run)',
      message: "Error: Cannot find module '../src/report'",
      locations: [{ file: 'test/report.test.js', line: 2, column: 26 }],
    });
  });

  it('reports a failing hook as its suite failing by itself, and leaves console output and pending tests out', () => {
    const r = read('hooks');
    expect(r.total).toBe(12); // "10 passing" + "2 failing" (mocha counts the hook)
    expect(r.failures.map((f) => [f.id, f.name, f.synthetic ?? false])).toEqual([
      ['with a failing hook', 'with a failing hook (suite)', true],
      ['logging > logs and fails', 'logging > logs and fails', false],
    ]);
    expect(r.failures[0]).toMatchObject({
      file: 'test/extra.test.js',
      message: '"before all" hook for "never runs": Error: database unavailable',
      locations: [{ file: 'test/extra.test.js', line: 5, column: 11 }],
    });
    expect(r.failures[1]).toMatchObject({ expected: 'true', actual: 'false' });
    expect(r.passed).toHaveLength(10);
    expect(r.passed).toContain('logging > passes');
    expect(r.passed).not.toContain('logging > skipped one');
  });
});
