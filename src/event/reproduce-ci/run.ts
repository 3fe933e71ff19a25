import type { Outcome, ProgressEvent, TestResult } from '../../engine/types.js';
import type { RepoRef } from '../../github/repo-ref.js';
import type { Octokit } from '../../github/octokit.js';
import { checkReproduction, planFromRun, readJobLog, unreproducibleLines, type CiPlan, type CiRun } from './plan.js';
import { stepLabel, stepResults } from './script.js';
import { inert } from '../../report/inert.js';
import { bareOutcome } from '../../report/bare-outcome.js';
import type { Unreproducible } from './workflow-file.js';

/**
 * The action's side of README, "How it finds what CI ran": the plan, the check that the first run fails where CI
 * failed, and what the verdict says about the steps that could not be reproduced.
 */
export interface CiReproduction {
  plan: CiPlan;
  /** Sees the engine's progress: its first full test run is the reproduction check. */
  observe(event: ProgressEvent): void;
  /** When no failed step can run here: the `skipped` outcome, with no test run and no model request. */
  nothingToRun(): Outcome | undefined;
  /** The outcome with the steps not reproduced named; `skipped` when none of them failed here. */
  finish(outcome: Outcome): Promise<Outcome>;
}

export async function reproduceRun(octokit: Octokit, repo: RepoRef, run: CiRun, root: string, log: (line: string) => void): Promise<CiReproduction> {
  const plan = await planFromRun(octokit, repo, run, root);
  log(`the failed run's workflow: ${plan.workflowPath}`);
  for (const step of plan.setupSteps) log(`setup: ${stepLabel(step)}${step.dir ? ` (in ${step.dir})` : ''}`);
  for (const step of plan.steps) log(`failed step to reproduce: ${stepLabel(step)}${step.dir ? ` (in ${step.dir})` : ''}`);
  for (const u of plan.unreproducible) log(`not reproducible: ${u.job} / ${u.step}: ${u.reason}`);
  // CI's logs, read while the tests run; a log that cannot be read only loses the comparison.
  const reproducibleJobs = new Set(plan.steps.map((s) => s.job));
  const logs = Promise.all(plan.jobs.filter((j) => reproducibleJobs.has(j.name)).map((j) => readJobLog(octokit, repo, j.id))).then((l) =>
    l.filter((t): t is string => t !== undefined),
  );
  let first: TestResult | undefined;
  let last: TestResult | undefined;

  const describe = (extra: Unreproducible[]) => [...unreproducibleLines([...plan.unreproducible, ...extra]), ...plan.notes.map((n) => `- ${n}`)];

  return {
    plan,
    observe(event) {
      if (event.kind !== 'tests' || event.scope !== 'full') return;
      first ??= event.result;
      last = event.result;
    },
    nothingToRun() {
      if (plan.test) return undefined;
      const outcome = bareOutcome(
        'skipped',
        plan.jobs.length
          ? `no failed step of the workflow run can be reproduced here (${plan.unreproducible.length} named below); nothing was asked of the model`
          : 'the workflow run has no failed job to reproduce',
      );
      return { ...outcome, notes: describe([]) };
    },
    async finish(outcome) {
      if (!plan.test) return outcome; // nothingToRun's, already told
      const check = first ? checkReproduction(plan, { output: first.run.output, report: first.report }, await logs, root) : { notReproduced: [], notes: [] };
      const notes = [...describe(check.notReproduced), ...check.notes, ...(last && last !== first ? lastRunLines(plan, last) : []), ...(outcome.notes ?? [])];
      if (outcome.status === 'no-failures') {
        return {
          ...outcome,
          status: 'skipped',
          message: `none of the failed CI steps fails here (${plan.steps.length} run), so there is nothing to fix here; nothing was asked of the model`,
          notes,
        };
      }
      return notes.length ? { ...outcome, notes } : outcome;
    },
  };
}

/** How each reproduced step ended in the last full run (the one the verdict read): every step runs there. */
function lastRunLines(plan: CiPlan, last: TestResult): string[] {
  const results = new Map(stepResults(last.run.output).map((r) => [r.label, r]));
  const shown = plan.steps.map((step) => {
    const r = results.get(stepLabel(step));
    const how = r ? (r.passed ? 'passes' : `fails (exit ${r.exitCode})`) : 'did not finish';
    return `**${inert(step.job.replace(/[\r\n]+/g, ' '))}** / ${inert(step.step.replace(/[\r\n]+/g, ' '))}: ${how}`;
  });
  return shown.length ? [`- the failed CI steps in the last run here: ${shown.join('; ')}`] : [];
}
