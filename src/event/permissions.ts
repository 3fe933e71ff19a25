import type { Octokit } from '../github/octokit.js';
import { statusOf } from '../github/octokit.js';
import { collaboratorPermission } from '../github/repository.js';
import type { RepoRef } from '../github/repo-ref.js';

export type Gate = { ok: true } | { ok: false; reason: string };

const WRITE_ROLES = new Set(['admin', 'maintain', 'write']);

export function isBot(user: { login: string; type?: string | undefined }): boolean {
  return user.type === 'Bot' || /\[bot\]$/i.test(user.login);
}

/** Bots only when named (with or without the `[bot]` suffix). */
export function botAllowed(login: string, allowedBots: string[]): boolean {
  const bare = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/\[bot\]$/, '');
  return allowedBots.some((b) => bare(b) === bare(login));
}

/**
 * Whether this user may start a run: write, maintain or admin on the repository, asked from the
 * API. Any doubt (an API error, an unknown answer) is a no.
 */
export async function mayStart(octokit: Octokit, repo: RepoRef, user: { login: string; type?: string | undefined }, allowedBots: string[]): Promise<Gate> {
  if (isBot(user)) {
    return botAllowed(user.login, allowedBots) ? { ok: true } : { ok: false, reason: `${user.login} is a bot not named in the allowed-bots input` };
  }
  try {
    const data = await collaboratorPermission(octokit, repo, user.login);
    const role = (data as { role_name?: string }).role_name ?? '';
    if (WRITE_ROLES.has(data.permission) || WRITE_ROLES.has(role)) return { ok: true };
    return { ok: false, reason: `@${user.login} has ${role || data.permission} permission; starting unbreak needs write, maintain or admin` };
  } catch (error) {
    return { ok: false, reason: `could not check @${user.login}'s permission (${statusOf(error) ?? 'network error'}); not starting` };
  }
}
