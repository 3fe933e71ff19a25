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

/** Redirects followed from the API to the log's storage (GitHub answers with one). */
const MAX_REDIRECTS = 3;
/** Past this many bytes the download stops: a log that long is not read (its tail is never reached). */
const MAX_LOG_BYTES = 1024 * 1024 * 1024;

/**
 * The last `tailBytes` of a job's log, from the start of a line, or undefined when GitHub has none.
 * GitHub answers the API request with a redirect to the log's storage on another origin: the
 * redirect is followed here, by a request that carries no header of the API's (the token stays
 * with the API's origin whatever the fetch implementation does), and the body is read as a
 * stream, only a rolling tail kept, so a log of any size costs `tailBytes` of memory.
 */
export async function downloadJobLog(octokit: Octokit, repo: RepoRef, jobId: number, tailBytes: number): Promise<string | undefined> {
  const first = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
    ...repo,
    job_id: jobId,
    request: { redirect: 'manual', parseSuccessResponseBody: false },
  });
  let body = first.data as unknown as ReadableStream<Uint8Array> | null;
  let location = first.status >= 300 && first.status < 400 ? first.headers.location : undefined;
  for (let hops = 0; location !== undefined; hops++) {
    await body?.cancel().catch(() => undefined);
    if (hops >= MAX_REDIRECTS) throw new Error(`the log of job ${jobId} redirected more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, first.url);
    if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new Error(`the log of job ${jobId} redirected to ${next.protocol}`);
    const response = await fetch(next, { redirect: 'manual' });
    body = response.body;
    location = response.status >= 300 && response.status < 400 ? (response.headers.get('location') ?? undefined) : undefined;
    if (location === undefined && !response.ok) {
      await body?.cancel().catch(() => undefined);
      throw new Error(`the log of job ${jobId} could not be downloaded (${response.status})`);
    }
  }
  return body ? streamTail(body, tailBytes) : undefined;
}

/** The last `tailBytes` of a stream, cut to start after a line break when anything was dropped. */
async function streamTail(body: ReadableStream<Uint8Array>, tailBytes: number): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  let dropped = false;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > MAX_LOG_BYTES) throw new Error(`the log is over ${MAX_LOG_BYTES} bytes`);
    kept.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    keptBytes += chunk.length;
    // Whole chunks off the front while what stays still covers the tail.
    while (kept.length > 1 && keptBytes - kept[0]!.length >= tailBytes) {
      keptBytes -= kept.shift()!.length;
      dropped = true;
    }
  }
  let bytes = Buffer.concat(kept);
  if (bytes.length > tailBytes) {
    bytes = bytes.subarray(bytes.length - tailBytes);
    dropped = true;
  }
  // A line cut at its start would keep its timestamp's end, or half a character.
  if (dropped) bytes = bytes.subarray(bytes.indexOf(10) + 1);
  return bytes.toString('utf8');
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
