import * as core from '@actions/core';
import type { RepoRef } from '../github/repo-ref.js';
import { describeGitHubError, type Octokit } from '../github/octokit.js';
import * as issues from '../github/issues.js';
import type { ActionInputs } from '../options/action-inputs.js';

/** The status comment's footer: the label and command this workflow answers to, and the action's own README. */
export function footerFor(inputs: ActionInputs): { label: string; command: string; docsUrl?: string } {
  const action = process.env.GITHUB_ACTION_REPOSITORY;
  const docsUrl = action && /^[\w.-]+\/[\w.-]+$/.test(action) ? `https://github.com/${action}#readme` : undefined;
  return { label: inputs.label, command: inputs.command, ...(docsUrl ? { docsUrl } : {}) };
}

/** Takes the trigger label off the PR; a token that may not is a warning, not a failed run. */
export async function removeLabel(octokit: Octokit, repo: RepoRef, number: number, label: string): Promise<void> {
  try {
    await issues.removeLabel(octokit, repo, number, label);
  } catch (error) {
    core.warning(describeGitHubError(`removing the "${label}" label`, error, 'pull-requests: write'));
  }
}
