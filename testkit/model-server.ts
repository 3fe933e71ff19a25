import http from 'node:http';
import { createRequire } from 'node:module';
import { countWith } from '../src/context/tokens.js';
import type { AddressInfo } from 'node:net';
import { REVIEW_MARKER } from '../src/model/review.js';
import { CASES_MARKER } from '../src/model/cases-request.js';

/**
 * A scripted OpenAI-compatible server: real HTTP, the real Chat Completions wire format
 * (JSON and server-sent-event streaming, tool calls, usage), answering from a script.
 * Usage is counted where it is spent: input tokens on the raw request body received, output
 * tokens on the content and tool calls sent back, both with o200k (the tokenizer unbreak's
 * budget uses), so a figure built on it does not depend on the client's own accounting.
 */

export interface ToolCallSpec {
  name: string;
  arguments: string | Record<string, unknown>;
}

export type Reply =
  | { content?: string; toolCalls?: ToolCallSpec[]; finishReason?: string }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  /** Streamed: content chunks every 20 ms that never end (a model writing forever); not streamed: no answer. */
  | { endless: true }
  /** Streamed: the answer starts, then the connection is cut mid-way (a proxy or a crashing server); not streamed: cut before any answer. */
  | { dropStream: true };

export interface ChatRequest {
  model: string;
  messages: { role: string; content?: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  stream?: boolean;
  [key: string]: unknown;
}

export type Script = Reply[] | ((request: ChatRequest, index: number) => Reply);

export interface ModelServer {
  url: string;
  /** Parsed bodies of every chat request received, in order (self-review requests apart). */
  requests: ChatRequest[];
  /** The self-review requests, answered by `review` (default: the patch is fine). */
  reviews: ChatRequest[];
  /** The further-cases requests, answered by `cases` (default: an answer with no code block, so no case runs). */
  cases: ChatRequest[];
  /** Raw bodies, to search for leaked secrets. */
  rawBodies: string[];
  /** Authorization headers received. */
  auth: string[];
  /** Every request that reached the server, whatever its route: method, URL and Authorization header. */
  arrived: { method: string; url: string; auth: string }[];
  /** Per answered request: the usage the server reported (o200k tokens of the raw body, and of what it sent); `review` marks a self-review. */
  usage: { prompt: number; completion: number; review?: true; cases?: true }[];
  /** How many times the list of models (`GET …/models`) was asked for. */
  modelLists: number;
  /**
   * Every chat request's size (o200k tokens of the raw body, as usage counts them), in order: the
   * ones refused as too long and the self-reviews too, with the status each was answered with.
   */
  sizes: { tokens: number; status: number; review?: true; cases?: true }[];
  close(): Promise<void>;
}

/** The environment a CLI run needs to reach this server (or a URL), with a key the tests search for in what leaks; `extra` beside it. */
export function modelEnv(server: ModelServer | string, extra: Record<string, string> = {}): Record<string, string> {
  return { UNBREAK_API_KEY: 'test-key-123456', ...extra, OPENAI_BASE_URL: typeof server === 'string' ? server : server.url };
}

/** Whether an answered request was one apart from the fix conversation: the self-review or the further cases. */
export const isApart = (u: { review?: true; cases?: true }): boolean => !!(u.review || u.cases);

/** A reviewer that accepts everything: what a credulous model says about its own patch. */
export const CREDULOUS: Reply = { content: 'VERDICT: accept\nCOUNTEREXAMPLE: none\nIt fixes the cause.' };

export function call(name: string, args: Record<string, unknown> | string): ToolCallSpec {
  return { name, arguments: args };
}

export interface ServerOptions {
  review?: Reply | ((request: ChatRequest) => Reply);
  /** The answer to the further-cases request after a green run (a fenced file of cases); unset: prose with no code block. */
  cases?: Reply | ((request: ChatRequest) => Reply);
  /** `GET …/models`: the ids it lists (OpenAI's `{data: [...]}` shape), or a status to answer; unset answers 404. */
  models?: string[] | { status: number };
  /** `GET …/models` answered with exactly this body (e.g. llama.cpp's list, with `meta.n_ctx_train`). */
  modelsBody?: unknown;
  /**
   * A context of this many tokens (counted on the raw request body, as usage is): a longer request
   * is answered 400 in the server's own wording, `llama.cpp` (the default) or `openai`, or 413 as
   * GitHub Models answers a request over its per-request input limit (`github`).
   */
  context?: { size: number; wording?: 'llama.cpp' | 'llama.cpp-bare' | 'openai' | 'github' };
  /** The model the answers name, when not the one asked for (a server that serves what it has). */
  servedModel?: string;
  /** Parameters answered 400 by name, as OpenAI answers `max_tokens` for its reasoning models. */
  refuses?: string[];
  /** Answer `stream: true` requests with plain JSON, as servers without streaming do. */
  noStreaming?: boolean;
  /** Listen on this port (a server started late, where the client was already told to look). */
  port?: number;
}

/** llama.cpp's 400 for a request longer than its context (server-context.cpp, ERROR_TYPE_EXCEED_CONTEXT_SIZE). */
export function llamaContextError(promptTokens: number, contextTokens: number, bare = false): unknown {
  return {
    error: {
      code: 400,
      message: bare
        ? 'the request exceeds the available context size, try increasing it'
        : `request (${promptTokens} tokens) exceeds the available context size (${contextTokens} tokens), try increasing it`,
      type: 'exceed_context_size_error',
      ...(bare ? {} : { n_prompt_tokens: promptTokens, n_ctx: contextTokens }),
    },
  };
}

/** OpenAI's 400 for a request longer than the model's context. */
export function openaiContextError(promptTokens: number, contextTokens: number): unknown {
  return {
    error: {
      message:
        `This model's maximum context length is ${contextTokens} tokens. However, your messages resulted in ${promptTokens} tokens ` +
        '(including 600 in your functions). Please reduce the length of the messages or functions.',
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  };
}

/** GitHub Models' 413 for a request over the model's per-request input limit (8,000 tokens on the default tier). */
export function githubTooLarge(contextTokens: number, model: string): unknown {
  const message = `Request body too large for ${model} model. Max size: ${contextTokens} tokens.`;
  return { error: { code: 'tokens_limit_reached', message, details: message } };
}

/** llama.cpp's answer to a history holding tool-call arguments that are not JSON: it cannot render the template. */
function invalidHistory(messages: ChatRequest['messages']): string | undefined {
  for (const m of messages ?? []) {
    for (const t of m.tool_calls ?? []) {
      try {
        JSON.parse(t.function.arguments);
      } catch (error) {
        return `Failed to parse tool call arguments as JSON: [json.exception.parse_error.101] parse error: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  return undefined;
}

export async function startModelServer(script: Script, options: ServerOptions = {}): Promise<ModelServer> {
  const requests: ChatRequest[] = [];
  const reviews: ChatRequest[] = [];
  const rawBodies: string[] = [];
  const auth: string[] = [];
  const arrived: ModelServer['arrived'] = [];
  const usages: { prompt: number; completion: number; review?: true; cases?: true }[] = [];
  const sizes: { tokens: number; status: number; review?: true; cases?: true }[] = [];
  const casesAsked: ChatRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let counter = 0;
  let modelLists = 0;
  /** Answers taken from the script: a request the server refuses takes none. */
  let scripted = 0;
  const server = http.createServer((req, res) => {
    arrived.push({ method: req.method ?? '', url: req.url ?? '', auth: String(req.headers.authorization ?? '') });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && req.url?.endsWith('/models') && options.modelsBody !== undefined) {
        modelLists++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(options.modelsBody));
        return;
      }
      if (req.method === 'GET' && req.url?.endsWith('/models') && options.models) {
        modelLists++;
        const list = options.models;
        const status = Array.isArray(list) ? 200 : list.status;
        const body = Array.isArray(list)
          ? { object: 'list', data: list.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })) }
          : { error: { message: `scripted ${status}` } };
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      rawBodies.push(raw);
      auth.push(String(req.headers.authorization ?? ''));
      const body = JSON.parse(raw) as ChatRequest;
      let reply: Reply | undefined;
      const system = typeof body.messages?.[0]?.content === 'string' ? body.messages[0].content : '';
      const isReview = system.startsWith(REVIEW_MARKER);
      const isCases = system.startsWith(CASES_MARKER);
      // What marks a request apart from the fix conversation in usage and sizes.
      const apartMark = isReview ? { review: true as const } : isCases ? { cases: true as const } : {};
      if (isReview) {
        // The self-review after a green run: answered apart, so scripts stay about the fix.
        reviews.push(body);
        reply = typeof options.review === 'function' ? options.review(body) : (options.review ?? { content: 'VERDICT: ok' });
      } else if (isCases) {
        // The further cases after a green run: answered apart too.
        casesAsked.push(body);
        reply = typeof options.cases === 'function' ? options.cases(body) : (options.cases ?? { content: 'No further cases.' });
      } else {
        requests.push(body);
      }
      const index = requests.length - 1;
      // What a real server refuses before the model sees the request: such a request takes no answer from the script.
      const refused = (options.refuses ?? []).find((p) => p in body);
      const broken = invalidHistory(body.messages);
      const size = tokens(raw);
      const tooLong = options.context && size > options.context.size ? size : undefined;
      if (!isReview && !isCases && !refused && !broken && !tooLong) {
        const answer = scripted++;
        reply = typeof script === 'function' ? script(body, answer) : script[answer];
      }
      if (refused)
        reply = {
          status: 400,
          body: {
            error: {
              message: `Unsupported parameter: '${refused}' is not supported with this model.`,
              type: 'invalid_request_error',
              param: refused,
              code: 'unsupported_parameter',
            },
          },
        };
      else if (broken) reply = { status: 500, body: { error: { code: 500, message: broken, type: 'server_error' } } };
      else if (tooLong && options.context)
        reply =
          options.context.wording === 'github'
            ? { status: 413, body: githubTooLarge(options.context.size, body.model) }
            : {
                status: 400,
                body:
                  options.context.wording === 'openai'
                    ? openaiContextError(tooLong, options.context.size)
                    : llamaContextError(tooLong, options.context.size, options.context.wording === 'llama.cpp-bare'),
              };
      sizes.push({ tokens: size, status: reply && 'status' in reply ? reply.status : 200, ...apartMark });
      if (!reply) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `script has no reply #${index}` } }));
        return;
      }
      if ('hang' in reply) return; // Never answer.
      if ('endless' in reply) {
        if (!body.stream) return;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const chunk = (delta: unknown) => ({
          id: 'chatcmpl-endless',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: null }],
        });
        res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }))}\n\n`);
        const timer = setInterval(() => res.write(`data: ${JSON.stringify(chunk({ content: 'and again ' }))}\n\n`), 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if ('dropStream' in reply) {
        if (!body.stream) return void req.socket.destroy();
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const chunk = {
          id: 'chatcmpl-cut',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { role: 'assistant', content: 'Let me' }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`, () => setTimeout(() => req.socket.destroy(), 20));
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? { error: { message: `scripted ${reply.status}` } }));
        return;
      }
      const id = `chatcmpl-${++counter}`;
      const toolCalls = (reply.toolCalls ?? []).map((t, i) => ({
        id: `call_${counter}_${i}`,
        type: 'function',
        function: { name: t.name, arguments: typeof t.arguments === 'string' ? t.arguments : JSON.stringify(t.arguments) },
      }));
      const finish = reply.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop');
      const promptTokens = size;
      const completionTokens = tokens(reply.content ?? '') + toolCalls.reduce((n, t) => n + tokens(t.function.name) + tokens(t.function.arguments), 0);
      usages.push({ prompt: promptTokens, completion: completionTokens, ...apartMark });
      const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
      if (body.stream && !options.noStreaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
        const chunk = (delta: unknown, finish_reason: string | null = null) => ({
          id,
          object: 'chat.completion.chunk',
          created: 0,
          model: options.servedModel ?? body.model,
          choices: [{ index: 0, delta, finish_reason }],
        });
        send(chunk({ role: 'assistant', content: '' }));
        if (reply.content) {
          const half = Math.ceil(reply.content.length / 2);
          send(chunk({ content: reply.content.slice(0, half) }));
          send(chunk({ content: reply.content.slice(half) }));
        }
        toolCalls.forEach((t, i) => {
          const args = t.function.arguments;
          const half = Math.ceil(args.length / 2);
          send(chunk({ tool_calls: [{ index: i, id: t.id, type: 'function', function: { name: t.function.name, arguments: args.slice(0, half) } }] }));
          send(chunk({ tool_calls: [{ index: i, function: { arguments: args.slice(half) } }] }));
        });
        send(chunk({}, finish));
        if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage)
          send({ id, object: 'chat.completion.chunk', created: 0, model: options.servedModel ?? body.model, choices: [], usage });
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 0,
          model: options.servedModel ?? body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
              finish_reason: finish,
            },
          ],
          usage,
        }),
      );
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reviews,
    cases: casesAsked,
    rawBodies,
    auth,
    arrived,
    usage: usages,
    sizes,
    get modelLists() {
      return modelLists;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Tokens as the real tokenizer counts them; text over 64 KB is counted in 16 KB pieces, since BPE on
 * one enormous word (the fault tests send megabytes of 'x') takes minutes, and a cut costs a token or so.
 */
function tokens(text: string): number {
  const encode = o200k();
  // As unbreak's countTokens counts: long runs without spaces slice by slice.
  const countTokens = (t: string) => countWith(encode, t);
  if (text.length <= 65_536) return countTokens(text);
  let n = 0;
  for (let i = 0; i < text.length; i += 16_384) n += countTokens(text.slice(i, i + 16_384));
  return n;
}

/**
 * The o200k counter (src/context/o200k.ts's count), from the test environment (testkit/jest-environment.js),
 * which builds it once per jest worker; jest's own require would build it again for every test file
 * (about 3 s of CPU each). Outside jest (the benchmark), the module itself.
 */
let counter: ((text: string) => number) | undefined;
function o200k(): (text: string) => number {
  if (counter) return counter;
  const shared = (globalThis as { __unbreakO200k?: (text: string) => number }).__unbreakO200k;
  if (shared) return (counter = shared);
  const { encode } = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as typeof import('gpt-tokenizer/encoding/o200k_base');
  const none = new Set<string>();
  counter = (text) => encode(text, { allowedSpecial: none, disallowedSpecial: none }).length;
  return counter;
}
