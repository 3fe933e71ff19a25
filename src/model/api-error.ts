import { OpenAI } from 'openai/client';
import { REPLAY_HEADER } from './client.js';

export class ModelError extends Error {
  override name = 'ModelError';
}

/** One line: which server, what status, what it said. */
export function describeApiError(error: unknown, baseUrl: string, limits?: { timeoutMs: number; retries: number }): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    const limit = limits
      ? ` within ${Math.round(limits.timeoutMs / 1000)} s, ${limits.retries === 0 ? 'with no retry' : `in ${limits.retries + 1} tries`}`
      : ' in time';
    return `the model server at ${baseUrl} did not answer${limit}; raise --model-timeout (model-timeout) for a slow model, or check the server`;
  }
  if (error instanceof OpenAI.APIConnectionError)
    return `cannot reach the model server at ${baseUrl} (${error.cause instanceof Error ? error.cause.message : error.message})`;
  // An answer made up on this side (a recording that does not fit, time-outs not retried again): its own words, no server status to blame.
  if (error instanceof OpenAI.APIError && error.headers?.get(REPLAY_HEADER)) {
    return String((error.error as { message?: string } | undefined)?.message ?? error.message);
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 'error';
    const hint =
      (error.status === 401 || error.status === 403) && onGitHubModels(baseUrl)
        ? ' (GitHub Models: give the job `permissions: models: read`, or enable GitHub Models for the organization in its settings)'
        : error.status === 401
          ? ' (check the API key)'
          : error.status === 404
            ? ' (check --base-url and --model)'
            : error.status === 429
              ? ' (rate limited or out of quota)'
              : '';
    const said = (error.error as { message?: string } | undefined)?.message ?? error.message;
    return `the model server at ${baseUrl} answered ${status}${hint}: ${String(said).split('\n')[0]!.slice(0, 200)}`;
  }
  return `the model request failed: ${error instanceof Error ? error.message : String(error)}`;
}

function onGitHubModels(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'models.github.ai';
  } catch {
    return false;
  }
}
