import type { RepoRef } from '../github/repo-ref.js';
import type { FixPr, RunRef } from '../event/red-branch.js';
import { inert } from '../report/inert.js';
import { describeGitHubError, statusOf, type Octokit } from '../github/octokit.js';
import { deleteRef } from '../github/git-database.js';
import { addLabels, createComment } from '../github/issues.js';
import { createPull } from '../github/pulls.js';

export interface OpenedPr {
  number: number;
  url: string;
}

/**
 * Opens the fix PR from `branch` (already created) into the default branch and labels it. When the
 * PR cannot be opened, the branch is deleted again, so a missing permission leaves nothing behind.
 */
export async function openFixPr(
  octokit: Octokit,
  repo: RepoRef,
  o: { branch: string; base: string; title: string; body: string; label: string; log: (line: string) => void },
): Promise<OpenedPr | { error: string }> {
  let pr: OpenedPr;
  try {
    const data = await createPull(octokit, repo, { head: o.branch, base: o.base, title: o.title, body: o.body });
    pr = { number: data.number, url: data.html_url };
  } catch (error) {
    const why =
      statusOf(error) === 403
        ? `the token may not open pull requests: give the workflow \`permissions: pull-requests: write\` (and, for an organisation, allow GitHub Actions to create pull requests in its settings)`
        : describeGitHubError('opening the fix pull request', error, 'pull-requests: write');
    try {
      await deleteRef(octokit, repo, `heads/${o.branch}`);
      return { error: `${why}; the branch ${o.branch} was deleted again` };
    } catch (deleteError) {
      return { error: `${why}; the branch ${o.branch} could not be deleted (${describeGitHubError('deleting it', deleteError, 'contents: write')})` };
    }
  }
  try {
    await addLabels(octokit, repo, pr.number, [o.label]);
  } catch (error) {
    o.log(describeGitHubError(`labelling #${pr.number} "${o.label}"`, error, 'pull-requests: write'));
  }
  return pr;
}

/** A short note on the fix PR: this run failed the same way, and that PR is its fix. */
export async function noteOnFixPr(octokit: Octokit, repo: RepoRef, fix: FixPr, red: RunRef, log: (line: string) => void): Promise<string | undefined> {
  const run = red.url && /^https:\/\/[^\s()<>]+$/.test(red.url) ? `[${red.name ? inert(red.name) : 'The workflow'} run](${red.url})` : 'A workflow run';
  const body = `${run} on \`${red.sha.slice(0, 7)}\` failed with the tests this pull request fixes; unbreak opened nothing new and pushed nothing.`;
  try {
    const data = await createComment(octokit, repo, fix.number, body);
    return data.html_url;
  } catch (error) {
    log(describeGitHubError(`commenting on #${fix.number}`, error, 'pull-requests: write'));
    return undefined;
  }
}
