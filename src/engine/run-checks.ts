import { environmentProblem } from '../run/missing-tools.js';
import type { End, Tally } from './run-state.js';
import type { TestResult, TestRunner, Veto } from './types.js';
import { isSynthetic } from './verify.js';

export async function runSetup(tests: TestRunner, tally: Tally): Promise<End | undefined> {
  const setup = await tests.setup();
  if (!setup) return undefined;
  tally.ms += setup.durationMs;
  if (setup.timedOut) return { status: 'error', message: `the setup command timed out and was killed: ${setup.command}` };
  if (setup.exitCode === 0) return undefined;
  const why = setup.notFound ? 'was not found' : `failed with exit code ${setup.exitCode ?? setup.signal}`;
  return { status: 'error', message: `the setup command ${why}: ${setup.command}: ${lastLine(setup.output)}` };
}

/** Why the first run leaves nothing a model could work on: the tests did not run, or were killed before naming one. */
export function couldNotRun(before: TestResult): End | undefined {
  // A command, runner or package manager that is not there is the machine's to fix, not the model's.
  const ran = before.report.total ?? (before.report.passed?.length ?? 0) + before.report.failures.filter((f) => !isSynthetic(f, before.report.format)).length;
  const missing = environmentProblem(before.run, ran);
  if (missing) return { status: 'error', message: `${before.run.notFound ? 'the test command was not found' : 'the tests could not run'}: ${missing.message}` };
  if (before.run.notFound) return { status: 'error', message: `the test command was not found: ${before.run.command}: ${lastLine(before.run.output)}` };
  // Killed for time before it named a single test: nothing for a model to fix, and nothing to show it.
  if (before.run.timedOut && ran === 0) {
    const limit = before.run.limitMs !== undefined ? ` (${Math.round(before.run.limitMs / 1000)}s)` : '';
    return {
      status: 'error',
      message:
        `the test command ran longer than its time limit${limit} and was killed before it reported any test, so no model request was made: ` +
        'raise --test-timeout (input test-timeout), or check that the command ends on its own (no watch mode, no prompt waiting for input)',
    };
  }
  return undefined;
}

/** A first run with nothing failing ends the run: nothing to fix. */
export function nothingFailing(before: TestResult): End | undefined {
  if (before.run.exitCode === 0 && before.report.failures.length === 0) {
    return { status: 'no-failures', message: `no failing tests (${before.report.total ?? 'all'} passed)` };
  }
  return undefined;
}

/** What to say when the command exited 0 yet its output names failures, which are then treated as failing. */
export function exitZeroNote(before: TestResult): string | undefined {
  if (before.run.exitCode === 0) {
    return `the test command exited 0 but its output names ${before.report.failures.length} failures; treating them as failing`;
  }
  return undefined;
}

/** A gate's reason not to ask the model, as the run's end. */
export function vetoEnd(veto: Veto | undefined): End | undefined {
  if (veto) return typeof veto === 'string' ? { status: 'skipped', message: veto } : { status: 'skipped', message: veto.message, notes: veto.notes };
  return undefined;
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .at(-1)
      ?.slice(0, 200) ?? ''
  );
}
