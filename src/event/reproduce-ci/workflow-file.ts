import { parse } from 'yaml';
import { findJob, isLinux } from './workflow-jobs.js';
import { buildStep, envOf, stepNames, type CiStep } from './workflow-steps.js';
import { isObject, type Yaml } from './workflow-yaml.js';

/**
 * A workflow file read the way GitHub reads it, for one purpose: given the jobs and steps the
 * Actions API says failed, find their `run:` scripts, with the directory, environment and shell
 * they ran with (README, "How it finds what CI ran"). Pure: the API calls live in ci-plan.ts.
 */

/** A job as `GET /actions/runs/{id}/jobs` lists it (the fields used here). */
export interface ApiJob {
  id: number;
  name: string;
  conclusion: string | null;
  html_url?: string | null;
  labels?: string[];
  steps?: { name: string; number: number; conclusion: string | null; status?: string }[];
}

/** A failed step unbreak cannot run as CI did, and why. */
export interface Unreproducible {
  job: string;
  step: string;
  reason: string;
  jobUrl?: string;
}

export interface StepPlan {
  /** Earlier `run:` steps of the failed jobs, in job order, each once. */
  setup: CiStep[];
  /** The failed steps, one test command each. */
  tests: CiStep[];
  unreproducible: Unreproducible[];
  /** Things left out that are worth saying (a setup step that needs a secret). */
  notes: string[];
}

/**
 * The plan for the failed jobs of a run: each failed job's first failed step as a test, the
 * `run:` steps before it (those CI ran) as setup. Jobs in the API's order.
 */
export function planSteps(workflowText: string, jobs: ApiJob[]): StepPlan {
  const plan: StepPlan = { setup: [], tests: [], unreproducible: [], notes: [] };
  const failed = jobs.filter((j) => j.conclusion === 'failure');
  let workflow: Yaml;
  try {
    const doc: unknown = parse(workflowText);
    workflow = isObject(doc) ? doc : {};
  } catch (error) {
    for (const job of failed)
      plan.unreproducible.push(
        unrepro(
          job,
          firstFailed(job)?.name ?? '(unknown step)',
          `the workflow file does not parse (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
        ),
      );
    return plan;
  }
  const jobsYaml = isObject(workflow.jobs) ? workflow.jobs : {};
  const seenSetup = new Set<string>();
  for (const job of failed) {
    const failedStep = firstFailed(job);
    if (!failedStep) {
      plan.unreproducible.push(unrepro(job, '(no step)', 'no step of the job failed (it was cancelled, timed out, or failed before its steps ran)'));
      continue;
    }
    const found = findJob(jobsYaml, job.name);
    if (!found) {
      plan.unreproducible.push(
        unrepro(
          job,
          failedStep.name,
          'the job is not found in the workflow file (a reusable workflow, or a name built from expressions unbreak cannot evaluate)',
        ),
      );
      continue;
    }
    if (isObject(found.job.services) && Object.keys(found.job.services).length) {
      plan.unreproducible.push(
        unrepro(job, failedStep.name, `the job needs service containers (${Object.keys(found.job.services).join(', ')}), which unbreak does not start`),
      );
      continue;
    }
    if (!isLinux(job, found.job, found.matrix)) {
      plan.unreproducible.push(
        unrepro(job, failedStep.name, `the job ran on ${(job.labels ?? []).join(', ') || 'a non-Linux runner'}, and unbreak runs on Linux`),
      );
      continue;
    }
    const steps = Array.isArray(found.job.steps) ? found.job.steps.filter(isObject) : [];
    const scope = { ...envOf(workflow.env, found.matrix, {}).env };
    const index = steps.findIndex((s) => stepNames(s, found.matrix, scope).includes(failedStep.name.trim()));
    if (index < 0) {
      plan.unreproducible.push(unrepro(job, failedStep.name, 'the step is not found in the job in the workflow file'));
      continue;
    }
    const target = steps[index]!;
    if (typeof target.run !== 'string') {
      plan.unreproducible.push(
        unrepro(
          job,
          failedStep.name,
          typeof target.uses === 'string' ? `it is a \`uses: ${target.uses}\` step (an action), not a script unbreak can run` : 'it has no `run:` script',
        ),
      );
      continue;
    }
    const built = buildStep(job, failedStep.name, found, workflow, target);
    if ('reason' in built) {
      plan.unreproducible.push(unrepro(job, failedStep.name, built.reason));
      continue;
    }
    // Setup: the run: steps before it that CI ran (the API says which were skipped by their `if:`).
    const apiSteps = job.steps ?? [];
    for (const earlier of steps.slice(0, index)) {
      if (typeof earlier.run !== 'string') continue;
      const names = stepNames(earlier, found.matrix, scope);
      const api = apiSteps.find((s) => names.includes(s.name.trim()));
      if (api && api.conclusion === 'skipped') continue;
      const apiName = api?.name ?? names.at(-1) ?? 'Run';
      const setup = buildStep(job, apiName, found, workflow, earlier);
      if ('reason' in setup) {
        plan.notes.push(`setup step ${job.name} / ${apiName} is left out: ${setup.reason}`);
        continue;
      }
      const key = JSON.stringify([setup.step.script, setup.step.dir]);
      if (seenSetup.has(key)) continue;
      seenSetup.add(key);
      plan.setup.push(setup.step);
    }
    plan.tests.push(built.step);
  }
  return plan;
}

function firstFailed(job: ApiJob) {
  return [...(job.steps ?? [])].sort((a, b) => a.number - b.number).find((s) => s.conclusion === 'failure');
}

function unrepro(job: ApiJob, step: string, reason: string): Unreproducible {
  return { job: job.name, step, reason, ...(job.html_url ? { jobUrl: job.html_url } : {}) };
}
