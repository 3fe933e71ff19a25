import type { RepoRef } from '../github/repo-ref.js';
import type { Octokit } from './octokit.js';

/** Pull requests: reading them, opening one, the files it changes and a review on it. */

export async function getPull(octokit: Octokit, repo: RepoRef, number: number) {
  return (await octokit.rest.pulls.get({ ...repo, pull_number: number })).data;
}

/** Every open pull request into `base`, all pages. */
export async function listOpenPullsInto(octokit: Octokit, repo: RepoRef, base: string) {
  return octokit.paginate(octokit.rest.pulls.list, { ...repo, state: 'open', base, per_page: 100 });
}

/** The first open pull requests from `head` (`owner:branch`), one page of ten. */
export async function listOpenPullsFrom(octokit: Octokit, repo: RepoRef, head: string) {
  return (await octokit.rest.pulls.list({ ...repo, state: 'open', head, per_page: 10 })).data;
}

/** The pull requests GitHub associates with a commit (the one it was merged by among them). */
export async function pullsOfCommit(octokit: Octokit, repo: RepoRef, sha: string) {
  return (await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha })).data;
}

/** Every file a pull request changes, all pages. */
export async function listPullFiles(octokit: Octokit, repo: RepoRef, number: number) {
  return octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: number, per_page: 100 });
}

export async function createPull(octokit: Octokit, repo: RepoRef, o: { head: string; base: string; title: string; body: string }) {
  return (await octokit.rest.pulls.create({ ...repo, head: o.head, base: o.base, title: o.title, body: o.body, maintainer_can_modify: true })).data;
}

type ReviewComments = NonNullable<Parameters<Octokit['rest']['pulls']['createReview']>[0]>['comments'];

/** A review that only comments, on `commitId`, with its line comments (suggestions among them). */
export async function createReview(octokit: Octokit, repo: RepoRef, number: number, o: { commitId: string; body: string; comments: ReviewComments }) {
  return (
    await octokit.rest.pulls.createReview({
      ...repo,
      pull_number: number,
      commit_id: o.commitId,
      event: 'COMMENT',
      body: o.body,
      comments: o.comments,
    })
  ).data;
}
