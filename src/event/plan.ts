import type { ActionInputs } from '../options/action-inputs.js';
import { parseCommand, type PullRequestPayload, type Trigger } from './trigger.js';
import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, statusOf, type Octokit } from '../github/octokit.js';
import { getPull, listOpenPullsFrom } from '../github/pulls.js';
import { isBot, mayStart, botAllowed } from './permissions.js';
import { redDefaultBranch } from './red-branch.js';
import { SKIP_LABEL } from '../report/status-body.js';

/** What this event asks of us: a run on a PR, or a reasoned skip. Decided before any work. */
export type Plan =
  | {
      kind: 'skip';
      reason: string;
      /** Say nothing on the PR or in the log's annotations (e.g. another label was added). */
      silent: boolean;
      prNumber?: number;
      /** A short reply to post on the PR (e.g. to a commenter without permission). */
      reply?: string;
      /** The skip is really an error (e.g. the API failed). */
      error?: boolean;
    }
  | PrPlan
  | FixForwardPlan;

/** A run on a pull request: its head is tested, and a fix goes on top of it. */
export interface PrPlan {
  kind: 'pr';
  pr: PullRequestPayload;
  isFork: boolean;
  /** The job token can write to the PR (not so for a fork's PR under pull_request). */
  canWrite: boolean;
  labelTriggered: boolean;
  commandCommentId?: number;
  instructions?: string;
  /** Started by a person's explicit request (label or command): always report on the PR. */
  requested: boolean;
}

/** The default branch is red (a push's workflow run failed): a fix goes in a new pull request (README, "When the default branch goes red"). */
export interface FixForwardPlan {
  kind: 'fix-forward';
  trigger: Extract<Trigger, { kind: 'workflow_run' }>;
  defaultBranch: string;
}

function skipLabelled(pr: PullRequestPayload): Plan | undefined {
  if (!pr.labels?.some((l) => l.name.toLowerCase() === SKIP_LABEL)) return undefined;
  return skip(`pull request #${pr.number} carries the "${SKIP_LABEL}" label; remove it to let unbreak work on it`, { prNumber: pr.number });
}

const skip = (reason: string, extra: Partial<Extract<Plan, { kind: 'skip' }>> = {}): Plan => ({ kind: 'skip', reason, silent: false, ...extra });

function isForkPr(pr: PullRequestPayload, repo: RepoRef): boolean {
  const head = pr.head.repo?.full_name;
  return !head || head.toLowerCase() !== `${repo.owner}/${repo.repo}`.toLowerCase();
}

async function freshPr(octokit: Octokit, repo: RepoRef, number: number): Promise<PullRequestPayload | { error: string; status?: number }> {
  try {
    return (await getPull(octokit, repo, number)) as unknown as PullRequestPayload;
  } catch (error) {
    const status = statusOf(error);
    return {
      error:
        status === 404
          ? `pull request #${number} was not found (deleted, or the token cannot see it)`
          : describeGitHubError(`reading pull request #${number}`, error, 'pull-requests: read'),
      ...(status ? { status } : {}),
    };
  }
}

export async function planRun(trigger: Trigger, inputs: ActionInputs, octokit: Octokit, repo: RepoRef): Promise<Plan> {
  switch (trigger.kind) {
    case 'unsupported':
      return skip(
        `unbreak handles pull_request, pull_request_target, issue_comment, workflow_run and merge_group events; this run was started by ${trigger.event}`,
      );

    case 'merge_group':
      return mergeQueuePlan(trigger, inputs, octokit, repo);

    case 'pull_request': {
      const pr = trigger.pr;
      if (trigger.action === 'labeled' && trigger.label !== inputs.label)
        return skip(`the label "${trigger.label}" is not the trigger label "${inputs.label}"`, { silent: true });
      if (trigger.action === 'unlabeled') return skip('a label was removed', { silent: true });
      if (trigger.action === 'closed' || pr.state === 'closed') return skip(`pull request #${pr.number} is closed`, { silent: true });
      if (trigger.sender && isBot(trigger.sender) && !botAllowed(trigger.sender.login, inputs.allowedBots)) {
        return skip(`${trigger.sender.login} is a bot not named in the allowed-bots input`, { prNumber: pr.number });
      }
      const isFork = isForkPr(pr, repo);
      if (isFork && trigger.event === 'pull_request_target' && !inputs.allowForks) {
        return skip(
          `pull request #${pr.number} comes from a fork; under pull_request_target unbreak would run its code with a write token, so it needs allow-forks: true`,
          { prNumber: pr.number },
        );
      }
      const labelTriggered = trigger.action === 'labeled';
      const fresh = await freshPr(octokit, repo, pr.number);
      if ('error' in fresh) return skip(fresh.error, { prNumber: pr.number, error: fresh.status !== 404 });
      if (fresh.state === 'closed') return skip(`pull request #${pr.number} is closed`, { prNumber: pr.number });
      const held = skipLabelled(fresh);
      if (held) return held;
      return {
        kind: 'pr',
        // Fresh for its state and branch names; the head is the one the event names (what the label was put on).
        pr: approvedHead(fresh, pr.head.sha),
        isFork,
        canWrite: !(isFork && trigger.event === 'pull_request'),
        labelTriggered,
        requested: labelTriggered,
        ...describePr(fresh),
      };
    }

    case 'issue_comment': {
      if (trigger.action !== 'created') return skip('only new comments start unbreak', { silent: true });
      if (!trigger.isPullRequest) return skip('the comment is on an issue, not a pull request', { silent: true });
      const command = parseCommand(trigger.body, inputs.command);
      if (!command) return skip(`the comment is not a ${inputs.command} command`, { silent: true });
      const gate = await mayStart(octokit, repo, trigger.user, inputs.allowedBots);
      if (!gate.ok) {
        return skip(gate.reason, {
          prNumber: trigger.number,
          reply: `@${trigger.user.login} unbreak runs only when someone with write access to this repository asks (${gate.reason}).`,
        });
      }
      const fresh = await freshPr(octokit, repo, trigger.number);
      if ('error' in fresh) return skip(fresh.error, { prNumber: trigger.number, error: fresh.status !== 404 });
      if (fresh.state === 'closed') return skip(`pull request #${trigger.number} is closed`, { prNumber: trigger.number });
      const heldByLabel = skipLabelled(fresh);
      if (heldByLabel) return heldByLabel;
      const isFork = isForkPr(fresh, repo);
      if (isFork && !inputs.allowForks) {
        return skip(
          `pull request #${trigger.number} comes from a fork; under issue_comment unbreak would run its code with a write token, so it needs allow-forks: true`,
          { prNumber: trigger.number },
        );
      }
      const pr = describePr(fresh);
      const instructions = [command.instructions ? `Maintainer's request (@${trigger.user.login}): ${command.instructions}` : '', pr.instructions ?? '']
        .filter(Boolean)
        .join('\n\n');
      return {
        kind: 'pr',
        pr: fresh,
        isFork,
        canWrite: true,
        labelTriggered: false,
        commandCommentId: trigger.commentId,
        requested: true,
        ...(instructions ? { instructions } : {}),
      };
    }

    case 'workflow_run': {
      const run = trigger.run;
      if (trigger.action !== 'completed') return skip('the workflow run has not completed', { silent: true });
      if (run.conclusion !== 'failure') return skip(`the workflow run ended with ${run.conclusion ?? 'no conclusion'}, not failure`, { silent: true });
      if (trigger.actor) {
        const gate = await mayStart(octokit, repo, trigger.actor, inputs.allowedBots);
        if (!gate.ok) return skip(gate.reason);
      } else {
        return skip('the workflow run names no actor, so who started it cannot be checked');
      }
      const defaultBranch = await redDefaultBranch(trigger, octokit, repo);
      if (defaultBranch) return { kind: 'fix-forward', trigger, defaultBranch };
      let number = run.pull_requests[0]?.number;
      if (number === undefined && run.head_branch) {
        const owner = run.head_repository?.owner?.login ?? run.head_repository?.full_name.split('/')[0] ?? repo.owner;
        try {
          const data = await listOpenPullsFrom(octokit, repo, `${owner}:${run.head_branch}`);
          number = data.find((p) => p.head.sha === run.head_sha)?.number ?? data[0]?.number;
        } catch (error) {
          return skip(describeGitHubError('finding the pull request of the workflow run', error, 'pull-requests: read'), { error: true });
        }
      }
      if (number === undefined) return skip(`no open pull request has ${run.head_branch ?? run.head_sha} as its head`);
      return await openPrPlan(octokit, repo, number, inputs, 'workflow_run', run.head_sha);
    }
  }
}

/**
 * A merge queue's red run: the queue branch names the PR that joined the group last
 * (`gh-readonly-queue/main/pr-7-<base sha>`), and that PR gets what its own red run would get: its
 * head tested and a fix pushed to its branch (or suggested), so it can be queued again. The queue
 * commit itself is never the target: it is GitHub's, and goes away with the group.
 */
async function mergeQueuePlan(trigger: Extract<Trigger, { kind: 'merge_group' }>, inputs: ActionInputs, octokit: Octokit, repo: RepoRef): Promise<Plan> {
  if (trigger.action !== 'checks_requested') return skip(`the merge_group event is ${trigger.action}, not checks_requested`, { silent: true });
  const number = Number(/\/pr-(\d+)-[0-9a-f]+$/.exec(trigger.headRef)?.[1] ?? NaN);
  if (!Number.isInteger(number)) return skip(`the merge queue branch ${trigger.headRef} names no pull request (gh-readonly-queue/<base>/pr-<number>-<sha>)`);
  if (trigger.sender) {
    const gate = await mayStart(octokit, repo, trigger.sender, inputs.allowedBots);
    if (!gate.ok) return skip(gate.reason, { prNumber: number });
  }
  return openPrPlan(octokit, repo, number, inputs, 'merge_group', undefined);
}

/**
 * A run on an open PR that a workflow run or a merge queue named (not a person's request): skipped
 * when it is closed, carries the skip label, or comes from a fork without allow-forks, since these
 * events hold a write token.
 */
async function openPrPlan(
  octokit: Octokit,
  repo: RepoRef,
  number: number,
  inputs: ActionInputs,
  event: 'workflow_run' | 'merge_group',
  headSha: string | undefined,
): Promise<Plan> {
  const fresh = await freshPr(octokit, repo, number);
  if ('error' in fresh) return skip(fresh.error, { prNumber: number, error: fresh.status !== 404 });
  if (fresh.state === 'closed') return skip(`pull request #${number} is closed`, { prNumber: number });
  const held = skipLabelled(fresh);
  if (held) return held;
  const isFork = isForkPr(fresh, repo);
  if (isFork && !inputs.allowForks) {
    return skip(`pull request #${number} comes from a fork; under ${event} unbreak would run its code with a write token, so it needs allow-forks: true`, {
      prNumber: number,
    });
  }
  return { kind: 'pr', pr: approvedHead(fresh, headSha), isFork, canWrite: true, labelTriggered: false, requested: false, ...describePr(fresh) };
}

/**
 * The PR with its head set to the commit the event was about: tests run on that commit, and a
 * commit pushed since is not what was approved (checkout.ts tests the approved one; delivery then
 * finds the branch moved and pushes nothing).
 */
function approvedHead(pr: PullRequestPayload, sha: string | undefined): PullRequestPayload {
  return sha ? { ...pr, head: { ...pr.head, sha } } : pr;
}

/** The PR's own words, for the model (as untrusted text). */
function describePr(pr: PullRequestPayload): { instructions?: string } {
  const text = [pr.title ? `Pull request title: ${pr.title}` : '', pr.body ? `Pull request description:\n${pr.body.slice(0, 1500)}` : '']
    .filter(Boolean)
    .join('\n');
  return text ? { instructions: text } : {};
}
