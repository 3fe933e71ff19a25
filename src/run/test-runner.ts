import type { TestResult, TestRunner } from '../engine/types.js';
import type { TestFailure } from '../failures/test-report.js';
import { readReport, readStepReports } from '../failures/collect.js';
import { killActiveGroups, runCommand } from './command.js';
import { testStepsCommand, type ScriptStep } from '../failures/steps.js';
import { targetedCommand } from './targeted.js';
import { channelCheckpoint } from './file-commands.js';

export interface RunnerOptions {
  root: string;
  testCommand: string;
  setupCommand?: string;
  timeoutMs: number;
  junitGlob: string;
  /** Rerun failing tests alone before the full command (on by default). */
  targeted?: boolean;
  onOutput?: (chunk: Buffer) => void;
  /** Called just before each command starts, and the moment it has ended (to pin what it saw). */
  onStart?: () => void;
  onExit?: () => void;
  /**
   * The steps `testCommand` is made of (CI's failed steps, testing/steps.ts): a rerun of chosen
   * failures runs only the steps they came from, each narrowed to its failing tests where its
   * runner allows. Full runs (every verdict) always run every step.
   */
  steps?: ScriptStep[];
}

/** The test command as the engine sees it: setup once, full runs, targeted reruns. */
export function createTestRunner(options: RunnerOptions): TestRunner {
  const exec = (command: string) =>
    runCommand(command, {
      cwd: options.root,
      timeoutMs: options.timeoutMs,
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      ...(options.onStart ? { onStart: options.onStart } : {}),
      ...(options.onExit ? { onExit: options.onExit } : {}),
    });
  // Which steps each failure came from (the same test may fail in two matrix legs), and each step's output format: from the full runs so far.
  const stepOf = new Map<string, Set<string>>();
  const stepFormat = new Map<string, string>();
  const learn = (output: string) => {
    for (const { label, report } of readStepReports(output, options.root) ?? []) {
      stepFormat.set(label, report.format);
      for (const f of report.failures) stepOf.set(f.id, (stepOf.get(f.id) ?? new Set()).add(label));
    }
  };
  const rerun = (failures: TestFailure[], format: string): string | undefined => {
    if (options.targeted === false) return undefined;
    if (options.steps?.length) return stepsRerun(options.steps, failures, stepOf, stepFormat, options.root);
    return targetedCommand(options.testCommand, format, failures, options.root);
  };
  // Every test run starts from the file commands (GITHUB_ENV, GITHUB_PATH) the setup left, as CI's failed step did.
  let fromSetup = channelCheckpoint();
  const test = (command: string) => {
    fromSetup();
    return exec(command);
  };
  return {
    async setup() {
      if (!options.setupCommand) return undefined;
      const run = await exec(options.setupCommand);
      fromSetup = channelCheckpoint();
      return run;
    },
    async full(): Promise<TestResult> {
      const run = await test(options.testCommand);
      if (options.steps?.length) learn(run.output);
      return { run, report: await readReport(run, options.root, options.junitGlob), scope: 'full' };
    },
    canTarget(failures: TestFailure[], format: string): boolean {
      return rerun(failures, format) !== undefined;
    },
    async targeted(failures: TestFailure[], format: string): Promise<TestResult | undefined> {
      const command = rerun(failures, format);
      if (!command) return undefined;
      const run = await test(command);
      return { run, report: await readReport(run, options.root, options.junitGlob), scope: 'targeted' };
    },
    cancel: killActiveGroups,
  };
}

/**
 * A rerun of CI's steps for the given failures: only the steps they came from (a step with no
 * failure among them is left out: it stays green or red as the last full run saw it, and the
 * verdict's full run checks it again), each narrowed to its failing tests where targeted.ts knows
 * its runner. Undefined when a failure's step is unknown, or when the rerun would be the full command.
 */
export function stepsRerun(
  steps: ScriptStep[],
  failures: TestFailure[],
  stepOf: Map<string, Set<string>>,
  stepFormat: Map<string, string>,
  root: string,
): string | undefined {
  const mine = new Map<string, TestFailure[]>();
  for (const f of failures) {
    const labels = [...(stepOf.get(f.id) ?? [])].filter((label) => steps.some((s) => s.label === label));
    if (!labels.length) return undefined;
    for (const label of labels) mine.set(label, [...(mine.get(label) ?? []), f]);
  }
  let narrower = false;
  const chosen: ScriptStep[] = [];
  for (const step of steps) {
    const own = mine.get(step.label);
    if (!own) {
      narrower = true;
      continue;
    }
    // Within a step: its runner's own filter, for a one-line script at the root (failure paths are repo-relative).
    const format = stepFormat.get(step.label);
    const oneLine = !step.script.trim().includes('\n');
    const script = !step.dir && oneLine && format ? targetedCommand(step.script.trim(), format, own, root) : undefined;
    if (script) narrower = true;
    chosen.push(script ? { ...step, script } : step);
  }
  return chosen.length && narrower ? testStepsCommand(chosen) : undefined;
}
