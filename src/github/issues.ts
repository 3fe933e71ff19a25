import type { RepoRef } from '../github/repo-ref.js';
import type { Octokit } from './octokit.js';

/** The conversation of an issue or pull request: its comments, its labels, a reaction to a comment. */

/** Every comment, all pages. */
export async function listComments(octokit: Octokit, repo: RepoRef, issue: number) {
  return octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: issue, per_page: 100 });
}

export async function createComment(octokit: Octokit, repo: RepoRef, issue: number, body: string) {
  return (await octokit.rest.issues.createComment({ ...repo, issue_number: issue, body })).data;
}

export async function updateComment(octokit: Octokit, repo: RepoRef, id: number, body: string): Promise<void> {
  await octokit.rest.issues.updateComment({ ...repo, comment_id: id, body });
}

export async function addLabels(octokit: Octokit, repo: RepoRef, issue: number, labels: string[]): Promise<void> {
  await octokit.rest.issues.addLabels({ ...repo, issue_number: issue, labels });
}

export async function removeLabel(octokit: Octokit, repo: RepoRef, issue: number, name: string): Promise<void> {
  await octokit.rest.issues.removeLabel({ ...repo, issue_number: issue, name });
}

/** A reaction to a comment on an issue or pull request (👀 says the command was seen). */
export async function reactToComment(octokit: Octokit, repo: RepoRef, id: number, content: 'eyes'): Promise<void> {
  await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: id, content });
}
