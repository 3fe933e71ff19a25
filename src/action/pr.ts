import * as core from '@actions/core';
import { logLine } from './log-line.js';
import type { Redactor } from '../context/redact.js';
import { takeHandoff } from '../deliver/two-job/phases.js';
import type { PrPlan } from '../event/plan.js';
import type { Trigger } from '../event/trigger.js';
import type { RepoRef } from '../github/repo-ref.js';
import { commitMessage, hideCredentials, prepareCheckout } from '../git/checkout.js';
import { guardRepoState, workTreeRoot } from '../git/work-tree.js';
import { TRAILER } from '../github/bot.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import { reactToComment } from '../github/issues.js';
import type { ActionInputs } from '../options/action-inputs.js';
import { ConfigError } from '../options/config.js';
import { StatusComment } from '../report/status-comment.js';
import { removeLabel } from './chores.js';
import { deliverAndReport } from './pr-deliver.js';
import { outcomeOnHead } from './pr-fix.js';
import { once, type RunState } from './run-state.js';

export interface PrArgs {
  plan: PrPlan;
  trigger: Trigger;
  inputs: ActionInputs;
  octokit: Octokit;
  repo: RepoRef;
  redactor: Redactor;
  runUrl: string | undefined;
  state: RunState;
}

/**
 * A run on a pull request: check out its head, get an outcome (the fix loop, or in phase deliver
 * the fix job's handoff), then deliver it and report. Phase fix holds a read-only token: it hands
 * the outcome on and leaves GitHub to the deliver job.
 */
export async function runPr(a: PrArgs): Promise<void> {
  const { plan, inputs, octokit, repo, state } = a;
  const pr = plan.pr;
  state.prNumber = pr.number;
  const log = (line: string) => core.info(logLine(state.redact(line)));
  // Phase fix holds a read-only token: the deliver job writes the status comment and removes the label.
  const writes = inputs.phase !== 'fix';
  if (writes) state.status = new StatusComment(octokit, repo, pr.number, log, state.redact);
  if (plan.labelTriggered && writes) state.removeTrigger = once(() => removeLabel(octokit, repo, pr.number, inputs.label));
  if (plan.commandCommentId !== undefined && writes) {
    const id = plan.commandCommentId;
    await reactToComment(octokit, repo, id, 'eyes').catch((e: unknown) =>
      core.warning(describeGitHubError('reacting to the command', e, 'pull-requests: write')),
    );
  }
  await state.status?.progress(
    inputs.phase === 'deliver' ? `checking the fix job's handoff for #${pr.number}…` : `fetching the head of #${pr.number} and running the tests…`,
    true,
  );

  const root = (await workTreeRoot(process.env.GITHUB_WORKSPACE || process.cwd())) ?? '';
  if (!root) throw new ConfigError('the workspace is not a git repository: run actions/checkout before unbreak');
  const prepared = await core.group('unbreak: check out the PR head', async () => {
    state.restoreCredentials = once(await hideCredentials(root));
    const p = await prepareCheckout(
      root,
      { number: pr.number, headRef: pr.head.ref, headSha: pr.head.sha, baseRef: pr.base.ref, baseSha: pr.base.sha, sameRepo: !plan.isFork },
      inputs.githubToken,
      log,
    );
    core.info(`head ${p.head}, base ${p.base}`);
    if (p.stashed) core.notice('unbreak stashed local changes to tracked files before switching to the PR head (see git stash list)');
    return p;
  });
  // Phase deliver runs no test: the outcome and the files come from the fix job's handoff, checked again.
  const handed = inputs.phase === 'deliver' ? await takeHandoff({ inputs, octokit, repo, root, pr, head: prepared.head, log }) : undefined;
  const ownFix = (await commitMessage(root, prepared.head)).includes(`${TRAILER}:`);
  // Every fetch is done; from here git state is data the tests may write, put back after each run.
  await guardRepoState(root);

  const outcome = await outcomeOnHead({ ...a, root, prepared, ownFix, handed, log });
  await deliverAndReport({ ...a, root, prepared, outcome, refused: handed?.refused, log });
}
