import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, statusOf, type Octokit } from '../github/octokit.js';
import { getWorkflowRun, listRunJobs } from '../github/actions.js';
import { readJobLog } from './reproduce-ci/plan.js';
import { readOutput } from '../failures/collect.js';
import { isSynthetic } from '../failures/test-report.js';
import type { Veto } from '../engine/types.js';
import type { TestResult } from '../engine/types.js';
import { coveringFix, FIX_BRANCH_PREFIX, openFixPrs, runsOn, type FixPr } from './red-branch.js';

type Gate = (before: TestResult) => Veto | undefined;

/** The first reason any of these gates gives; undefined when none is given. */
export function firstGate(...gates: (Gate | undefined)[]): Gate | undefined {
  const given = gates.filter((g): g is Gate => g !== undefined);
  if (!given.length) return undefined;
  return (before) => {
    for (const g of given) {
      const reason = g(before);
      if (reason) return reason;
    }
    return undefined;
  };
}

/**
 * For a pull request (any trigger): a gate that stops before any model request when every test
 * failing here already fails on the branch it merges into: listed in the marker of an open
 * unbreak/fix-* pull request into that branch, or named failing in the job logs of the latest
 * completed run of the same workflow there (compared by test name, as CI's readers read the log).
 * The PR only inherits the red; the fix belongs there, not here. Read before any test code runs;
 * undefined when there is nothing to compare with.
 */
export async function inheritedGate(
  octokit: Octokit,
  repo: RepoRef,
  pr: { number: number; head: { ref: string }; base: { ref: string } },
  o: { root: string; workflowId?: number; runId?: number; log: (line: string) => void },
): Promise<Gate | undefined> {
  if (pr.head.ref.startsWith(FIX_BRANCH_PREFIX)) return undefined;
  let fixes: FixPr[] = [];
  try {
    fixes = (await openFixPrs(octokit, repo, pr.base.ref)).filter((f) => f.number !== pr.number);
  } catch (error) {
    o.log(describeGitHubError('listing the open fix pull requests', error, 'pull-requests: read'));
  }
  const red = await redOnBase(octokit, repo, pr.base.ref, o);
  if (!fixes.length && !red) return undefined;
  const base = `\`${pr.base.ref.replace(/`/g, "'")}\``;
  return (before) => {
    const ids = before.report.failures.map((f) => f.id);
    const n = ids.length;
    const all = n === 1 ? 'the failing test fails' : `all ${n} failing tests fail`;
    const fix = coveringFix(fixes, ids);
    if (fix) {
      return {
        message: `${all} on ${base} too: this pull request inherits the failure, and pull request #${fix.number} fixes it there. Merge that, then update this branch; no model request, nothing pushed`,
        notes: [`The fix for ${base}: [#${fix.number}](${fix.url}).`],
      };
    }
    const names = before.report.failures.map((f) => (isSynthetic(f, before.report.format) ? undefined : f.name));
    if (red && n && names.every((name) => name !== undefined && red.failing.has(name))) {
      return {
        message:
          `${all} on ${base} too, in the latest run there: this pull request inherits the failure. ` +
          'Fix it on that branch (a push that turns it red gets a fix pull request when unbreak runs on its workflow_run), then update this one; no model request, nothing pushed',
        notes: [`[The latest run on ${base}](${red.url}) fails with the same tests.`],
      };
    }
    return undefined;
  };
}

/**
 * The test names failing in the latest completed run of the workflow on `branch`, when that run
 * failed; undefined when it did not, or when its logs cannot be read.
 */
async function redOnBase(
  octokit: Octokit,
  repo: RepoRef,
  branch: string,
  o: { root: string; workflowId?: number; runId?: number; log: (line: string) => void },
): Promise<{ url: string; failing: Set<string> } | undefined> {
  try {
    let workflowId = o.workflowId;
    if (workflowId === undefined && o.runId !== undefined) workflowId = (await getWorkflowRun(octokit, repo, o.runId)).workflow_id;
    if (workflowId === undefined) return undefined;
    const latest = (await runsOn(octokit, repo, workflowId, branch, 'completed'))[0];
    if (!latest || latest.conclusion !== 'failure') return undefined;
    const jobs = await listRunJobs(octokit, repo, latest.id);
    const failing = new Set<string>();
    for (const job of jobs.filter((j) => j.conclusion === 'failure').slice(0, 10)) {
      const log = await readJobLog(octokit, repo, job.id);
      if (!log) continue;
      const report = readOutput(log, o.root);
      for (const f of report.failures) if (!isSynthetic(f, report.format)) failing.add(f.name);
    }
    return failing.size ? { url: latest.html_url, failing } : undefined;
  } catch (error) {
    // Without actions: read (or a run it cannot see) this source is simply not there; the marker still counts.
    const status = statusOf(error);
    if (status !== 403 && status !== 404 && status !== 401) o.log(describeGitHubError(`reading the latest run on ${branch}`, error, 'actions: read'));
    return undefined;
  }
}
