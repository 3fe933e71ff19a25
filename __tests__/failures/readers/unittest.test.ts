import { describe, it, expect } from '@jest/globals';
import { readOutput } from '../../../src/failures/collect.js';
import { judge } from '../../../src/engine/verify.js';
import { isSynthetic, type TestReport } from '../../../src/failures/test-report.js';
import type { CommandRun } from '../../../src/run/command.js';
import { byId, recordedProject } from '../../../testkit/readers.js';
import { run as commandRun } from '../../../testkit/fakes.js';

// python3 -m unittest (Python 3.11.7); see fixtures/readers/README.md.
// The recordings ran in a clone of tomli and in a throwaway project: the files of each that the output names.
const empty = (files: string[]) => Object.fromEntries(files.map((f) => [f, '']));
const tomliClone = recordedProject(
  empty(['tests/__init__.py', 'tests/test_data.py', 'tests/test_misc.py', 'src/tomli/__init__.py', 'src/tomli/_parser.py', 'src/tomli/_re.py']),
);
const throwaway = recordedProject(empty(['tests/__init__.py', 'tests/test_db.py', 'tests/test_report.py', 'tests/test_math.py']));
const tomli = (name: string): TestReport => readOutput(tomliClone.fixture(`readers/unittest/tomli-${name}.txt`), tomliClone.root);

describe('unittest', () => {
  it('names each failing subtest by its dotted id, with the exception and the frames in the repo', () => {
    const r = tomli('int-base');
    expect(r.format).toBe('unittest');
    expect(r.total).toBe(16);
    expect(r.passed).toBeUndefined();
    expect(r.failures).toHaveLength(9);
    expect(r.failures[0]!.id).toBe('tests.test_data.TestData.test_invalid [invalid-bin]');
    const common = byId(r, 'tests.test_data.TestData.test_valid [common-22]');
    expect(common.message).toBe("ValueError: invalid literal for int() with base 10: '0xDEADBEEF'");
    expect(common.file).toBe('tests/test_data.py');
    // The test's frame first, then the innermost frame (the buggy line) outwards.
    expect(common.locations.slice(0, 3)).toEqual([
      { file: 'tests/test_data.py', line: 44 },
      { file: 'src/tomli/_re.py', line: 119 },
      { file: 'src/tomli/_parser.py', line: 747 },
    ]);
  });

  it('reads -v output the same way, and a plain failing method', () => {
    const v = tomli('int-base-v');
    expect(v.failures.map((f) => f.id)).toEqual(tomli('int-base').failures.map((f) => f.id));
    const tz = tomli('tz-sign');
    const copy = byId(tz, 'tests.test_misc.TestMiscellaneous.test_deepcopy');
    expect(copy.message).toMatch(/^AssertionError: \{'bli\[93 chars\].*seconds=25200.* != /);
    expect(copy.locations).toEqual([{ file: 'tests/test_misc.py', line: 101 }]);
  });

  it('reads a passing run, plain and -v', () => {
    for (const name of ['pass', 'pass-v']) expect(tomli(name)).toEqual({ format: 'unittest', failures: [], total: 16 });
  });

  it('names a failing setUpClass as its class and a module that did not import as its file; neither is a case', () => {
    const r = readOutput(throwaway.fixture('readers/unittest/setup-import-subtest.txt'), throwaway.root);
    expect(r.total).toBe(4);
    expect(r.failures.map((f) => [f.id, f.name, isSynthetic(f, r.format)])).toEqual([
      ['tests.test_db.TestDb', 'tests.test_db.TestDb (suite)', true],
      ['tests/test_report.py', '(suite failed to run)', true],
      ['tests.test_math.TestMath.test_add', 'tests.test_math.TestMath.test_add', false],
      ['tests.test_math.TestMath.test_table (a=2, b=1)', 'tests.test_math.TestMath.test_table (a=2, b=1)', false],
    ]);
    expect(byId(r, 'tests.test_db.TestDb').message).toBe('RuntimeError: database unavailable');
    expect(byId(r, 'tests/test_report.py').message).toBe("ModuleNotFoundError: No module named 'tests.report'");
    expect(byId(r, 'tests/test_report.py').locations).toEqual([{ file: 'tests/test_report.py', line: 2 }]);
    expect(byId(r, 'tests.test_math.TestMath.test_add')).toMatchObject({ actual: '0', expected: '4', file: 'tests/test_math.py' });
  });

  it('judges the pristine run fixed: the failures are gone and as many tests ran', () => {
    const run = (exitCode: number): CommandRun => commandRun(exitCode, { command: 'python3 -m unittest', output: '', durationMs: 1 });
    const verdict = judge({ run: run(1), report: tomli('tz-sign'), scope: 'full' }, { run: run(0), report: tomli('pass'), scope: 'full' });
    expect(verdict.reasons).toEqual([]);
    expect(verdict.fixed).toBe(true);
  });
});
