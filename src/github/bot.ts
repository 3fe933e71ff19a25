import type { Octokit } from './octokit.js';

/** Who unbreak is on GitHub: the author of its commits and comments. */
export const BOT_NAME = 'github-actions[bot]';
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';
/** The trailer that marks a commit as unbreak's own fix (the loop guard looks for it). */
export const TRAILER = 'Unbreak-Fix-For';

/** The author and committer of a fix commit: the bot, unless the workflow's git variables name someone else. */
export function commitIdentity(env: NodeJS.ProcessEnv = process.env): { author: { name: string; email: string }; committer: { name: string; email: string } } {
  return {
    author: { name: env.GIT_AUTHOR_NAME || BOT_NAME, email: env.GIT_AUTHOR_EMAIL || BOT_EMAIL },
    committer: { name: env.GIT_COMMITTER_NAME || env.GIT_AUTHOR_NAME || BOT_NAME, email: env.GIT_COMMITTER_EMAIL || env.GIT_AUTHOR_EMAIL || BOT_EMAIL },
  };
}

/** The login the token acts as. */
export async function authenticatedLogin(octokit: Octokit): Promise<string> {
  return (await octokit.rest.users.getAuthenticated()).data.login;
}
