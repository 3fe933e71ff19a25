import type { RepoRef } from '../github/repo-ref.js';
import type { Octokit } from './octokit.js';

/** The repository itself: its settings, who may write to it, a file at a commit, the commits between two. */

export async function getRepo(octokit: Octokit, repo: RepoRef) {
  return (await octokit.rest.repos.get({ ...repo })).data;
}

/** A user's permission on the repository (`permission`, and `role_name` where GitHub gives one). */
export async function collaboratorPermission(octokit: Octokit, repo: RepoRef, username: string) {
  return (await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username })).data;
}

/** What the contents API answers for `path` at `ref`: a file (base64), or a directory listing, or another kind. */
export async function getFileContent(octokit: Octokit, repo: RepoRef, path: string, ref: string) {
  return (await octokit.rest.repos.getContent({ ...repo, path, ref })).data;
}

/** The comparison of `base...head`, its first hundred commits. */
export async function compareCommits(octokit: Octokit, repo: RepoRef, base: string, head: string) {
  return (await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, per_page: 100 })).data;
}
