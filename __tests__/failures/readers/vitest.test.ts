import { describe, it, expect } from '@jest/globals';
import { vitestReader } from '../../../src/failures/readers/vitest.js';
import type { TestReport } from '../../../src/failures/test-report.js';
import { byId, fixtureReport } from '../../../testkit/readers.js';

function read(name: string): TestReport {
  return fixtureReport(vitestReader, 'vitest', name);
}

const FAILING = [
  'test/config.test.ts > loadConfig > reads numbers and strings',
  'test/config.test.ts > loadConfig > treats bare keys as flags',
  'test/math.test.ts > math > add > add(10, 5) = 15',
  'test/math.test.ts > math > clamps to the upper bound',
];
const PASSING_IN_FAILING_FILES = [
  'test/math.test.ts > math > add > adds small numbers',
  'test/math.test.ts > math > add > add(1, 2) = 3',
  'test/math.test.ts > math > add > add(2, 3) = 5',
  'test/math.test.ts > math > divide > divides',
  'test/math.test.ts > math > divide > throws on zero',
];

describe.each([
  ['vitest 5', ''],
  ['vitest 3', 'v3-'],
])('vitestReader on %s output', (_label, prefix) => {
  it('reads a passing run: total, no test names', () => {
    const r = read(`${prefix}pass`);
    expect(r.format).toBe('vitest');
    expect(r.total).toBe(9);
    expect(r.failures).toEqual([]);
    expect(r.passed).toBeUndefined();
  });

  it('lists every passing test of a verbose run', () => {
    const r = read(`${prefix}pass-verbose`);
    expect(r.total).toBe(9);
    expect(r.passed).toHaveLength(9);
    expect(r.passed).toEqual(expect.arrayContaining([...FAILING, ...PASSING_IN_FAILING_FILES]));
  });

  it('reads the failing tests, and the passing tests listed under failing files', () => {
    const r = read(`${prefix}fail`);
    expect(r.total).toBe(9);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(r.passed).toEqual(PASSING_IN_FAILING_FILES);
  });

  it('reads the same ids from the verbose reporter', () => {
    const r = read(`${prefix}fail-verbose`);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(r.passed).toEqual(PASSING_IN_FAILING_FILES);
  });

  it('reads expected and actual from the diff, and the test line', () => {
    const r = read(`${prefix}fail`);
    const add = byId(r, FAILING[2]!);
    expect(add.file).toBe('test/math.test.ts');
    expect(add.name).toBe('math > add > add(10, 5) = 15');
    expect(add.message).toBe('AssertionError: expected 16 to be 15 // Object.is equality');
    expect(add).toMatchObject({ expected: '15', actual: '16' });
    expect(add.locations).toEqual([{ file: 'test/math.test.ts', line: 15, column: 25 }]);
    const deep = byId(r, FAILING[0]!);
    expect(deep.expected).toBe('{\n  "host": "example.org",\n  "port": 80,\n}');
    expect(deep.actual).toBe('{\n  "host": "example.org",\n  "port": "80",\n}');
    const thrown = byId(r, FAILING[1]!);
    expect(thrown.message).toBe("TypeError: Cannot read properties of undefined (reading 'trim')");
    // vitest shows only the test's frame for this error, not the src/ frames beneath it
    expect(thrown.locations).toEqual([{ file: 'test/config.test.ts', line: 10, column: 12 }]);
  });

  it('turns failed suites into one failure per file', () => {
    const r = read(`${prefix}compile`);
    expect(r.total).toBe(9);
    expect(r.failures.map((f) => [f.id, f.name])).toEqual([
      ['test/format.test.ts', '(suite failed to run)'],
      ['test/report.test.ts', '(suite failed to run)'],
    ]);
    const syntax = byId(r, 'test/format.test.ts');
    expect(syntax.message).toMatch(/^Error: Transform failed with 1 error:/);
    expect(syntax.locations[0]).toMatchObject({ file: 'src/format.ts', line: 6 });
    expect(syntax.stack ?? '').not.toMatch(/node_modules/);
    const missing = byId(r, 'test/report.test.ts');
    expect(missing.message).toMatch(/^Error: Cannot find module '..\/src\/report' imported from /);
    expect(missing.locations).toEqual([{ file: 'test/report.test.ts', line: 2, column: 1 }]);
  });
});

describe('vitestReader', () => {
  it('gives the parse error position vitest 5 (oxc) and vitest 3 (esbuild) print', () => {
    expect(byId(read('compile'), 'test/format.test.ts').locations).toEqual([{ file: 'src/format.ts', line: 6, column: 77 }]);
    expect(byId(read('v3-compile'), 'test/format.test.ts').locations).toEqual([{ file: 'src/format.ts', line: 6, column: 76 }]);
  });

  it('keeps ids stable between a failing and a fixed run', () => {
    const later = read('pass-verbose').passed!;
    for (const f of read('fail').failures) expect(later).toContain(f.id);
  });

  it('reports a failing beforeAll as its suite (named as a suite, no passing twin), and ignores console output, skips and todos', () => {
    const r = read('hooks');
    expect(r.total).toBe(11); // 1 failed + 10 passed; skipped and todo left out
    expect(r.failures.map((f) => [f.id, f.name, f.synthetic ?? false])).toEqual([
      ['test/extra.test.ts > with a failing hook', 'with a failing hook (suite)', true],
      ['test/extra.test.ts > logging > logs and fails', 'logging > logs and fails', false],
    ]);
    expect(r.failures[0]!.message).toBe('Error: database unavailable');
    expect(r.failures[0]!.locations).toEqual([{ file: 'test/extra.test.ts', line: 5, column: 11 }]);
    expect(r.failures[1]!.message).toBe('AssertionError: expected [ 1, 2 ] to include 3');
    expect(r.passed).toEqual(['test/extra.test.ts > logging > passes']);
  });
});
