import type { RepoRef } from '../../github/repo-ref.js';
import { inert } from '../../report/inert.js';
import { statusOf, describeGitHubError, type Octokit } from '../../github/octokit.js';
import { downloadJobLog, listRunJobs } from '../../github/actions.js';
import { getFileContent } from '../../github/repository.js';
import { setupCommand, stepLabel, stepResults, testCommand } from './script.js';
import { planSteps, type ApiJob, type Unreproducible } from './workflow-file.js';
import type { CiStep } from './workflow-steps.js';
import { readOutput } from '../../failures/collect.js';
import { isSynthetic, type TestReport } from '../../failures/test-report.js';
import { stripAnsi } from '../../failures/text.js';
import { textAt } from '../../git/objects.js';

/**
 * What a failed workflow run ran, found from the run itself (README, "How it finds what CI ran"): the failed jobs
 * and steps from the Actions API, their scripts from the workflow file at the run's head, compiled
 * into one setup and one test command for the engine.
 */

export interface CiRun {
  id?: number | undefined;
  path?: string | undefined;
  head_sha: string;
  html_url?: string | undefined;
}

export interface CiPlan {
  /** The setup steps as one command (undefined: none). */
  setup?: string;
  /** The failed steps as one command; undefined when none can be reproduced. */
  test?: string;
  /** The failed steps the test command runs. */
  steps: CiStep[];
  setupSteps: CiStep[];
  unreproducible: Unreproducible[];
  notes: string[];
  /** The failed jobs, as the API lists them. */
  jobs: ApiJob[];
  workflowPath: string;
}

export class CiPlanError extends Error {
  override name = 'CiPlanError';
}

const PERMISSION_LINE =
  'unbreak cannot read the failed run’s jobs: add `permissions: actions: read` to the unbreak job (or set test-command to say what to run)';

/** The plan for a failed run: which steps to run here, and which cannot be (with why). */
export async function planFromRun(octokit: Octokit, repo: RepoRef, run: CiRun, root: string): Promise<CiPlan> {
  if (run.id === undefined) throw new CiPlanError('the workflow_run event names no run id, so what failed cannot be read; set test-command');
  let jobs: ApiJob[];
  try {
    jobs = (await listRunJobs(octokit, repo, run.id)) as ApiJob[];
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 401) throw new CiPlanError(PERMISSION_LINE);
    throw new CiPlanError(describeGitHubError('listing the failed run’s jobs', error, 'actions: read'));
  }
  const failed = jobs.filter((j) => j.conclusion === 'failure');
  const path = run.path?.replace(/@.*$/, '') ?? '';
  const empty: CiPlan = { steps: [], setupSteps: [], unreproducible: [], notes: [], jobs: failed, workflowPath: path };
  if (!failed.length) return { ...empty, notes: ['no job of the run has conclusion failure (cancelled or timed out jobs are not reproduced)'] };
  if (!path) throw new CiPlanError('the workflow_run event names no workflow file (workflow_run.path); set test-command');
  const text = await workflowText(octokit, repo, path, run.head_sha, root);
  const steps = planSteps(text, failed);
  return {
    ...(steps.setup.length ? { setup: setupCommand(steps.setup)! } : {}),
    ...(steps.tests.length ? { test: testCommand(steps.tests) } : {}),
    steps: steps.tests,
    setupSteps: steps.setup,
    unreproducible: steps.unreproducible,
    notes: steps.notes,
    jobs: failed,
    workflowPath: path,
  };
}

/** The workflow file at the run's head: from git when the commit is here, else the contents API. */
async function workflowText(octokit: Octokit, repo: RepoRef, path: string, sha: string, root: string): Promise<string> {
  try {
    return await textAt(root, sha, path);
  } catch {
    // not fetched here: ask the API
  }
  try {
    const data = await getFileContent(octokit, repo, path, sha);
    if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) throw new CiPlanError(`${path} at ${sha.slice(0, 7)} is not a file`);
    return Buffer.from(data.content, (data.encoding as BufferEncoding | undefined) ?? 'base64').toString('utf8');
  } catch (error) {
    if (error instanceof CiPlanError) throw error;
    throw new CiPlanError(describeGitHubError(`reading ${path} at ${sha.slice(0, 7)}`, error, 'contents: read'));
  }
}

/** How much of a job's log is kept: its end, where a failed step's output is. */
const LOG_CHARS = 2_000_000;

/** A job's log as CI wrote it (timestamps off), its last LOG_CHARS, or undefined when it cannot be read. */
export async function readJobLog(octokit: Octokit, repo: RepoRef, jobId: number): Promise<string | undefined> {
  try {
    // Each line's timestamp (about 29 bytes) goes, and a character may take up to 4 bytes: twice the
    // kept length in bytes holds LOG_CHARS of text for every log but one of long non-ASCII lines.
    const text = await downloadJobLog(octokit, repo, jobId, 2 * LOG_CHARS);
    if (text === undefined) return undefined;
    const lines = stripAnsi(text.replace(/^\uFEFF/, '').replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z ?/gm, ''));
    if (lines.length <= LOG_CHARS) return lines;
    const cut = lines.slice(-LOG_CHARS);
    return cut.slice(cut.indexOf('\n') + 1);
  } catch {
    return undefined;
  }
}

/** Failing test names a report holds (test cases only). */
function failingNames(report: TestReport): string[] {
  return report.failures.filter((f) => !isSynthetic(f, report.format)).map((f) => f.name);
}

/**
 * After the first run here: the failed steps that passed (not reproduced), and the tests CI's
 * logs name failing that pass here.
 */
export function checkReproduction(
  plan: Pick<CiPlan, 'steps'>,
  firstRun: { output: string; report: TestReport },
  logs: string[],
  root: string,
): { notReproduced: Unreproducible[]; notes: string[] } {
  const results = new Map(stepResults(firstRun.output).map((r) => [r.label, r]));
  const notReproduced: Unreproducible[] = [];
  for (const step of plan.steps) {
    const r = results.get(stepLabel(step));
    if (r?.passed)
      notReproduced.push({
        job: step.job,
        step: step.step,
        reason: 'it passes here (it may need another OS, a secret or a service, or it is flaky)',
        ...(step.jobUrl ? { jobUrl: step.jobUrl } : {}),
      });
  }
  const notes: string[] = [];
  const here = new Set(failingNames(firstRun.report));
  if (here.size) {
    const ci = new Set(logs.flatMap((log) => failingNames(readOutput(log, root))));
    const passHere = [...ci].filter((n) => !here.has(n));
    if (passHere.length && ci.size) {
      const shown = passHere.slice(0, 10).map((n) => `\`${n.replace(/`/g, "'")}\``);
      notes.push(
        `CI's log names ${passHere.length === 1 ? 'a failing test' : `${passHere.length} failing tests`} that ${passHere.length === 1 ? 'passes' : 'pass'} here: ${shown.join(', ')}${passHere.length > shown.length ? ', …' : ''}`,
      );
    }
  }
  return { notReproduced, notes };
}

/** One line per step that cannot be reproduced: job, step, reason, link. */
export function unreproducibleLines(items: Unreproducible[]): string[] {
  return items.map((u) => {
    const link = u.jobUrl && /^https?:\/\/[^\s()<>]+$/.test(u.jobUrl) ? ` ([job](${u.jobUrl}))` : '';
    return `- not reproduced: **${one(u.job)}** / ${one(u.step)}: ${one(u.reason)}${link}`;
  });
}

/** Names and reasons quote the workflow file: one line, inert. */
function one(text: string): string {
  return inert(text.replace(/[\r\n]+/g, ' '));
}
