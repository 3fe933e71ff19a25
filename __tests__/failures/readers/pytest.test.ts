import { describe, it, expect } from '@jest/globals';
import { pytestReader } from '../../../src/failures/readers/pytest.js';
import { emptyProject } from '../../../testkit/readers.js';

const { root, fixture: recorded } = emptyProject();
const fixture = (name: string) => recorded(`readers/pytest/${name}`);
const read = (name: string) => pytestReader.read({ output: fixture(name), root });

const FAILED_IDS = ['tests/test_price.py::test_many_decimals', 'tests/test_price.py::TestTotals::test_sum', 'tests/test_slug.py::test_slug[a_b-a_b]'];
const PASSED_IDS = [
  'tests/test_price.py::test_dollars',
  'tests/test_price.py::test_cents',
  'tests/test_slug.py::test_slug[Hello World-hello-world]',
  'tests/test_slug.py::test_slug[  trim me  -trim-me]',
  'tests/test_slug.py::test_empty',
];

describe('pytestReader', () => {
  it('reads the default output: node ids, messages, operands and traceback locations', () => {
    const report = read('failing.txt')!;
    expect(report.format).toBe('pytest');
    expect(report.total).toBe(8); // 3 failed + 5 passed; the skipped test is not counted
    expect(report.passed).toBeUndefined();
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);

    const [deep, sum, param] = report.failures;
    expect(deep!.name).toBe(deep!.id);
    expect(deep!.file).toBe('tests/test_price.py');
    expect(deep!.message).toBe("ValueError: too many decimals: '999'");
    expect(deep!.locations).toEqual([
      { file: 'tests/test_price.py', line: 13 },
      { file: 'src/slugs/core.py', line: 10 },
      { file: 'src/slugs/core.py', line: 15 },
      { file: 'src/slugs/core.py', line: 20 },
    ]);
    expect(deep!.stack).toContain('src/slugs/core.py:20: ValueError');

    expect(sum!.message).toBe('assert 325 == 326');
    expect(sum!.actual).toBe('325');
    expect(sum!.expected).toBe('326');
    expect(sum!.locations).toEqual([{ file: 'tests/test_price.py', line: 19 }]);

    expect(param!.file).toBe('tests/test_slug.py');
    expect(param!.message).toMatch(/^AssertionError: assert 'a-b' == 'a_b'\n/);
    expect(param!.message).toContain('- a_b\n  + a-b');
    expect(param!.actual).toBe("'a-b'");
    expect(param!.expected).toBe("'a_b'");
    expect(param!.locations).toEqual([{ file: 'tests/test_slug.py', line: 14 }]);
  });

  it('names passing tests with -v', () => {
    const report = read('failing-v.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    expect(report.total).toBe(8);
    expect(report.passed).toEqual(PASSED_IDS);
  });

  it('reads -q output (no banner, bare summary line)', () => {
    const report = read('failing-q.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    expect(report.total).toBe(8);
    expect(report.passed).toBeUndefined();
    expect(report.failures[1]!.expected).toBe('326');
  });

  it('takes passing ids from the -rA short summary', () => {
    const report = read('failing-rA.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    expect(report.passed).toEqual(PASSED_IDS);
  });

  it('reads --tb=short sections', () => {
    const report = read('failing-tb-short.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(FAILED_IDS);
    expect(report.failures[0]!.message).toBe("ValueError: too many decimals: '999'");
    expect(report.failures[0]!.locations).toEqual([
      { file: 'tests/test_price.py', line: 13 },
      { file: 'src/slugs/core.py', line: 10 },
      { file: 'src/slugs/core.py', line: 15 },
      { file: 'src/slugs/core.py', line: 20 },
    ]);
    expect(report.failures[2]!.actual).toBe("'a-b'");
    expect(report.failures[2]!.expected).toBe("'a_b'");
  });

  it('reads all-passing runs', () => {
    const plain = read('passing.txt')!;
    expect(plain.failures).toEqual([]);
    expect(plain.total).toBe(7);
    expect(plain.passed).toBeUndefined();

    const verbose = read('passing-v.txt')!;
    expect(verbose.failures).toEqual([]);
    expect(verbose.total).toBe(7);
    expect(verbose.passed).toHaveLength(7);
    expect(verbose.passed).toContain('tests/test_price.py::TestTotals::test_sum');
    expect(verbose.passed).not.toContain('tests/test_slug.py::test_unicode'); // skipped
  });

  it.each(['collection-error.txt', 'collection-error-q.txt'])('turns collection errors into failures (%s)', (name) => {
    const report = read(name)!;
    expect(report.total).toBe(2);
    expect(report.failures.map((f) => f.id)).toEqual(['tests/test_import.py', 'tests/test_syntax.py']);
    const [importError, syntaxError] = report.failures;
    expect(importError!.file).toBe('tests/test_import.py');
    expect(importError!.message).toBe(`ImportError: cannot import name 'normalize' from 'slugs.core' (${root}/src/slugs/core.py)`);
    expect(importError!.locations).toEqual([{ file: 'tests/test_import.py', line: 1 }]);
    expect(syntaxError!.message).toMatch(/SyntaxError: invalid syntax$/);
    expect(syntaxError!.message).toContain('def test_broken(:');
    expect(syntaxError!.locations).toEqual([{ file: 'tests/test_syntax.py', line: 1 }]);
  });

  // pytest 9's subtests (the `subtests` fixture, unittest's `self.subTest`): a failing subtest is a
  // `SUBFAILED(i=2) <test id>` line and a section headed `test_sub (i=2)`; a unittest test with a failing subTest
  // has no FAILED line at all (pytest even calls it passed), and `N subtests passed` joins the closing line.
  const SUB_FAILED_IDS = ['tests/test_sub.py::test_sub', 'tests/test_sub.py::T::test_u'];

  it.each(['subtests-failing.txt', 'subtests-failing-q.txt', 'subtests-failing-v.txt', 'subtests-failing-rA.txt'])(
    'reads failing subtests as failures of their test, once each (%s)',
    (name) => {
      const report = read(name)!;
      expect(report.format).toBe('pytest');
      expect(report.failures.map((f) => f.id)).toEqual(SUB_FAILED_IDS);
      // "3 failed, 2 passed": two of the "failed" are subtests; 3 tests ran.
      expect(report.total).toBe(3);

      const [sub, unit] = report.failures;
      expect(sub!.file).toBe('tests/test_sub.py');
      expect(sub!.message).toBe('subtest (i=2): assert 2 < 2');
      expect(sub!.locations).toEqual([{ file: 'tests/test_sub.py', line: 9 }]);
      expect(unit!.message).toBe('subtest (i=1): AssertionError: 1 != 0');
      expect(unit!.locations).toEqual([{ file: 'tests/test_sub.py', line: 20 }]);
    },
  );

  it.each(['subtests-failing-v.txt', 'subtests-failing-rA.txt'])('does not count a test with a failing subTest as passed (%s)', (name) => {
    expect(read(name)!.passed).toEqual(['tests/test_sub.py::test_plain']);
  });

  it('finds failing subtests from -v lines when the short summary is turned off', () => {
    const lines = fixture('subtests-failing-v.txt').split('\n');
    const start = lines.findIndex((l) => /short test summary info/.test(l));
    const output = [...lines.slice(0, start), ...lines.slice(start + 4)].join('\n');
    expect(output).not.toContain('SUBFAILED(i=1) tests/');
    const report = pytestReader.read({ output, root })!;
    expect(report.failures.map((f) => f.id)).toEqual(SUB_FAILED_IDS);
    expect(report.failures[1]!.message).toBe('subtest (i=1): AssertionError: 1 != 0');
    expect(report.total).toBe(3);
  });

  it('splits a subtest description holding a message and "::" from the test id', () => {
    const report = read('subtests-msg.txt')!;
    expect(report.failures.map((f) => f.id)).toEqual(['tests/test_msg.py::test_rows']);
    expect(report.failures[0]!.message).toMatch(/^subtest \[row check\] \(name='c::d'\): AssertionError: bad row c::d\n/);
    expect(report.failures[0]!.locations).toEqual([{ file: 'tests/test_msg.py', line: 4 }]);
    expect(report.total).toBe(1);
  });

  it.each(['subtests-passing.txt', 'subtests-passing-q.txt', 'subtests-passing-v.txt'])('reads all-passing subtest runs (%s)', (name) => {
    const report = read(name)!;
    expect(report.format).toBe('pytest');
    expect(report.failures).toEqual([]);
    expect(report.total).toBe(3); // "3 passed, 6 subtests passed": subtests are not tests of their own
  });

  it('names the passing tests, not their subtests, with -v', () => {
    expect(read('subtests-passing-v.txt')!.passed).toEqual(['tests/test_sub.py::test_sub', 'tests/test_sub.py::test_plain', 'tests/test_sub.py::T::test_u']);
  });

  it('keeps " - " inside parametrize ids and prefixes files when rootdir is a subfolder', () => {
    const output = [
      '============================= test session starts ==============================',
      'rootdir: /repo/py',
      'collected 1 item',
      '',
      'tests/test_a.py F                                                        [100%]',
      '',
      '=================================== FAILURES ===================================',
      '_________________________________ test_a[x - y] _________________________________',
      '',
      '    def test_a():',
      '>       assert 1 == 2',
      'E       assert 1 == 2',
      '',
      'tests/test_a.py:3: AssertionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_a.py::test_a[x - y] - assert 1 == 2',
      '============================== 1 failed in 0.01s ===============================',
    ].join('\n');
    const report = pytestReader.read({ output, root: '/repo' })!;
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.id).toBe('tests/test_a.py::test_a[x - y]');
    expect(report.failures[0]!.file).toBe('py/tests/test_a.py');
    expect(report.failures[0]!.locations).toEqual([{ file: 'py/tests/test_a.py', line: 3 }]);
  });

  it('does not claim other output', () => {
    expect(pytestReader.read({ output: 'Traceback (most recent call last):\nValueError: x\n', root })).toBeUndefined();
    expect(pytestReader.read({ output: '', root })).toBeUndefined();
  });
});
