import * as core from '@actions/core';
import type { Trigger } from '../event/trigger.js';
import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import * as issues from '../github/issues.js';
import type { ActionInputs } from '../options/action-inputs.js';
import type { ReportContext } from '../report/report-context.js';

/**
 * The status comment's footer: the label and command this workflow answers to, and the action's
 * own README. The event is the only sure sign of which triggers the workflow has: a run started by
 * a push says nothing of a label or comment trigger, so neither is offered.
 */
export function footerFor(inputs: ActionInputs, trigger: Trigger): NonNullable<ReportContext['footer']> {
  const action = process.env.GITHUB_ACTION_REPOSITORY;
  const docsUrl = action && /^[\w.-]+\/[\w.-]+$/.test(action) ? `https://github.com/${action}#readme` : undefined;
  const answers =
    trigger.kind === 'pull_request'
      ? { label: trigger.action === 'labeled', comment: false, event: trigger.event }
      : trigger.kind === 'issue_comment'
        ? { label: false, comment: true, event: 'issue_comment' }
        : { label: false, comment: false, event: trigger.kind === 'unsupported' ? trigger.event : trigger.kind };
  return { label: inputs.label, command: inputs.command, ...(docsUrl ? { docsUrl } : {}), answers };
}

/** Takes the trigger label off the PR; a token that may not is a warning, not a failed run. */
export async function removeLabel(octokit: Octokit, repo: RepoRef, number: number, label: string): Promise<void> {
  try {
    await issues.removeLabel(octokit, repo, number, label);
  } catch (error) {
    core.warning(describeGitHubError(`removing the "${label}" label`, error, 'pull-requests: write'));
  }
}
