import type { RepoRef } from '../github/repo-ref.js';
import type { Octokit } from './octokit.js';

/**
 * GitHub's Git database: objects (blobs, trees, commits) and refs. A ref is named as each route
 * takes it: `heads/<branch>` to read, move or delete one, `refs/heads/<branch>` to create one.
 */

/** Stores bytes given in base64 as a blob. */
export async function createBlob(octokit: Octokit, repo: RepoRef, base64: string) {
  return (await octokit.rest.git.createBlob({ ...repo, content: base64, encoding: 'base64' })).data;
}

type TreeEntries = NonNullable<Parameters<Octokit['rest']['git']['createTree']>[0]>['tree'];

/** A tree made of `baseTree` with these entries replaced (an entry with sha null is deleted). */
export async function createTree(octokit: Octokit, repo: RepoRef, baseTree: string, tree: TreeEntries) {
  return (await octokit.rest.git.createTree({ ...repo, base_tree: baseTree, tree })).data;
}

export async function createCommit(
  octokit: Octokit,
  repo: RepoRef,
  o: { message: string; tree: string; parents: string[]; author: { name: string; email: string }; committer: { name: string; email: string } },
) {
  return (await octokit.rest.git.createCommit({ ...repo, message: o.message, tree: o.tree, parents: o.parents, author: o.author, committer: o.committer }))
    .data;
}

export async function getRef(octokit: Octokit, repo: RepoRef, ref: string) {
  return (await octokit.rest.git.getRef({ ...repo, ref })).data;
}

/** Moves a ref, fast-forward only (`force: false`). */
export async function updateRef(octokit: Octokit, repo: RepoRef, ref: string, sha: string): Promise<void> {
  await octokit.rest.git.updateRef({ ...repo, ref, sha, force: false });
}

export async function createRef(octokit: Octokit, repo: RepoRef, ref: string, sha: string): Promise<void> {
  await octokit.rest.git.createRef({ ...repo, ref, sha });
}

export async function deleteRef(octokit: Octokit, repo: RepoRef, ref: string): Promise<void> {
  await octokit.rest.git.deleteRef({ ...repo, ref });
}
