import type { RepoRef } from '../github/repo-ref.js';
import type { Octokit } from './octokit.js';

/** GitHub Actions: workflow runs, their jobs and logs, and starting a workflow. */

/** The first thirty runs of a workflow on a branch with this status, newest first. */
export async function listWorkflowRuns(octokit: Octokit, repo: RepoRef, workflowId: number, branch: string, status: 'success' | 'completed') {
  return (await octokit.rest.actions.listWorkflowRuns({ ...repo, workflow_id: workflowId, branch, status, per_page: 30 })).data.workflow_runs;
}

export async function getWorkflowRun(octokit: Octokit, repo: RepoRef, runId: number) {
  return (await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: runId })).data;
}

/** The jobs of a run's latest attempt, all pages. */
export async function listRunJobs(octokit: Octokit, repo: RepoRef, runId: number) {
  return octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, { ...repo, run_id: runId, filter: 'latest', per_page: 100 });
}

/** A job's log: GitHub answers 302 to the log's URL, and octokit follows it. */
export async function downloadJobLog(octokit: Octokit, repo: RepoRef, jobId: number) {
  return (await octokit.rest.actions.downloadJobLogsForWorkflowRun({ ...repo, job_id: jobId })).data;
}

/**
 * Starts a workflow that has a `workflow_dispatch` trigger on `ref`. With `runDetails`, GitHub
 * answers with the run it started (GitHub Enterprise Server before that parameter refuses it).
 */
export async function dispatchWorkflow(octokit: Octokit, repo: RepoRef, workflow: string, ref: string, runDetails: boolean): Promise<unknown> {
  const params = { ...repo, workflow_id: workflow, ref };
  const { data } = await octokit.request(
    'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
    runDetails ? { ...params, return_run_details: true } : params,
  );
  return data;
}
