import { OpenAI } from 'openai/client';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Workspace } from '../workspace/workspace.js';
import type { Redactor } from '../context/redact.js';
import { Measured, truncateToTokens } from '../context/tokens.js';
import { SYSTEM_PROMPT } from './prompt.js';
import { parseReview, REVIEW_AGAIN, REVIEW_PROMPT, reviewMessage, type ReviewAnswer } from './review.js';
import { TOOLS, runTool } from './tools.js';
import { REPLAY_HEADER, wireStats } from './client.js';
import { contextOverflow, refusedParameter, sameModel, shrunkBudget } from './server-errors.js';
import type { AttemptOutcome as EngineAttempt, Usage } from '../engine/types.js';

export interface SessionOptions {
  model: string;
  /** Input tokens one request may hold. */
  requestTokens: number;
  /** Tokens (prompt + completion) the whole run may spend. */
  maxTokens: number;
  /** Requests one attempt may make before it is ended. */
  turnsPerAttempt?: number;
  /** Tokens a completion may use (sent as `max_tokens`, or `max_completion_tokens` where the server wants that). */
  maxCompletionTokens?: number;
  /** Tool calls one attempt may make before it is ended. */
  toolCallsPerAttempt?: number;
  /** Ask for server-sent events (some gateways time out long non-streamed answers). */
  stream?: boolean;
  /**
   * Asked before each request with its prompt size, the usage so far and (for the self-review) its
   * completion cap: a reason to stop instead of sending it (the cost cap), or undefined to go on.
   */
  beforeRequest?: (promptTokens: number, usage: Usage, completionTokens?: number) => string | undefined;
}

/** An attempt as the engine sees it; the session always measures the model's time. */
type AttemptOutcome = EngineAttempt & { modelMs: number };

export class ModelError extends Error {
  override name = 'ModelError';
}

let toolsSize: Measured | undefined;
/** The tool definitions' share of every request. */
const TOOLS_SIZE = () => (toolsSize ??= new Measured(JSON.stringify(TOOLS)));

/**
 * One conversation with the model over a whole run. Each attempt adds a user message and lets
 * the model call tools until it answers without any; later attempts continue the same
 * conversation, with old tool results shortened so every request stays inside the budget.
 */
export class ModelSession {
  private readonly messages: ChatCompletionMessageParam[] = [];
  /** Tokens of each message: a bound at once, the exact count once a budget decision needs it. */
  private readonly sizes: Measured[] = [];
  readonly usage: Usage = { promptTokens: 0, completionTokens: 0, requests: 0, retries: 0 };
  /** Milliseconds spent waiting for the model server over the whole session. */
  modelMs = 0;
  private attemptStart = 0;
  /** Input tokens one request may hold: --request-tokens, lowered for good when the server says its context is smaller. */
  private budget: number;
  /** How the completion cap is sent; switched once when a server refuses it by name. */
  private capParam: 'max_tokens' | 'max_completion_tokens';
  /** The model the server answered as, when it is not the one asked for (said once). */
  servedModel?: string;

  constructor(
    private readonly client: OpenAI,
    private readonly workspace: Workspace,
    private readonly redactor: Redactor,
    private readonly options: SessionOptions,
    private readonly onEvent: (event: string, kind?: 'tool' | 'note') => void = () => {},
  ) {
    this.budget = options.requestTokens;
    // Reasoning models refuse max_tokens; most other servers (llama.cpp, Ollama, older Azure) know only max_tokens.
    this.capParam = isReasoningModel(options.model) ? 'max_completion_tokens' : 'max_tokens';
    this.push({ role: 'system', content: SYSTEM_PROMPT });
  }

  /** Input tokens a request may hold now. */
  get requestBudget(): number {
    return this.budget;
  }

  /** Lowers the request budget (a context size the server states in its model list). */
  limitRequests(tokens: number): void {
    this.budget = Math.max(500, Math.min(this.budget, Math.floor(tokens)));
  }

  private push(message: ChatCompletionMessageParam): void {
    // The one place text leaves for the model: redact it here, whatever its source, and show
    // paths relative to the repo (shorter, and the runner's directories are nobody's business).
    if (typeof message.content === 'string') message.content = this.redactor.redact(this.relative(message.content));
    if (message.role === 'assistant' && message.tool_calls) {
      for (const call of message.tool_calls) if (call.type === 'function') call.function.arguments = this.redactor.redact(call.function.arguments);
    }
    this.messages.push(message);
    this.sizes.push(new Measured(JSON.stringify(message), 4));
  }

  private relative(text: string): string {
    const root = this.workspace.root.replace(/\/+$/, '');
    return text.split(`file://${root}/`).join('').split(`${root}/`).join('');
  }

  async attempt(userMessage: string): Promise<AttemptOutcome> {
    this.attemptStart = this.messages.length;
    this.push({ role: 'user', content: userMessage });
    const turns = this.options.turnsPerAttempt ?? TURNS_PER_ATTEMPT;
    const maxCalls = this.options.toolCallsPerAttempt ?? TOOL_CALLS_PER_ATTEMPT;
    const outcome: AttemptOutcome = { summary: '', requests: 0, toolCalls: 0, promptTokens: [], modelMs: 0 };
    // The same call with the same arguments and the same result, counted per attempt (a weak model loops).
    const repeats = new Map<string, { result: string; count: number; at: number }>();
    let failingAnswers = 0;
    for (let turn = 0; turn < turns; turn++) {
      let promptTokens = this.fitToBudget();
      const spent = this.usage.promptTokens + this.usage.completionTokens;
      // fitToBudget may answer with a bound; only the exact count may refuse a request.
      if (spent + promptTokens > this.options.maxTokens) promptTokens = this.exactTotal();
      if (spent + promptTokens > this.options.maxTokens) {
        outcome.budgetSpent = `the token budget of ${this.options.maxTokens} is spent (${spent} used); raise --max-tokens to allow more`;
        return outcome;
      }
      // A cap that the bound would cross is asked again with the exact count.
      const stop = this.options.beforeRequest?.(promptTokens, this.usage) && this.options.beforeRequest(this.exactTotal(), this.usage);
      if (stop) {
        outcome.budgetSpent = stop;
        return outcome;
      }
      outcome.promptTokens.push(promptTokens);
      const started = performance.now();
      let response: OpenAI.Chat.Completions.ChatCompletion | undefined;
      try {
        const sent = await this.request();
        response = sent.response;
        outcome.requests += sent.requests;
      } finally {
        const waited = performance.now() - started;
        outcome.modelMs += waited;
        this.modelMs += waited;
      }
      if (!response) {
        outcome.ended = 'the model server sent an answer that is not a chat completion';
        return outcome;
      }
      const choice = response.choices[0];
      const message = choice?.message;
      if (!message) {
        outcome.ended = 'the model sent no answer';
        return outcome;
      }
      const cutOff = choice.finish_reason === 'length';
      const calls = (message.tool_calls ?? [])
        .filter((c) => c.type === 'function')
        .map((c) => ({ id: c.id, name: c.function.name, raw: c.function.arguments ?? '', problem: argumentsProblem(c.function.arguments ?? '', cutOff) }));
      this.push({
        role: 'assistant',
        // An enormous answer is kept short: it is sent back with every later request.
        content: capText(message.content ?? '', 8000),
        ...(calls.length
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                // A call that is not run keeps `{}`: a server renders the history again with every request,
                // and one holding broken JSON is refused from then on (llama.cpp answers 500).
                function: { name: c.name, arguments: c.problem ? '{}' : shortArguments(c.raw) },
              })),
            }
          : {}),
      });
      if (calls.length === 0) {
        outcome.summary = capText((message.content ?? '').trim(), 4000);
        if (cutOff) outcome.ended = 'the answer was cut off at the length limit';
        return outcome;
      }
      let ended: string | undefined;
      let failed = 0;
      for (const call of calls) {
        let result: string;
        if (ended || outcome.toolCalls >= maxCalls) {
          ended ??= `the attempt used its ${maxCalls} tool calls`;
          result = `Error: not run: ${ended}.`;
        } else if (call.problem) {
          outcome.toolCalls++;
          result = callProblemText(call.name, call.raw, call.problem, this.options.maxCompletionTokens);
          this.onEvent(`${call.name} (${call.problem === 'cut' ? 'cut off at the length limit' : 'arguments not JSON'}) → not run`);
        } else {
          outcome.toolCalls++;
          result = await runTool(this.workspace, call.name, call.raw);
          this.onEvent(`${call.name} ${describeArgs(call.raw)} → ${result.split('\n')[0]!.slice(0, 120)}`);
          const key = `${call.name}\n${canonicalArgs(call.raw)}`;
          const before = repeats.get(key);
          if (before && before.result === result) {
            before.count++;
            const earlier = this.messages[before.at];
            const stillShown = typeof earlier?.content === 'string' && earlier.content === result;
            if (before.count >= 3) {
              ended = `the model made the same ${call.name} call ${before.count} times and got the same result each time`;
              result = `${result.startsWith('Error') ? 'Error: ' : ''}This is the same ${call.name} call, with the same arguments and the same result, for the third time in this attempt: the attempt ends here.`;
            } else {
              result = `${result.startsWith('Error') ? 'Error: ' : ''}You already made this ${call.name} call with these arguments in this attempt, and the result is the same${stillShown ? ' (above)' : `:\n${result}`}\nCalling it again will not change it: use what it says, try something else, or answer without a tool call when you are done.`;
            }
          } else {
            repeats.set(key, { result, count: 1, at: this.messages.length });
          }
        }
        if (result.startsWith('Error')) failed++;
        this.push({ role: 'tool', tool_call_id: call.id, content: result });
      }
      // Answers whose every call fails, one after another: the model is not getting anywhere.
      failingAnswers = failed === calls.length ? failingAnswers + 1 : 0;
      if (!ended && failingAnswers >= FAILING_ANSWERS) ended = `the model's last ${FAILING_ANSWERS} answers made only tool calls that failed`;
      if (ended) {
        outcome.ended = ended;
        return outcome;
      }
    }
    outcome.ended = `the attempt used its ${turns} requests`;
    return outcome;
  }

  /**
   * One turn's request, with what a real server needs: a completion cap under the name it takes,
   * one shorter resend when its context is full, a stream that may not run on forever. Every HTTP
   * request made (the SDK's retries included) is counted in the usage; undefined when the server
   * answered 200 with something that is not a completion.
   */
  private async request(): Promise<{ response?: OpenAI.Chat.Completions.ChatCompletion; requests: number }> {
    const wire = wireStats(this.client);
    const wireBefore = wire?.requests ?? 0;
    const tries = { sends: 0 };
    // The SDK's retries are HTTP requests too, and the bill counts them.
    const count = () => {
      const requests = wire ? wire.requests - wireBefore : tries.sends;
      this.usage.requests += requests;
      this.usage.retries = (this.usage.retries ?? 0) + Math.max(0, requests - 1);
      return requests;
    };
    let response: OpenAI.Chat.Completions.ChatCompletion | undefined;
    try {
      response = await this.sendRecovering(tries);
    } catch (error) {
      count();
      throw error;
    }
    const requests = count();
    if (!response || typeof response !== 'object' || !Array.isArray(response.choices)) return { requests };
    this.usage.promptTokens += response.usage?.prompt_tokens ?? 0;
    this.usage.completionTokens += response.usage?.completion_tokens ?? 0;
    this.noteModel(response.model);
    return { response, requests };
  }

  private async sendRecovering(tries: { sends: number }): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    let shrunk = false;
    let swapped = false;
    for (;;) {
      tries.sends++;
      try {
        return await this.send();
      } catch (error) {
        if (error instanceof ModelError) throw error;
        const overflow = contextOverflow(error);
        if (overflow && !shrunk) {
          shrunk = true;
          const was = this.fitToBudget();
          this.budget = Math.max(500, Math.min(this.budget, shrunkBudget(overflow, was, this.options.maxCompletionTokens)));
          const now = this.fitToBudget();
          const stated = overflow.contextTokens ? `its context holds ${overflow.contextTokens} tokens` : 'its context is full';
          const had = overflow.promptTokens ? ` and the request had ${overflow.promptTokens} by its count, ${was} by unbreak's` : '';
          this.onEvent(
            `the model server refused the request as too long (${stated}${had}): requests are kept within ${this.budget} tokens from now on; sent again with ${now}`,
            'note',
          );
          continue;
        }
        const param = !swapped && !overflow && refusedParameter(error, this.capParam);
        if (param) {
          swapped = true;
          this.capParam = this.capParam === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
          this.onEvent(`the model server refused ${param}; the completion cap is sent as ${this.capParam} from now on`, 'note');
          continue;
        }
        const said = describeApiError(error, this.client.baseURL, { timeoutMs: this.client.timeout, retries: this.client.maxRetries });
        throw new ModelError(
          overflow
            ? `${said} (the request had been shortened once already, to ${this.budget} tokens: give the server a larger context, or lower --request-tokens)`
            : said,
        );
      }
    }
  }

  private async send(): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const params = {
      model: this.options.model,
      messages: this.messages,
      tools: TOOLS,
      tool_choice: 'auto' as const,
      // Reasoning models (o1, o3, o4-mini, gpt-5…) refuse a temperature other than their own.
      ...(isReasoningModel(this.options.model) ? {} : { temperature: 0 }),
      ...(this.options.maxCompletionTokens ? { [this.capParam]: this.options.maxCompletionTokens } : {}),
    };
    if (!this.options.stream) return this.client.chat.completions.create(params);
    // The SDK's time limit ends when the headers arrive; a stream that then trickles on (a model
    // writing forever, a proxy that holds the line) is cut at --model-timeout after them.
    const controller = new AbortController();
    const limitMs = this.client.timeout;
    let chunks = 0;
    let cut = false;
    let timer: NodeJS.Timeout | undefined;
    const stream = this.client.chat.completions.stream({ ...params, stream: true, stream_options: { include_usage: true } }, { signal: controller.signal });
    stream.on('connect', () => {
      timer = setTimeout(() => {
        cut = true;
        controller.abort();
      }, limitMs);
    });
    stream.on('chunk', () => chunks++);
    try {
      return await stream.finalChatCompletion();
    } catch (error) {
      // The SDK's words for a plain JSON answer to a streamed request: say what it means.
      if (!cut && error instanceof Error && /ended without sending any chunks/.test(error.message)) {
        throw new ModelError(
          `the model server at ${this.client.baseURL} answered without streaming (no server-sent events) although --stream (input 'stream') asked for them: leave --stream off for this server`,
        );
      }
      if (!cut) throw error;
      const secs = Math.round(limitMs / 1000);
      throw new ModelError(
        chunks === 0
          ? `the model server at ${this.client.baseURL} started a streamed answer but sent nothing of it within ${secs} s; raise --model-timeout (model-timeout) for a slow model, or check the server`
          : `the model server at ${this.client.baseURL} was still streaming its answer after ${secs} s (${chunks} parts); the stream was cut. Lower --max-completion-tokens or raise --model-timeout`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Says once when the server answers as another model than the one asked for. */
  private noteModel(served: unknown): void {
    if (this.servedModel || typeof served !== 'string' || !served || sameModel(served, this.options.model)) return;
    this.servedModel = served;
    this.onEvent(`the model server answered as '${served}', not '${this.options.model}': the model at work may not be the one asked for`, 'note');
  }

  /**
   * Shortens what the model has already seen until the request fits: first old tool results
   * (it can read a file again), then old assistant text. Returns the request's token count: an
   * upper bound when that alone shows the request fits, else the exact count.
   */
  private fitToBudget(): number {
    const limit = this.budget;
    const bound = TOOLS_SIZE().bound + this.sizes.reduce((a, b) => a + b.bound, 0);
    if (bound <= limit) return bound;
    const total = () => this.exactTotal();
    if (total() <= limit) return total();
    // Keep the newest turns whole; they are what the model is working on.
    const protectFrom = Math.max(this.attemptStart + 1, this.messages.length - 3);
    for (let i = 1; i < protectFrom && total() > limit; i++) {
      this.shortenToolResult(i);
    }
    for (let i = 1; i < protectFrom && total() > limit; i++) {
      const m = this.messages[i]!;
      if (m.role === 'assistant' && typeof m.content === 'string' && m.content.length > 200) {
        this.replace(i, { ...m, content: `${m.content.slice(0, 200)}… [shortened]` });
      }
    }
    // Earlier user messages last; the current attempt's own message is never cut.
    for (let i = 1; i < Math.min(protectFrom, this.attemptStart) && total() > limit; i++) {
      const m = this.messages[i]!;
      if (m.role === 'user' && typeof m.content === 'string' && m.content.length > 600) {
        this.replace(i, { ...m, content: `${m.content.slice(0, 600)}… [earlier message shortened]` });
      }
    }
    // Still over (a budget lowered to what the server's context holds): the newest turns give way
    // too, all but the last tool result whole, and that one cut to what is left.
    for (let i = protectFrom; i < this.messages.length - 1 && total() > limit; i++) this.shortenToolResult(i);
    const lastIndex = this.messages.length - 1;
    const last = this.messages[lastIndex]!;
    if (total() > limit && last.role === 'tool' && typeof last.content === 'string') {
      const room = limit - (total() - this.sizes[lastIndex]!.exact) - 60;
      if (room > 50) this.replace(lastIndex, { ...last, content: `${truncateToTokens(last.content, room, 'end')}\n[cut to fit the request budget]` });
    }
    return total();
  }

  private shortenToolResult(i: number): void {
    const m = this.messages[i]!;
    if (m.role !== 'tool' || typeof m.content !== 'string' || m.content.startsWith('[shortened')) return;
    const firstLine = m.content.split('\n')[0]!.slice(0, 60);
    const placeholder = `[shortened to save space: an earlier tool result (${firstLine}…); call the tool again if you need it]`;
    // A placeholder never takes more room than what it stands for.
    if (placeholder.length < m.content.length) this.replace(i, { ...m, content: placeholder });
  }

  /**
   * The self-review: a short request without tools, apart from the fix conversation, that shows
   * the verified patch (and the check's strong findings, to decide about) and asks whether it
   * fixes the cause or only the tests. An answer not in the asked form (prose, a tool call) is
   * asked once more; still unclear, the review has not confirmed the fix. Counted in the usage.
   */
  async review(patch: string, failures: string[], findings: string[] = []): Promise<ReviewAnswer & { promptTokens: number; requests: number }> {
    const apart = (this.usage.review ??= { requests: 0, promptTokens: 0, completionTokens: 0 });
    const text = (t: string) => this.redactor.redact(this.relative(t));
    // A large patch is cut from the middle: the review is a short look, not a second fix.
    const question = text(truncateToTokens(reviewMessage(patch, failures, findings), Math.max(500, this.budget - 400), 'middle'));
    let requests = 0;
    let promptTokens = 0;
    let answer: ReviewAnswer = { verdict: 'unclear', reason: '' };
    for (const content of [question, `${question}\n\n${REVIEW_AGAIN}`]) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: REVIEW_PROMPT },
        { role: 'user', content },
      ];
      const size = new Measured(JSON.stringify(messages), 8);
      const spent = this.usage.promptTokens + this.usage.completionTokens;
      const bound = size.bound + TOOLS_SIZE().bound;
      // The bound where it shows the budget holds; the exact count only where it might not.
      const tokens = spent + bound <= this.options.maxTokens ? bound : size.exact + TOOLS_SIZE().exact;
      if (spent + tokens > this.options.maxTokens) {
        return { verdict: 'unclear', reason: `the token budget of ${this.options.maxTokens} is spent; no review`, promptTokens, requests };
      }
      const stop = this.options.beforeRequest?.(tokens, this.usage, 200) && this.options.beforeRequest(size.exact + TOOLS_SIZE().exact, this.usage, 200);
      if (stop) return { verdict: 'unclear', reason: `${stop}; no review`, promptTokens, requests };
      promptTokens += tokens;
      const started = performance.now();
      const wire = wireStats(this.client);
      const wireBefore = wire?.requests ?? 0;
      // Every HTTP request counts, retries included.
      const count = () => {
        const n = wire ? wire.requests - wireBefore : 1;
        this.usage.requests += n;
        this.usage.retries = (this.usage.retries ?? 0) + Math.max(0, n - 1);
        apart.requests += n;
        requests += n;
      };
      try {
        // Every request offers the two tools (README, "Model protocol"); this one may not call them.
        // A short look: one retry and at most a minute, so a server that stalls costs little.
        const response = await this.client.chat.completions.create(
          {
            model: this.options.model,
            messages,
            tools: TOOLS,
            tool_choice: 'none',
            [this.capParam]: 200,
            ...(isReasoningModel(this.options.model) ? {} : { temperature: 0 }),
          },
          { timeout: Math.min(this.client.timeout, 60_000), maxRetries: 1 },
        );
        count();
        // In the run's totals, and apart, so the fix loop's own figures stay comparable.
        for (const u of [this.usage, apart]) {
          u.promptTokens += response.usage?.prompt_tokens ?? 0;
          u.completionTokens += response.usage?.completion_tokens ?? 0;
        }
        const message = response?.choices?.[0]?.message;
        const calls = message?.tool_calls?.length ?? 0;
        answer = parseReview(String(message?.content ?? ''));
        if (calls && answer.verdict === 'unclear')
          answer = { verdict: 'unclear', reason: `it answered with ${calls === 1 ? 'a tool call' : `${calls} tool calls`} instead of a verdict` };
        if (answer.verdict !== 'unclear') return { ...answer, promptTokens, requests };
      } catch (error) {
        count();
        return { verdict: 'unclear', reason: `the review request failed: ${describeApiError(error, this.client.baseURL)}`, promptTokens, requests };
      } finally {
        this.modelMs += performance.now() - started;
      }
    }
    return { ...answer, reason: answer.reason ? `asked twice, no verdict: ${answer.reason}` : 'asked twice, no verdict', promptTokens, requests };
  }

  /** The request's exact token count (builds the tokenizer when it has not been yet). */
  private exactTotal(): number {
    return TOOLS_SIZE().exact + this.sizes.reduce((a, b) => a + b.exact, 0);
  }

  private replace(i: number, message: ChatCompletionMessageParam): void {
    this.messages[i] = message;
    this.sizes[i] = new Measured(JSON.stringify(message), 4);
  }
}

/** Huge tool arguments (a whole file as new_text) are run as sent, but kept short in the history. */
function shortArguments(raw: string): string {
  if (raw.length <= 8000) return raw;
  let where: unknown;
  try {
    where = (JSON.parse(raw) as { path?: unknown }).path;
  } catch {
    where = undefined;
  }
  return JSON.stringify({ ...(typeof where === 'string' ? { path: where } : {}), omitted: `${raw.length} characters of arguments, left out of the history` });
}

/** Requests one attempt may make, and tool calls (README, "What one attempt may do"). */
export const TURNS_PER_ATTEMPT = 12;
export const TOOL_CALLS_PER_ATTEMPT = 30;
/** Answers in a row whose every tool call failed, after which the attempt ends. */
const FAILING_ANSWERS = 4;

function isReasoningModel(model: string): boolean {
  return /(^|\/)(o\d|gpt-5)/i.test(model);
}

/** Why a call's arguments cannot be run: `cut` (the answer stopped at the length limit), `malformed`, or undefined. */
function argumentsProblem(raw: string, cutOff: boolean): 'cut' | 'malformed' | undefined {
  try {
    const parsed: unknown = JSON.parse(raw.trim() || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return undefined;
    return 'malformed';
  } catch {
    return cutOff ? 'cut' : 'malformed';
  }
}

function callProblemText(name: string, raw: string, problem: 'cut' | 'malformed', cap?: number): string {
  if (problem === 'cut') {
    const limit = cap ? ` of ${cap} tokens` : '';
    const smaller = name === 'edit_file' ? ' an old_text of only the lines that change, or several smaller edits' : ' shorter arguments';
    return (
      `Error: this ${name} call was cut off: your answer reached the length limit${limit} after ${raw.length} characters of its arguments, ` +
      `so they are incomplete JSON and the call was not run. Send it again, smaller:${smaller}.`
    );
  }
  const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
  return `Error: the arguments of this ${name} call are not valid JSON or not an object (${shown}), so it was not run; send one JSON object with the tool's fields`;
}

/** Arguments in one spelling, so `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are the same call. */
function canonicalArgs(raw: string): string {
  try {
    const parsed = JSON.parse(raw || '{}') as Record<string, unknown>;
    return JSON.stringify(Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => a.localeCompare(b))));
  } catch {
    return raw;
  }
}

function capText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} characters cut]` : text;
}

function describeArgs(raw: string): string {
  try {
    const args = JSON.parse(raw) as Record<string, unknown>;
    const where = typeof args.path === 'string' ? args.path : typeof args.query === 'string' ? JSON.stringify(args.query) : '';
    const range = args.start_line ? `:${String(args.start_line)}-${String(args.end_line ?? '')}` : '';
    return `${where}${range}`;
  } catch {
    return '(bad arguments)';
  }
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
  // An answer made up by --replay (a recording that does not fit): its own words, no server to blame.
  if (error instanceof OpenAI.APIError && error.headers?.get(REPLAY_HEADER)) {
    return String((error.error as { message?: string } | undefined)?.message ?? error.message);
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 'error';
    const hint =
      error.status === 401
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
