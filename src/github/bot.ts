import type { Octokit } from './octokit.js';

/** Who unbreak is on GitHub: the author of its commits and comments. */
export const BOT_NAME = 'github-actions[bot]';
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';
/** The trailer that marks a commit as unbreak's own fix (the loop guard looks for it). */
export const TRAILER = 'Unbreak-Fix-For';

/** The login the token acts as. */
export async function authenticatedLogin(octokit: Octokit): Promise<string> {
  return (await octokit.rest.users.getAuthenticated()).data.login;
}
