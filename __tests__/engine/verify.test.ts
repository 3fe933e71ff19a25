import { describe, expect, it } from '@jest/globals';
import { judge } from '../../src/engine/verify.js';
import type { TestResult } from '../../src/engine/types.js';
import type { TestFailure, TestReport } from '../../src/failures/test-report.js';
import { targetedCommand } from '../../src/run/targeted.js';
import { pytestReader } from '../../src/failures/readers/pytest.js';
import { emptyProject } from '../../testkit/readers.js';

const f = (id: string, file?: string): TestFailure => ({ id, name: id.split(' > ').pop()!, ...(file ? { file } : {}), message: 'boom', locations: [] });
const result = (exitCode: number, report: Partial<TestReport>): TestResult => ({
  scope: 'full',
  report: { format: 'jest', failures: [], ...report },
  run: { command: 'x', exitCode, timedOut: false, notFound: false, durationMs: 1, startedAt: 0, output: '', outputBytes: 0, droppedBytes: 0 },
});

describe('judge: the verdict rule (README, "How a fix is found and checked", step 4)', () => {
  const before = result(1, { total: 3, failures: [f('a.test.js > one'), f('a.test.js > two')], passed: ['a.test.js > three'] });

  it('fixed when exit 0, every failing test seen passing and no fewer tests', () => {
    expect(judge(before, result(0, { total: 3, passed: ['a.test.js > one', 'a.test.js > two', 'a.test.js > three'] })).fixed).toBe(true);
  });

  it('not fixed when a failing test vanished (deleted or skipped)', () => {
    const v = judge(before, result(0, { total: 3, passed: ['a.test.js > one', 'a.test.js > three', 'a.test.js > other'] }));
    expect(v.fixed).toBe(false);
    expect(v.reasons.join()).toMatch(/did not run/);
  });

  it('a checker that goes quiet (tsc, eslint: no output, exit 0) or lets the tests run is fixed; a test runner that goes quiet is not', () => {
    const diag = { ...f("src/use.ts > TS2322 (4,14): Type 'string' is not assignable to type 'number'.", 'src/use.ts'), synthetic: true };
    const quiet = result(0, { format: 'generic' });
    expect(judge(result(2, { format: 'tsc', failures: [diag] }), quiet).fixed).toBe(true);
    // tsc then the tests (`tsc && node --test`): once it compiles, the tests' own output follows.
    expect(judge(result(2, { format: 'tsc', failures: [diag] }), result(0, { format: 'node-test-spec', passed: ['t > one'] })).fixed).toBe(true);
    const v = judge(result(1, { format: 'jest', failures: [f('a.test.js > one')] }), quiet);
    expect(v.reasons.join()).toMatch(/changed form \(jest → generic\)/);
  });

  it('not fixed when fewer tests ran', () => {
    const v = judge(before, result(0, { total: 2, passed: ['a.test.js > one', 'a.test.js > two'] }));
    expect(v.reasons.join()).toMatch(/fewer tests ran: 2 instead of 3/);
  });

  it('not fixed when the output no longer gives a count (exit 0 with nothing run)', () => {
    const v = judge(before, result(0, { format: 'generic' }));
    expect(v.fixed).toBe(false);
  });

  it('not fixed on a non-zero exit even without named failures', () => {
    expect(judge(before, result(1, { total: 3, passed: ['a.test.js > one', 'a.test.js > two', 'a.test.js > three'] })).fixed).toBe(false);
  });

  it('uses "no longer failing" where passing tests are not named', () => {
    const b = result(1, { total: 3, failures: [f('x')] });
    expect(judge(b, result(0, { total: 3 })).fixed).toBe(true);
  });

  it.each(['-q', '-v'])('pytest subtests (%s): the suite turning green is a fix, a subtest still failing is not', (flag) => {
    const { root, fixture } = emptyProject();
    const recorded = (exitCode: number, name: string): TestResult => {
      const report = pytestReader.read({ output: fixture(`readers/pytest/${name}${flag}.txt`), root });
      const base = result(exitCode, {});
      return report ? { ...base, report } : { ...base, report: { format: 'generic', failures: [] } };
    };
    const failing = recorded(1, 'subtests-failing');
    expect(judge(failing, recorded(0, 'subtests-passing'))).toMatchObject({ fixed: true, reasons: [] });
    expect(judge(failing, failing).reasons.join()).toMatch(/2 tests still fail/);
  });

  it('a suite that failed to load needs no passing twin', () => {
    const b = result(1, { total: 1, failures: [{ ...f('a.test.js'), name: '(suite failed to run)' }] });
    expect(judge(b, result(0, { total: 4, passed: ['a.test.js > x'] })).fixed).toBe(true);
  });
});

describe('targetedCommand', () => {
  it('pytest: appends node ids', () => {
    expect(targetedCommand('python3 -m pytest -q', 'pytest', [f('tests/test_a.py::test_x[1-2]')], '/nonexistent')).toBe(
      "python3 -m pytest -q 'tests/test_a.py::test_x[1-2]'",
    );
  });
  it('vitest: the names joined as any vitest version joins them (a space, or " > " from vitest 3)', () => {
    expect(targetedCommand('vitest run', 'vitest', [{ ...f('t.test.ts > split > adds up', 't.test.ts'), name: 'split > adds up' }], '/nonexistent')).toBe(
      "vitest run 't.test.ts' -t '^(split(?: > | )adds up)$'",
    );
  });

  it('jest: files and an anchored name pattern', () => {
    expect(targetedCommand('npx jest', 'jest', [{ ...f('src/a.test.js > math > adds 1+1', 'src/a.test.js'), name: 'math > adds 1+1' }], '/nonexistent')).toBe(
      "npx jest 'src/a.test.js' -t '^(math(?: > | )adds 1\\+1)$'",
    );
  });
  it('go: -run with top-level names', () => {
    expect(targetedCommand('go test ./...', 'go', [{ ...f('example.com/m/p TestA/sub'), name: 'TestA/sub' }], '/nonexistent')).toBe(
      "go test ./... -run '^(TestA)$'",
    );
  });
  it('cargo: filters after --', () => {
    expect(targetedCommand('cargo test', 'cargo', [{ ...f('tests::adds'), name: 'tests::adds' }], '/nonexistent')).toBe("cargo test -- 'tests::adds'");
  });
  it('nothing for chained commands or unknown runners', () => {
    expect(targetedCommand('npm ci && npx jest', 'jest', [f('a > b', 'a')], '/nonexistent')).toBeUndefined();
    expect(targetedCommand('node --test', 'node-test-spec', [f('a')], '/nonexistent')).toBeUndefined();
  });
});

describe('judge: a run only the generic reader understood (issue 18)', () => {
  const run = (exitCode: number, output: string, failures: TestFailure[] = []): TestResult => ({
    scope: 'full',
    report: { format: 'generic', failures },
    run: { command: 'make test', exitCode, timedOut: false, notFound: false, durationMs: 1, startedAt: 0, output, outputBytes: output.length, droppedBytes: 0 },
  });
  const failure = { ...f('(test command failed)'), message: "AssertionError: 'a_b' !== 'a-b'", synthetic: true };
  const before = run(1, "node check.js\nchecking slugify in 12ms\nAssertionError: 'a_b' !== 'a-b'\nmake: *** [Makefile:2: test] Error 1\n", [failure]);

  it('fixed when the failure is gone and the work lines are still printed (numbers may differ)', () => {
    expect(judge(before, run(0, 'node check.js\nchecking slugify in 9ms\nall good\n')).fixed).toBe(true);
  });

  it('not fixed when the command no longer does comparable work', () => {
    const v = judge(before, run(0, 'echo ok\nok\n'));
    expect(v.fixed).toBe(false);
    expect(v.reasons.join()).toMatch(/no longer prints what it printed while working \(node check\.js\)/);
  });

  it('not fixed when the failure text is still printed and only the exit code changed', () => {
    const v = judge(before, run(0, "node check.js\nchecking slugify in 12ms\nAssertionError: 'a_b' !== 'a-b'\n"));
    expect(v.reasons.join()).toMatch(/failure output is still there/);
  });
});
