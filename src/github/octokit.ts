import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';

export type Octokit = ReturnType<typeof getOctokit>;

/**
 * Writes start one at a time, and are spaced once they are many. The plugin gates a write's start
 * here; the request itself may still be in flight when the next starts, so what must land in order
 * is chained by its writer (sticky.ts). GitHub's rule is to wait a second between writes when making
 * a large number of them (and its secondary limit counts 80 content-creating requests a minute); the
 * throttling plugin's own default spaces every write a second apart, and every comment, review or
 * pull request three: 5 to 10 s of waiting in a run that makes a handful. Here a run's first writes
 * go at once, from a reserve that refills at GitHub's pace (one write a second, one notifying
 * request every three), so a long series is spaced as before.
 */
function makeWriteLimits(): { write: Bottleneck.Group; notifications: Bottleneck.Group } {
  const spaced = (id: string, burst: number, everyMs: number) =>
    new Bottleneck.Group({
      id,
      maxConcurrent: 1,
      reservoir: burst,
      reservoirIncreaseAmount: 1,
      reservoirIncreaseInterval: everyMs,
      reservoirIncreaseMaximum: burst,
    });
  return { write: spaced('unbreak-write', 20, 1000), notifications: spaced('unbreak-notifications', 5, 3000) };
}

/** One pair for the process, shared by every Octokit it builds (as the plugin's own are): one reserve, whichever client writes. */
let writeLimits: ReturnType<typeof makeWriteLimits> | undefined;

/**
 * The one place an Octokit is built: GITHUB_API_URL honoured (GitHub Enterprise, tests), retries
 * for 5xx and network errors, and GitHub's rate-limit rules followed rather than fought.
 */
export function createOctokit(token: string): Octokit {
  return getOctokit(
    token,
    {
      baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
      retry: { retries: 3 },
      throttle: {
        ...(writeLimits ??= makeWriteLimits()),
        onRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          core.warning(`GitHub API rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`);
          return retryCount < 2;
        },
        onSecondaryRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          core.warning(`GitHub API secondary rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`);
          return retryCount < 1;
        },
      },
    },
    retry,
    throttling,
  );
}

/** The HTTP status of an Octokit error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof (error as { status: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
}

/** One line for an API failure: what we tried, the status, and what to change. */
export function describeGitHubError(what: string, error: unknown, permission?: string): string {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const hint =
    status === 403 || status === 401
      ? ` — the token lacks access${permission ? `: give the workflow \`permissions: ${permission}\`` : ''} (or pass a token with it in the github-token input)`
      : status === 404
        ? ' — not found (deleted, or the token cannot see it)'
        : '';
  return `${what} failed (${status ?? 'network error'}: ${message})${hint}`;
}
