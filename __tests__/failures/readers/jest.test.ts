import { describe, it, expect } from '@jest/globals';
import { jestReader } from '../../../src/failures/readers/jest.js';
import type { TestReport } from '../../../src/failures/test-report.js';
import { byId, fixtureReport } from '../../../testkit/readers.js';

function read(name: string): TestReport {
  return fixtureReport(jestReader, 'jest', name);
}

const FAILING = [
  'test/math.test.js > math > add > add(10, 5) = 15',
  'test/math.test.js > math > clamps to the upper bound',
  'test/config.test.js > loadConfig > reads numbers and strings',
  'test/config.test.js > loadConfig > treats bare keys as flags',
];

describe('jestReader', () => {
  it('reads a passing run without test names: total only', () => {
    const r = read('pass');
    expect(r.format).toBe('jest');
    expect(r.total).toBe(9);
    expect(r.failures).toEqual([]);
    expect(r.passed).toBeUndefined();
  });

  it('lists passing tests with their suites when --verbose prints them', () => {
    const r = read('pass-verbose');
    expect(r.total).toBe(9);
    expect(r.passed).toHaveLength(9);
    expect(r.passed).toEqual(
      expect.arrayContaining([
        'test/math.test.js > math > clamps to the upper bound',
        'test/math.test.js > math > add > add(10, 5) = 15',
        'test/math.test.js > math > divide > throws on zero',
        'test/config.test.js > loadConfig > treats bare keys as flags',
      ]),
    );
  });

  it('reads each failing test with its suites, file and message (npm test output)', () => {
    const r = read('fail');
    expect(r.total).toBe(9);
    expect(r.passed).toBeUndefined();
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    const add = byId(r, FAILING[0]!);
    expect(add.file).toBe('test/math.test.js');
    expect(add.name).toBe('math > add > add(10, 5) = 15');
    expect(add.message).toMatch(/^expect\(received\)\.toBe\(expected\)/);
    expect(add.expected).toBe('15');
    expect(add.actual).toBe('16');
    expect(add.locations).toEqual([{ file: 'test/math.test.js', line: 14, column: 25 }]);
    expect(byId(r, FAILING[1]!)).toMatchObject({ expected: '10', actual: '15' });
  });

  it('reads both sides of a toEqual diff', () => {
    const f = byId(read('fail'), FAILING[2]!);
    expect(f.message).toBe('expect(received).toEqual(expected) // deep equality');
    expect(f.expected).toBe('Object {\n  "host": "example.org",\n  "port": 80,\n}');
    expect(f.actual).toBe('Object {\n  "host": "example.org",\n  "port": "80",\n}');
  });

  it('follows a thrown error into src/ and keeps the stack free of runner frames', () => {
    const f = byId(read('fail'), FAILING[3]!);
    expect(f.message).toBe("TypeError: Cannot read properties of undefined (reading 'trim')");
    expect(f.expected).toBeUndefined();
    expect(f.locations).toEqual([
      { file: 'test/config.test.js', line: 9, column: 12 },
      { file: 'src/parse.js', line: 2, column: 20 },
      { file: 'src/config.js', line: 5, column: 23 },
      { file: 'src/config.js', line: 10, column: 35 },
    ]);
    expect(f.stack).toContain('at trim (src/parse.js:2:20)');
    expect(f.stack).not.toMatch(/node_modules|node:internal/);
  });

  it('names passing and failing tests of the same run with the same ids', () => {
    const r = read('fail-verbose');
    expect(r.failures.map((f) => f.id)).toEqual(FAILING);
    expect(r.passed).toEqual([
      'test/math.test.js > math > add > adds small numbers',
      'test/math.test.js > math > add > add(1, 2) = 3',
      'test/math.test.js > math > add > add(2, 3) = 5',
      'test/math.test.js > math > divide > divides',
      'test/math.test.js > math > divide > throws on zero',
    ]);
    // A test that failed here is found passing, under the same id, once fixed.
    const later = read('pass-verbose').passed!;
    for (const id of FAILING) expect(later).toContain(id);
  });

  it('lists the tests of a single-file run, which jest prints without --verbose', () => {
    const r = read('fail-single-file');
    expect(r.total).toBe(7);
    expect(r.failures.map((f) => f.id)).toEqual(FAILING.slice(0, 2));
    expect(r.passed).toHaveLength(5);
  });

  it('turns "Test suite failed to run" into a failure per file', () => {
    const r = read('compile');
    expect(r.total).toBe(9);
    expect(r.failures.map((f) => [f.id, f.name])).toEqual([
      ['test/report.test.js', '(suite failed to run)'],
      ['test/format.test.js', '(suite failed to run)'],
    ]);
    const missing = byId(r, 'test/report.test.js');
    expect(missing.file).toBe('test/report.test.js');
    expect(missing.message).toBe("Cannot find module '../src/report' from 'test/report.test.js'");
    expect(missing.locations).toEqual([{ file: 'test/report.test.js', line: 1, column: 26 }]);
    const syntax = byId(r, 'test/format.test.js');
    expect(syntax.message).toMatch(/^SyntaxError: .*src\/format\.js: Unexpected token, expected "," \(6:76\)$/);
    expect(syntax.locations).toEqual([
      { file: 'test/format.test.js', line: 1, column: 26 },
      { file: 'src/format.js', line: 6, column: 76 },
    ]);
  });

  it('skips the "● Console" block and counts neither skipped nor todo tests', () => {
    const r = read('console-skip-todo');
    expect(r.total).toBe(10); // 1 failed + 9 passed; the summary's 12 also holds 1 skipped and 1 todo
    expect(r.failures.map((f) => f.id)).toEqual(['test/log.test.js > logging > logs']);
    expect(r.failures[0]).toMatchObject({ expected: '2', actual: '1' });
    expect(r.failures[0]!.locations).toEqual([{ file: 'test/log.test.js', line: 5, column: 15 }]);
  });
});
