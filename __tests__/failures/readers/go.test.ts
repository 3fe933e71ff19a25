import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from '@jest/globals';
import { goReader } from '../../../src/failures/readers/go.js';
import { judge } from '../../../src/engine/verify.js';
import type { CommandRun } from '../../../src/run/command.js';
import { run as commandRun } from '../../../testkit/fakes.js';
import { emptyProject, recordedProject } from '../../../testkit/readers.js';

const { root, fixture: recorded } = emptyProject();
const fixture = (name: string) => recorded(`readers/go/${name}`);
// The parent-logs recordings ran in a project of their own (module example.com/parent): its go.mod, here.
const parent = recordedProject({ 'go.mod': 'module example.com/parent\n\ngo 1.19\n' }).root;
const read = (name: string, at = root) => goReader.read({ output: fixture(name), root: at });

const FAILED_IDS = [
  'example.com/shop/internal/price TestSum',
  'example.com/shop/internal/price TestParseManyDecimals',
  'example.com/shop/slug TestMake/underscore',
  'example.com/shop/slug TestMake/double_space',
];

describe('goReader', () => {
  it('reads default output: leaf subtests, messages, got/want and package-relative files', () => {
    const report = read('failing.txt')!;
    expect(report.format).toBe('go');
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    // Without -v passing tests are not printed, so neither the total nor the passes are known.
    expect(report.total).toBeUndefined();
    expect(report.passed).toBeUndefined();

    const [sum, panic, underscore, doubleSpace] = report.failures;
    expect(sum!.name).toBe('TestSum');
    expect(sum!.message).toBe('total = 325, want 326');
    expect(sum!.actual).toBe('325');
    expect(sum!.expected).toBe('326');
    expect(sum!.file).toBe('internal/price/price_test.go');
    expect(sum!.locations).toEqual([{ file: 'internal/price/price_test.go', line: 14 }]);

    expect(underscore!.name).toBe('TestMake/underscore');
    expect(underscore!.message).toBe('Make("a_b") = "a_b", want "a-b"');
    expect(underscore!.actual).toBe('"a_b"');
    expect(underscore!.expected).toBe('"a-b"');
    expect(underscore!.locations).toEqual([{ file: 'slug/slug_test.go', line: 15 }]);
    expect(doubleSpace!.message).toBe('Make("a  b") = "a--b", want "a-b"');

    // A panic deep in the package code: the test frame first, then the frames down to the panic.
    expect(panic!.message).toBe('panic: runtime error: index out of range [2] with length 2');
    expect(panic!.file).toBe('internal/price/price_test.go');
    expect(panic!.locations).toEqual([
      { file: 'internal/price/price_test.go', line: 19 },
      { file: 'internal/price/price.go', line: 22 },
      { file: 'internal/price/price.go', line: 16 },
      { file: 'internal/price/price.go', line: 10 },
    ]);
    expect(panic!.stack).toContain('example.com/shop/internal/price.fraction(...)');
    expect(panic!.stack).not.toContain('/usr/lib/go');
  });

  it('reads -v output: passing leaves are named and counted, parents are containers', () => {
    const report = read('failing-v.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    expect(report.failures[0]!.locations).toEqual([{ file: 'internal/price/price_test.go', line: 14 }]);
    expect(report.failures[2]!.message).toBe('Make("a_b") = "a_b", want "a-b"');
    expect(report.passed).toEqual([
      'example.com/shop/format TestCents',
      'example.com/shop/format TestZero',
      'example.com/shop/internal/price TestParseDollars',
      'example.com/shop/slug TestMake/simple',
      'example.com/shop/slug TestMake/trim',
      'example.com/shop/slug TestEmpty',
    ]);
    expect(report.total).toBe(10); // 6 passed + 4 failed leaves; TestMake itself is not counted
  });

  it('reads all-passing runs', () => {
    const plain = read('passing.txt')!;
    expect(plain.failures).toEqual([]);
    expect(plain.total).toBeUndefined();

    const verbose = read('passing-v.txt')!;
    expect(verbose.failures).toEqual([]);
    expect(verbose.total).toBe(10);
    expect(verbose.passed).toHaveLength(10);
    expect(verbose.passed).toContain('example.com/shop/slug TestMake/double_space');
    expect(verbose.passed).not.toContain('example.com/shop/slug TestMake');
  });

  it.each(['build-error.txt', 'build-error-v.txt'])('turns build failures into failures (%s)', (name) => {
    const report = read(name)!;
    expect(report.failures.map((f) => f.id)).toEqual(['example.com/shop/internal/price [build failed]', 'example.com/shop/slug [build failed]']);
    const [price, slug] = report.failures;
    expect(price!.message).toBe('internal/price/price.go:16:34: undefined: rounding');
    expect(price!.locations).toEqual([{ file: 'internal/price/price.go', line: 16, column: 34 }]);
    expect(slug!.message).toContain('too many arguments in call to Make');
    expect(slug!.message).toContain('have (string, bool)');
    expect(slug!.file).toBe('slug/slug_test.go');
    expect(slug!.locations).toEqual([{ file: 'slug/slug_test.go', line: 22, column: 21 }]);
  });

  it('counts the packages that did build with -v', () => {
    const report = read('build-error-v.txt')!;
    expect(report.passed).toEqual(['example.com/shop/format TestCents', 'example.com/shop/format TestZero']);
    expect(report.total).toBe(2);
  });

  it('maps package-relative files through go.mod when the output has no absolute paths', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'unbreak-go-'));
    try {
      writeFileSync(path.join(dir, 'go.mod'), 'module example.com/shop\n\ngo 1.19\n');
      // The panic frames point into the recording's folder, outside this root: only go.mod can help.
      const report = read('failing.txt', dir)!;
      const underscore = report.failures.find((f) => f.id === 'example.com/shop/slug TestMake/underscore')!;
      expect(underscore.locations).toEqual([{ file: 'slug/slug_test.go', line: 15 }]);
      const sum = report.failures.find((f) => f.id === 'example.com/shop/internal/price TestSum')!;
      expect(sum.locations).toEqual([{ file: 'internal/price/price_test.go', line: 14 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves out a parent that failed only through a subtest; one that logged its own error is a suite failing by itself', () => {
    for (const name of ['parent-logs-v.txt', 'parent-logs.txt']) {
      const report = read(name, parent)!;
      expect(report.failures.map((f) => [f.id, f.name, f.synthetic ?? false])).toEqual([
        ['example.com/parent/table TestDouble/#01', 'TestDouble/#01', false],
        ['example.com/parent/table TestChecked', 'TestChecked (suite)', true],
        ['example.com/parent/table TestChecked/odd', 'TestChecked/odd', false],
      ]);
      expect(report.failures[1]!).toMatchObject({ message: 'setup: fixture table is empty', locations: [{ file: 'table/table_test.go', line: 17 }] });
    }
    // -v: the cases that ran (two parents are not cases).
    expect(read('parent-logs-v.txt', parent)!.total).toBe(4);
  });

  it('judges the fixed -v run fixed: the parent, never named passing on its own, is not a test that did not run', () => {
    const run = (exitCode: number): CommandRun => commandRun(exitCode, { command: 'go test -v ./...', output: '', durationMs: 1 });
    const at = parent;
    const verdict = judge(
      { run: run(1), report: read('parent-logs-v.txt', at)!, scope: 'full' },
      { run: run(0), report: read('parent-logs-fixed-v.txt', at)!, scope: 'full' },
    );
    expect(verdict.reasons).toEqual([]);
    expect(verdict.fixed).toBe(true);
  });

  it('does not claim other output', () => {
    expect(goReader.read({ output: 'ok so far\nall good\n', root })).toBeUndefined();
  });
});
