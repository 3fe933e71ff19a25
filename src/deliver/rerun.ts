import type { Octokit } from '../github/octokit.js';
import { describeGitHubError, statusOf } from '../github/octokit.js';
import { dispatchWorkflow } from '../github/actions.js';
import type { RepoRef } from '../github/repo-ref.js';

/**
 * A push made with the job's GITHUB_TOKEN starts no workflow, so the PR's checks stay red on the
 * fix. `workflow_dispatch` is the one event that token may start: dispatch the named workflows on
 * the PR branch and link the runs.
 */
export interface Rerun {
  workflow: string;
  /** The run's page, when GitHub says which run it started. */
  url?: string;
  /** Why it was not started, one line that says what to change. */
  error?: string;
}

export async function dispatchWorkflows(octokit: Octokit, repo: RepoRef, branch: string, workflows: string[]): Promise<Rerun[]> {
  const results: Rerun[] = [];
  for (const workflow of workflows) {
    try {
      let data: unknown;
      try {
        data = await dispatchWorkflow(octokit, repo, workflow, branch, true);
      } catch (error) {
        // GitHub Enterprise Server before the run-details parameter rejects it: dispatch without.
        if (statusOf(error) !== 400 && !(statusOf(error) === 422 && /return_run_details/i.test(String(error)))) throw error;
        data = await dispatchWorkflow(octokit, repo, workflow, branch, false);
      }
      const url = typeof data === 'object' && data !== null && 'html_url' in data && typeof data.html_url === 'string' ? data.html_url : undefined;
      results.push({ workflow, ...(url ? { url } : {}) });
    } catch (error) {
      results.push({ workflow, error: explain(workflow, error) });
    }
  }
  return results;
}

function explain(workflow: string, error: unknown): string {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (status === 422 && /workflow_dispatch/i.test(message))
    return `${workflow} has no workflow_dispatch trigger: add \`on: workflow_dispatch\` to it so unbreak can rerun it on the fix`;
  if (status === 404) return `no workflow ${workflow} in this repository (rerun-workflows takes file names under .github/workflows, e.g. ci.yml)`;
  return describeGitHubError(`starting ${workflow}`, error, 'actions: write');
}

/** Lines for the status comment and the job summary. */
export function rerunLines(reruns: Rerun[]): string[] {
  return reruns.map((r) =>
    r.error ? `- ⚠️ ${r.workflow} was not rerun: ${r.error}` : `- 🔁 ${r.workflow} ${r.url ? `[is running on the fix](${r.url})` : 'was started on the fix'}`,
  );
}
