import type { CiStep } from './workflow-steps.js';
import { setupStepsCommand, testStepsCommand, type ScriptStep } from '../../failures/steps.js';

/**
 * CI's steps as the engine's two commands (a setup command and a test command, run with `sh -c`),
 * so the engine, verification and delivery stay as they are. Each step runs in its directory with
 * its env and shell; a `::step <job> / <step>` line heads its output (the test readers read each
 * step's part on its own), and the test command ends with one `::step-result` line per step, so
 * the first run tells which failed steps came back here. The composition itself lives in
 * testing/steps.ts, where the runner also builds reruns of just the failing steps.
 */

export function stepLabel(step: Pick<CiStep, 'job' | 'step'>): string {
  return `${step.job} / ${step.step}`.replace(/[\r\n]+/g, ' ');
}

/** A CI step as the runner runs it. */
export function scriptStep(step: CiStep): ScriptStep {
  return { label: stepLabel(step), script: step.script, dir: step.dir, env: step.env, shell: step.shell };
}

/** Setup: each step once, in order; the first that fails stops it, as it would have stopped CI's job. */
export function setupCommand(steps: CiStep[]): string | undefined {
  return setupStepsCommand(steps.map(scriptStep));
}

/** Tests: every failed step runs, whatever the others did; the command fails when any of them does. */
export function testCommand(steps: CiStep[]): string {
  return testStepsCommand(steps.map(scriptStep));
}

export { quote, stepResults, type StepResult } from '../../failures/steps.js';
