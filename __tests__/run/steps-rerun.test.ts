import { afterEach, describe, expect, it } from '@jest/globals';
import { createTestRunner } from '../../src/run/test-runner.js';
import { stepResults, stepSections, testStepsCommand, type ScriptStep } from '../../src/failures/steps.js';
import { writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

/**
 * Reruns of CI's steps (workflow_run without test-command): a rerun of failing tests runs only the
 * steps they came from, each narrowed by its own runner where it allows; the full command (every
 * verdict) runs every step. Real pytest, real shell steps.
 */

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const SHELL = 'bash --noprofile --norc -eo pipefail';
const step = (label: string, script: string, dir = ''): ScriptStep => ({ label, script, dir, env: {}, shell: SHELL });

function project(): string {
  const t = tempDir('unbreak-steps-');
  cleanups.push(t.cleanup);
  writeFiles(t.dir, {
    'calc.py': '# TODO\ndef add(a, b):\n    return a - b\n\ndef mul(a, b):\n    return a * b\n',
    'test_calc.py':
      'from calc import add, mul\n\ndef test_add():\n    assert add(2, 2) == 4\n\ndef test_mul():\n    assert mul(2, 3) == 6\n\ndef test_mul_zero():\n    assert mul(5, 0) == 0\n',
    // A checker standing in for a linter: its complaint is not a test, so its step can only rerun whole.
    'check.sh': 'if grep -q TODO calc.py; then echo "calc.py:1:1: error: TODO left in (no-todo)"; exit 1; fi\necho clean\n',
  });
  return t.dir;
}

const STEPS = [
  step('tests / Run python3 -m pytest -q -p no:cacheprovider', 'python3 -m pytest -q -p no:cacheprovider'),
  step('lint / Check', 'sh check.sh'),
  step('docs / Build', 'echo docs built'),
];

describe('reruns of CI steps', () => {
  it('runs only the failing steps, the pytest step narrowed to its failing test; a full run still runs every step', async () => {
    const root = project();
    const runner = createTestRunner({ root, testCommand: testStepsCommand(STEPS), timeoutMs: 60_000, junitGlob: '**/junit*.xml', steps: STEPS });
    const full = await runner.full();
    expect(stepResults(full.run.output).map((r) => [r.label, r.passed])).toEqual([
      [STEPS[0]!.label, false],
      [STEPS[1]!.label, false],
      [STEPS[2]!.label, true],
    ]);
    const failures = full.report.failures;
    expect(failures.map((f) => f.name)).toEqual(expect.arrayContaining(['test_calc.py::test_add']));
    expect(failures).toHaveLength(2);
    expect(runner.canTarget!(failures, full.report.format)).toBe(true);

    const again = (await runner.targeted(failures, full.report.format))!;
    expect(again.scope).toBe('targeted');
    // The green step is not run; the two red ones are, pytest with just the failing test.
    expect(stepSections(again.run.output)!.map((s) => s.label)).toEqual([STEPS[0]!.label, STEPS[1]!.label]);
    expect(again.run.output).toContain('1 failed in');
    expect(again.run.output).not.toContain('2 passed');
    expect(again.report.failures.map((f) => f.id).sort()).toEqual(failures.map((f) => f.id).sort());

    // Just the test: only its step runs.
    const testOnly = failures.filter((f) => f.name === 'test_calc.py::test_add');
    const one = (await runner.targeted(testOnly, full.report.format))!;
    expect(stepResults(one.run.output).map((r) => r.label)).toEqual([STEPS[0]!.label]);

    // The full command is untouched: every step, every test.
    const verdict = await runner.full();
    expect(stepResults(verdict.run.output)).toHaveLength(3);
    expect(verdict.run.output).toContain('1 failed, 2 passed');
  }, 60_000);

  it('a failure no step is known for, or the full-reruns switch, means no rerun of chosen steps', async () => {
    const root = project();
    const steps = [STEPS[1]!, STEPS[2]!];
    const runner = createTestRunner({ root, testCommand: testStepsCommand(steps), timeoutMs: 60_000, junitGlob: '**/junit*.xml', steps });
    const unknown = [{ id: 'elsewhere > test_x', name: 'test_x', message: 'x', locations: [] }];
    // Before any full run nothing is known about where failures come from.
    expect(runner.canTarget!(unknown, 'steps')).toBe(false);
    const full = await runner.full();
    // The lint step alone, the green one left out: a rerun is offered...
    expect(runner.canTarget!(full.report.failures, full.report.format)).toBe(true);
    const again = (await runner.targeted(full.report.failures, full.report.format))!;
    expect(stepResults(again.run.output).map((r) => r.label)).toEqual([STEPS[1]!.label]);
    // ...but not with a failure whose step is unknown.
    expect(runner.canTarget!([...full.report.failures, ...unknown], 'steps')).toBe(false);
    expect(await runner.targeted(unknown, 'steps')).toBeUndefined();

    const off = createTestRunner({ root, testCommand: testStepsCommand(steps), timeoutMs: 60_000, junitGlob: '**/junit*.xml', steps, targeted: false });
    const first = await off.full();
    expect(off.canTarget!(first.report.failures, first.report.format)).toBe(false);
  }, 60_000);

  it('the same failure in two steps (two matrix legs) reruns both; when that is every step and none narrows, no rerun is offered', async () => {
    const root = project();
    const steps = [STEPS[1]!, step('lint / Check again', 'sh check.sh && echo checked')];
    const runner = createTestRunner({ root, testCommand: testStepsCommand(steps), timeoutMs: 60_000, junitGlob: '**/junit*.xml', steps });
    const full = await runner.full();
    expect(stepResults(full.run.output).map((r) => r.passed)).toEqual([false, false]);
    expect(runner.canTarget!(full.report.failures, full.report.format)).toBe(false);
  }, 60_000);
});
