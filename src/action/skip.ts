import * as core from '@actions/core';
import type { Plan } from '../event/plan.js';
import type { Trigger } from '../event/trigger.js';
import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import { createComment } from '../github/issues.js';
import type { ActionInputs } from '../options/action-inputs.js';
import { writeJobSummary } from '../report/job-summary.js';
import { StatusComment } from '../report/status-comment.js';
import { bareOutcome } from '../report/bare-outcome.js';
import { statusBody } from '../report/status-body.js';
import { footerFor, removeLabel } from './chores.js';
import type { RunState } from './run-state.js';

export interface SkipArgs {
  plan: Extract<Plan, { kind: 'skip' }>;
  trigger: Trigger;
  inputs: ActionInputs;
  octokit: Octokit;
  repo: RepoRef;
  runUrl: string | undefined;
  state: RunState;
}

/** Nothing to run (or an error found while planning): say why where the person who asked will look. */
export async function runSkip({ plan, trigger, inputs, octokit, repo, runUrl, state }: SkipArgs): Promise<void> {
  state.outputs.status = plan.error ? 'error' : 'skipped';
  state.prNumber = plan.prNumber;
  // Phase fix writes nothing to GitHub (read-only token): the deliver job plans again and says it.
  const speak = inputs.phase !== 'fix';
  if (speak && plan.reply && plan.prNumber !== undefined) {
    await createComment(octokit, repo, plan.prNumber, plan.reply).catch((e: unknown) =>
      core.warning(describeGitHubError('replying on the PR', e, 'pull-requests: write')),
    );
  }
  const asked =
    (trigger.kind === 'pull_request' && trigger.action === 'labeled' && trigger.label === inputs.label) || (trigger.kind === 'issue_comment' && !plan.silent);
  if (speak && asked && plan.prNumber !== undefined && !plan.reply) {
    await new StatusComment(octokit, repo, plan.prNumber, (l) => core.warning(l)).set(
      statusBody(bareOutcome('skipped', plan.reason), undefined, { runUrl, footer: footerFor(inputs, trigger) }),
    );
  }
  // Every run explains itself in the job summary, a silent skip included: it is where people look first.
  await writeJobSummary(bareOutcome(plan.error ? 'error' : 'skipped', plan.reason), { delivery: 'none', note: '' }, plan.prNumber, state.redact, { runUrl });
  if (speak && asked && trigger.kind === 'pull_request' && plan.prNumber !== undefined) await removeLabel(octokit, repo, plan.prNumber, inputs.label);
  if (plan.error) core.setFailed(plan.reason);
  else if (plan.silent) core.info(`unbreak: skipped: ${plan.reason}`);
  else core.notice(`unbreak skipped: ${plan.reason}`);
  state.setOutputs();
}
