import { readFileSync, writeFileSync } from 'node:fs';
import { OpenAI } from 'openai/client';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface ClientOptions {
  baseUrl?: string;
  apiKey?: string;
  record?: string;
  replay?: string;
  /** Per-request time limit. */
  timeoutMs?: number;
  maxRetries?: number;
}

export interface Recording {
  version: 1;
  exchanges: { request: unknown; status: number; response: unknown }[];
}

/**
 * The one place an OpenAI client is built. Retries (429 with retry-after, 5xx, connection errors)
 * and time limits are the SDK's, configured here and nowhere else. Recording and replay work at
 * the fetch level, so a replayed session goes through the same SDK code as a live one.
 */
export function createClient(options: ClientOptions): OpenAI {
  let fetchImpl: typeof fetch = globalThis.fetch;
  if (options.replay) fetchImpl = replayFetch(options.replay);
  else if (options.record) fetchImpl = recordingFetch(options.record);
  const wire: WireStats = { requests: 0 };
  const timeoutMs = options.timeoutMs ?? 120_000;
  const baseUrl = options.baseUrl ?? OPENAI_BASE_URL;
  const client = new OpenAI({
    apiKey: options.apiKey || (options.replay ? 'replay' : ''),
    baseURL: baseUrl,
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? 3,
    fetch: countingFetch(fetchImpl, wire, { timeoutMs, baseUrl }),
  });
  wires.set(client, wire);
  return client;
}

/** Every HTTP request a client made (retries included): what `usage.requests` counts. */
export interface WireStats {
  requests: number;
}

const wires = new WeakMap<OpenAI, WireStats>();

/** The HTTP requests made through a client built by `createClient` (undefined for any other client). */
export function wireStats(client: OpenAI): WireStats | undefined {
  return wires.get(client);
}

/**
 * Counts every HTTP request, and stops the SDK's retries of an error that is not going away: the
 * same status and text twice for the same request body (a server that cannot render the
 * conversation says so every time). A rate limit (429) is waited out as the SDK does. A time-out
 * is retried once: the limit is minutes long, and a server silent twice would keep every retry
 * waiting as long (four tries of 180 s is twelve minutes for nothing).
 */
function countingFetch(inner: typeof fetch, wire: WireStats, limits: { timeoutMs: number; baseUrl: string }): typeof fetch {
  const lastError = new Map<string, string>();
  const timedOut = new Map<string, number>();
  return async (input, init) => {
    const key = typeof init?.body === 'string' ? init.body : '';
    if ((timedOut.get(key) ?? 0) >= 2) return notTriedAgain(limits);
    wire.requests++;
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (init?.signal?.aborted) {
        timedOut.set(key, (timedOut.get(key) ?? 0) + 1);
        if (timedOut.size > 8) timedOut.delete(timedOut.keys().next().value!);
      }
      throw error;
    }
    if (response.ok || response.status === 429) return response;
    const text = await response.text();
    const said = `${response.status} ${text}`;
    const again = lastError.get(key) === said;
    lastError.set(key, said);
    if (lastError.size > 8) lastError.delete(lastError.keys().next().value!);
    const headers = new Headers(response.headers);
    if (again) headers.set('x-should-retry', 'false');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The answer that ends the retries after two time-outs, in its own words (not a server's status). */
function notTriedAgain({ timeoutMs, baseUrl }: { timeoutMs: number; baseUrl: string }): Response {
  const message =
    `the model server at ${baseUrl} did not answer within ${+(timeoutMs / 1000).toFixed(1)} s, twice; not tried again: ` +
    'raise --model-timeout (model-timeout) for a slow model, or check the server';
  const headers = { 'content-type': 'application/json', 'x-should-retry': 'false', [REPLAY_HEADER]: 'timeout' };
  return new Response(JSON.stringify({ error: { message } }), { status: 504, headers });
}

function recordingFetch(file: string): typeof fetch {
  const recording: Recording = { version: 1, exchanges: [] };
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Keep non-JSON answers as text.
    }
    let request: unknown;
    try {
      request = JSON.parse(String(init?.body ?? 'null'));
    } catch {
      request = null;
    }
    recording.exchanges.push({ request, status: response.status, response: body });
    writeFileSync(file, JSON.stringify(recording, null, 2) + '\n');
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function replayFetch(file: string): typeof fetch {
  const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
  if (recording.version !== 1 || !Array.isArray(recording.exchanges)) throw new Error(`${file} is not an unbreak recording`);
  let next = 0;
  return async (_input, init) => {
    if (next === 0) {
      // A recording answers the run it was made for: replayed on other failures it would edit files that are not there.
      const recorded = failingTestsOf(recording.exchanges[0]?.request);
      const now = failingTestsOf(parseBody(init?.body));
      if (recorded.length && now.length && recorded.join('\n') !== now.join('\n')) {
        next = recording.exchanges.length;
        return replayError(
          `this recording was made for another run: ${file} answers the failing tests ${shortList(recorded)}, and this run has ${shortList(now)}; ` +
            'record this run with --record, or replay it where the same tests fail',
        );
      }
    }
    const exchange = recording.exchanges[next++];
    if (!exchange) return replayError(`the replay file ${file} has no more recorded answers (the run asked for more than was recorded)`);
    const wantsStream = askedToStream(init?.body);
    const recorded = typeof exchange.response === 'string' ? exchange.response : JSON.stringify(exchange.response);
    const streamed = typeof exchange.response === 'string' && /^\s*data:/m.test(exchange.response);
    // A recording answers in the mode the replay asks for, whichever mode it was made in.
    if (exchange.status === 200 && streamed !== wantsStream) {
      const body = wantsStream ? completionToEvents(exchange.response) : JSON.stringify(await eventsToCompletion(exchange.response as string));
      return new Response(body, { status: 200, headers: { 'content-type': wantsStream ? 'text/event-stream' : 'application/json' } });
    }
    return new Response(recorded, { status: exchange.status, headers: { 'content-type': streamed ? 'text/event-stream' : 'application/json' } });
  };
}

function askedToStream(body: unknown): boolean {
  return (parseBody(body) as { stream?: unknown } | null)?.stream === true;
}

/** A streamed answer (server-sent events) as the one completion it adds up to, by the SDK's own accumulator. */
async function eventsToCompletion(events: string): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  const lines = events
    .split('\n')
    .filter((l) => l.startsWith('data:') && l.slice(5).trim() !== '[DONE]')
    .map((l) => `${l.slice(5).trim()}\n`);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(lines.join('')));
      controller.close();
    },
  });
  return ChatCompletionStream.fromReadableStream(body).finalChatCompletion();
}

/** One completion as the events a streaming server sends for it. */
function completionToEvents(completion: unknown): string {
  const c = completion as OpenAI.Chat.Completions.ChatCompletion;
  const base = { id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model };
  const events = (c.choices ?? []).map((choice) => ({
    ...base,
    choices: [
      {
        index: choice.index,
        delta: {
          role: 'assistant',
          content: choice.message?.content ?? null,
          ...(choice.message?.tool_calls ? { tool_calls: choice.message.tool_calls.map((t, index) => ({ index, ...t })) } : {}),
        },
        finish_reason: choice.finish_reason,
      },
    ],
  }));
  if (c.usage) events.push({ ...base, choices: [], usage: c.usage } as never);
  return `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
}

/** Marks an answer that comes from the replay file, not a server, so errors name the file, not a URL. */
export const REPLAY_HEADER = 'x-unbreak-replay';

function replayError(message: string): Response {
  return new Response(JSON.stringify({ error: { message } }), { status: 400, headers: { 'content-type': 'application/json', [REPLAY_HEADER]: '1' } });
}

function parseBody(body: unknown): unknown {
  try {
    return JSON.parse(String(body ?? 'null'));
  } catch {
    return null;
  }
}

/** The failing tests a fix request names: the `### <id>` headings of its first message's "## Failing tests" section, sorted. */
export function failingTestsOf(request: unknown): string[] {
  const messages = (request as { messages?: { role?: string; content?: unknown }[] } | null)?.messages;
  const first = Array.isArray(messages) ? messages.find((m) => m?.role === 'user') : undefined;
  if (typeof first?.content !== 'string') return [];
  const section = /(?:^|\n)## Failing tests\n([\s\S]*?)(?=\n## |$)/.exec(first.content)?.[1] ?? '';
  return [...new Set([...section.matchAll(/^### (.+)$/gm)].map((m) => m[1]!.trim()))].sort();
}

function shortList(ids: string[]): string {
  return ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', ');
}

export function loadRecording(file: string): Recording {
  return JSON.parse(readFileSync(file, 'utf8')) as Recording;
}
