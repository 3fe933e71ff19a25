import { fileURLToPath } from 'node:url';
import { OpenAI } from 'openai/client';
import { REPLAY_HEADER, TIMEOUT_HEADER } from './client.js';

export class ModelError extends Error {
  override name = 'ModelError';
}

/** One line: which server, what status, what it said. */
export function describeApiError(error: unknown, baseUrl: string, limits?: { timeoutMs: number; retries: number }): string {
  // A replayed session's "server" is its recording (client.ts gives it the file's URL).
  if (baseUrl.startsWith('file:')) return describeApiError(error, '\0', limits).replace('the model server at \0', `the recording ${fileURLToPath(baseUrl)}`);
  if (error instanceof OpenAI.APIConnectionTimeoutError || timedOut(error)) {
    const limit = limits
      ? ` within ${Math.round(limits.timeoutMs / 1000)} s, ${limits.retries === 0 ? 'with no retry' : `in ${limits.retries + 1} tries`}`
      : ' in time';
    return `the model server at ${baseUrl} did not answer${limit}; raise --model-timeout (model-timeout) for a slow model, or check the server`;
  }
  if (error instanceof OpenAI.APIConnectionError) return `cannot reach the model server at ${baseUrl} (${connectionCause(error)})`;
  // An answer made up by --replay (a recording that does not fit): its own words, no server to blame.
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

/** What undici's codes mean for whoever has to fix it. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing listens at that address and port',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed by the server while the request was sent',
  UND_ERR_SOCKET: 'connection closed by the server',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name could not be looked up',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
};

/**
 * Why a connection failed, from the error's chain of causes: fetch says only "fetch failed", and
 * the code beneath it (ECONNREFUSED, ECONNRESET, …) tells a server that is down from one that hung up.
 */
export function connectionCause(error: unknown): string {
  let message = '';
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return CAUSES[code] ? `${CAUSES[code]}, ${code}` : code;
    if (e instanceof Error && e !== error && e.message) message = e.message;
  }
  return message || (error instanceof Error ? error.message : String(error));
}

/** Whether an error is a request the server did not answer within the client's time limit (client.ts). */
export function timedOut(error: unknown): boolean {
  return error instanceof OpenAI.APIError && !!error.headers?.get(TIMEOUT_HEADER);
}

function onGitHubModels(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'models.github.ai';
  } catch {
    return false;
  }
}
