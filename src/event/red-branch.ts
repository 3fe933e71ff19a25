import type { Trigger } from './trigger.js';
import type { RepoRef } from '../github/repo-ref.js';
import { inert } from '../report/inert.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import { listWorkflowRuns } from '../github/actions.js';
import { listOpenPullsInto, pullsOfCommit } from '../github/pulls.js';
import { compareCommits, getRepo } from '../github/repository.js';

/**
 * The default branch went red (README, "When the default branch goes red"): what GitHub knows about it, read before any
 * work. The run that failed, the last green run of the same workflow on the branch, the commits
 * between them, and the open fix pull requests unbreak made before (found by their branch prefix
 * and the failing test ids in their hidden marker).
 */

export const FIX_BRANCH_PREFIX = 'unbreak/fix-';

export interface RunRef {
  id?: number;
  name?: string;
  url?: string;
  sha: string;
  runNumber?: number;
  createdAt?: string;
}

export interface CommitInfo {
  sha: string;
  subject: string;
  author: string;
  url?: string;
}

export interface FixPr {
  number: number;
  url: string;
  headRef: string;
  baseRef: string;
  /** The failing test ids its marker lists. */
  ids: string[];
}

export interface FixForwardTarget {
  defaultBranch: string;
  headSha: string;
  red: RunRef;
  workflowId?: number;
  /** The last green run of the same workflow on the default branch, when there is one. */
  green?: RunRef;
  /** Commits after the green run up to the red one, oldest first (from GET /compare). */
  commits: CommitInfo[];
  compareUrl?: string;
  /** Open pull requests from unbreak/fix-* branches into the default branch. */
  openFixes: FixPr[];
}

/** The branch a fix for this red commit goes on. */
export function fixBranch(headSha: string): string {
  return `${FIX_BRANCH_PREFIX}${headSha.slice(0, 7)}`;
}

const MARKER_RE = /<!--\s*unbreak-fixes:\s*([\s\S]*?)\s*-->/;

/** The hidden marker: the ids as JSON, with `<` and `>` escaped so no test name can end the comment. */
export function fixMarker(ids: string[]): string {
  const json = JSON.stringify([...new Set(ids)].sort())
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');
  return `<!-- unbreak-fixes: ${json} -->`;
}

export function parseFixMarker(body: string | null | undefined): string[] | undefined {
  const m = MARKER_RE.exec(body ?? '');
  if (!m) return undefined;
  try {
    const ids: unknown = JSON.parse(m[1]!);
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** The open fix PR whose marker lists every one of these ids, if any. */
export function coveringFix(fixes: FixPr[], ids: string[]): FixPr | undefined {
  if (!ids.length) return undefined;
  return fixes.find((f) => ids.every((id) => f.ids.includes(id)));
}

/** Whether this workflow run is a push to the default branch; the branch's name when it is. */
export async function redDefaultBranch(trigger: Extract<Trigger, { kind: 'workflow_run' }>, octokit: Octokit, repo: RepoRef): Promise<string | undefined> {
  const run = trigger.run;
  if (run.event !== 'push' || !run.head_branch) return undefined;
  let defaultBranch = trigger.defaultBranch;
  if (!defaultBranch) {
    try {
      defaultBranch = (await getRepo(octokit, repo)).default_branch;
    } catch {
      return undefined;
    }
  }
  return run.head_branch === defaultBranch ? defaultBranch : undefined;
}

type Run = { id: number; head_sha: string; html_url: string; run_number: number; created_at: string; conclusion: string | null; name?: string | null };

/** Newest first, as GitHub lists them. */
export async function runsOn(octokit: Octokit, repo: RepoRef, workflowId: number, branch: string, status: 'success' | 'completed'): Promise<Run[]> {
  return (await listWorkflowRuns(octokit, repo, workflowId, branch, status)) as Run[];
}

/** Later than the red run: by run number within the workflow, else by creation time. */
function newer(run: Run, red: RunRef): boolean {
  if (red.id !== undefined && run.id === red.id) return false;
  if (red.runNumber !== undefined) return run.run_number > red.runNumber;
  return red.createdAt !== undefined && run.created_at > red.createdAt;
}

function older(run: Run, red: RunRef): boolean {
  if (red.id !== undefined && run.id === red.id) return false;
  if (red.runNumber !== undefined) return run.run_number < red.runNumber;
  return red.createdAt === undefined || run.created_at < red.createdAt;
}

export type FixForwardLookup = { target: FixForwardTarget } | { skip: string } | { error: string };

/** Reads what GitHub knows about the red run; a newer green push means there is nothing to do. */
export async function lookUpRed(
  trigger: Extract<Trigger, { kind: 'workflow_run' }>,
  defaultBranch: string,
  octokit: Octokit,
  repo: RepoRef,
  log: (line: string) => void,
): Promise<FixForwardLookup> {
  const run = trigger.run;
  const red: RunRef = {
    sha: run.head_sha,
    ...(run.id !== undefined ? { id: run.id } : {}),
    ...(run.name ? { name: run.name } : {}),
    ...(run.html_url ? { url: run.html_url } : {}),
    ...(run.run_number !== undefined ? { runNumber: run.run_number } : {}),
    ...(run.created_at ? { createdAt: run.created_at } : {}),
  };
  const target: FixForwardTarget = { defaultBranch, headSha: run.head_sha, red, commits: [], openFixes: [] };
  if (run.workflow_id !== undefined) {
    target.workflowId = run.workflow_id;
    try {
      const latest = (await runsOn(octokit, repo, run.workflow_id, defaultBranch, 'completed'))[0];
      if (latest && latest.conclusion === 'success' && newer(latest, red)) {
        return {
          skip: `a newer push to ${defaultBranch} (${latest.head_sha.slice(0, 7)}) is already green in ${run.name ? inert(run.name) : 'this workflow'} (${latest.html_url}); nothing to fix`,
        };
      }
      const green = (await runsOn(octokit, repo, run.workflow_id, defaultBranch, 'success')).find((r) => older(r, red) && r.head_sha !== red.sha);
      if (green) target.green = { id: green.id, sha: green.head_sha, url: green.html_url, runNumber: green.run_number, createdAt: green.created_at };
    } catch (error) {
      // Without the runs the fix can still be made; the PR then says less about where the red came from.
      log(describeGitHubError(`reading the runs of the workflow on ${defaultBranch}`, error, 'actions: read'));
    }
  }
  if (target.green) {
    try {
      const data = await compareCommits(octokit, repo, target.green.sha, run.head_sha);
      target.compareUrl = data.html_url;
      target.commits = data.commits.map((c) => ({
        sha: c.sha,
        subject: (c.commit.message.split('\n')[0] ?? '').slice(0, 120),
        author: c.author?.login ?? c.commit.author?.name ?? 'someone',
        ...(c.html_url ? { url: c.html_url } : {}),
      }));
    } catch (error) {
      log(describeGitHubError(`comparing ${target.green.sha.slice(0, 7)}...${run.head_sha.slice(0, 7)}`, error, 'contents: read'));
    }
  }
  try {
    target.openFixes = await openFixPrs(octokit, repo, defaultBranch);
  } catch (error) {
    return { error: describeGitHubError('listing the open pull requests', error, 'pull-requests: read') };
  }
  return { target };
}

/** Open PRs from unbreak/fix-* branches of this repository into `base`, with their markers. */
export async function openFixPrs(octokit: Octokit, repo: RepoRef, base: string): Promise<FixPr[]> {
  const pulls = await listOpenPullsInto(octokit, repo, base);
  const full = `${repo.owner}/${repo.repo}`.toLowerCase();
  return pulls
    .filter((p) => p.head.ref.startsWith(FIX_BRANCH_PREFIX) && p.head.repo?.full_name.toLowerCase() === full && p.base.ref === base)
    .map((p) => ({ number: p.number, url: p.html_url, headRef: p.head.ref, baseRef: p.base.ref, ids: parseFixMarker(p.body) ?? [] }))
    .filter((p) => p.ids.length > 0);
}

/** The PR a commit came from (merged into the default branch), when GitHub knows one. */
export async function pullOfCommit(octokit: Octokit, repo: RepoRef, sha: string): Promise<{ number: number; title: string; url: string } | undefined> {
  try {
    const data = await pullsOfCommit(octokit, repo, sha);
    const pr = data.find((p) => p.merged_at) ?? data[0];
    return pr ? { number: pr.number, title: pr.title, url: pr.html_url } : undefined;
  } catch {
    return undefined;
  }
}
