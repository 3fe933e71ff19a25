import { distance } from 'fastest-levenshtein';
import { OpenAI } from 'openai/client';
import { createClient, OPENAI_BASE_URL } from './client.js';
import { describeApiError } from './api-error.js';
import { statedContext } from './server-errors.js';

export interface ProbeOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** How long the list may take; a slow or silent server is not a verdict, so the run goes on. */
  timeoutMs?: number;
  /** Aborted when the answer is no longer needed (the tests passed, the run ended). */
  signal?: AbortSignal;
  /** Told the context size (tokens) the list states for the model, where it states one (llama.cpp, vLLM, LM Studio…). */
  onContext?: (tokens: number) => void;
}

/** The problem in one line, and what it means for the run (engine/probe.ts says how each is used). */
export interface ServerProblem {
  problem: string;
  stop: 'now' | 'if-needed' | 'never';
}

/**
 * Asks the model server for its list of models: free (no tokens, no request against a rate
 * limit that counts completions) and it shows three mistakes a newcomer makes before the first
 * test run is over: a base URL that answers nothing, a key the server refuses (401), and a model
 * id the server does not offer. Returns the problem, or undefined when the server looks right or
 * cannot say (no list there, a 403, a 5xx, a time-out): the first request tells then.
 */
export async function probeModel(options: ProbeOptions): Promise<ServerProblem | undefined> {
  const baseUrl = options.baseUrl ?? OPENAI_BASE_URL;
  const client = createClient({ baseUrl, ...(options.apiKey ? { apiKey: options.apiKey } : {}), timeoutMs: options.timeoutMs ?? 20_000, maxRetries: 0 });
  const url = listUrl(baseUrl);
  let body: unknown;
  try {
    body = await client.get(url, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    if (error instanceof OpenAI.APIConnectionTimeoutError) return undefined;
    // Unreachable is not yet a verdict on the run: a green suite needs no server (and may be offline).
    if (error instanceof OpenAI.APIConnectionError)
      return { problem: `${describeApiError(error, baseUrl)}: check --base-url (input 'base-url')`, stop: 'if-needed' };
    // Only a refused key is a verdict: a 403 on the list can be a key restricted to completions,
    // and GitHub's catalog is not the inference API, so neither says the run would fail.
    if (error instanceof OpenAI.AuthenticationError && !isGitHubModels(baseUrl))
      return {
        // describeApiError's own "(check the API key)" is said once, here, with where the key comes from.
        problem: `${describeApiError(error, baseUrl).replace(' (check the API key)', '')}: check the API key (UNBREAK_API_KEY or OPENAI_API_KEY; input 'api-key')`,
        stop: 'now',
      };
    return undefined;
  }
  const context = statedContext(body, options.model);
  if (context) options.onContext?.(context);
  const ids = modelIds(body);
  // A router that serves patterns (`openai/*`) may take ids it does not list.
  if (!ids?.length || ids.includes(options.model) || ids.some((id) => id.includes('*'))) return undefined;
  // Servers differ in case, in a publisher prefix (`openai/gpt-4.1` on GitHub Models) and in a
  // default tag (Ollama lists `llama3:latest` and takes `llama3`).
  const bare = (id: string) => id.toLowerCase().replace(/^[^/]*\//, '');
  const same = (id: string) => id.toLowerCase().replace(/:latest$/, '');
  if (ids.some((id) => same(id) === same(options.model))) return undefined;
  const wanted = bare(options.model);
  // Typos: the ids a few edits away (fastest-levenshtein), closest first.
  const near = ids
    .map((id) => ({ id, d: distance(bare(id), wanted) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(wanted.length / 4)))
    .sort((a, b) => a.d - b.d)
    .map(({ id }) => id);
  const offer = (near.length ? near : ids).slice(0, 6).join(', ');
  const more = !near.length && ids.length > 6 ? ` and ${ids.length - 6} more` : '';
  const problem = `the model server at ${baseUrl} does not offer the model '${options.model}'; ${near.length ? 'did you mean' : 'it offers'} ${offer}${more}: check --model (input 'model')`;
  // Only the big hosted APIs list every id they take; elsewhere (Azure deployments, proxies, GitHub
  // org endpoints) the list may lack what the server serves, so it is a warning, not a verdict.
  return { problem, stop: authoritative(baseUrl) ? 'now' : 'never' };
}

function authoritative(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.hostname === 'api.openai.com' || (url.hostname === 'models.github.ai' && !url.pathname.startsWith('/orgs/'));
  } catch {
    return false;
  }
}

/** GitHub Models keeps its list beside the inference API, not under it. */
function listUrl(baseUrl: string): string {
  return isGitHubModels(baseUrl) ? new URL('/catalog/models', baseUrl).href : '/models';
}

function isGitHubModels(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'models.github.ai';
  } catch {
    return false;
  }
}

/** `{data: [{id}]}` (OpenAI and most servers) or `[{id}]` (GitHub Models' catalog). */
function modelIds(body: unknown): string[] | undefined {
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return undefined;
  return list.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
}
