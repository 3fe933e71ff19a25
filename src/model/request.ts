import { OpenAI } from 'openai/client';
import type { Usage } from '../engine/types.js';
import type { Conversation } from './conversation.js';
import type { SessionOptions } from './session.js';
import { TOOLS } from './tools.js';
import { wireStats } from './client.js';
import { contextOverflow, refusedParameter, sameModel, shrunkBudget } from './server-errors.js';
import { connectionCause, describeApiError, ModelError, timedOut } from './api-error.js';

/**
 * The session's requests to the model server: each one sent as the server takes it, recovered
 * once from what a server refuses, and counted in the usage.
 */
export class ModelRequester {
  readonly usage: Usage = { promptTokens: 0, completionTokens: 0, requests: 0, retries: 0 };
  /** Milliseconds spent waiting for the model server over the whole session. */
  modelMs = 0;
  /** How the completion cap is sent; switched once when a server refuses it by name. */
  capParam: 'max_tokens' | 'max_completion_tokens';
  /** The model the server answered as, when it is not the one asked for (said once). */
  servedModel?: string;

  constructor(
    readonly client: OpenAI,
    private readonly conversation: Conversation,
    readonly options: SessionOptions,
    private readonly onEvent: (event: string, kind?: 'tool' | 'note') => void,
  ) {
    // Reasoning models refuse max_tokens; most other servers (llama.cpp, Ollama, older Azure) know only max_tokens.
    this.capParam = isReasoningModel(options.model) ? 'max_completion_tokens' : 'max_tokens';
    this.completionCap = options.maxCompletionTokens;
  }

  /** The HTTP requests of the request under way, not yet in the usage (a run stopped by a signal counts them). */
  private pending?: () => number;
  /** Input tokens a request may hold now (the conversation's budget, lowered when a server said its context is smaller). */
  get requestBudget(): number {
    return this.conversation.budget;
  }

  get inFlight(): number {
    return this.pending?.() ?? 0;
  }

  /** The completion cap sent: --max-completion-tokens, halved for good after a time-out. */
  completionCap?: number;

  /**
   * One turn's request, with what a real server needs: a completion cap under the name it takes,
   * one shorter resend when its context is full, a stream that may not run on forever. Every HTTP
   * request made (the SDK's retries included) is counted in the usage; undefined when the server
   * answered 200 with something that is not a completion.
   */
  async request(): Promise<{ response?: OpenAI.Chat.Completions.ChatCompletion; requests: number }> {
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
    this.pending = () => (wire ? wire.requests - wireBefore : Math.max(1, tries.sends));
    try {
      response = await this.sendRecovering(tries);
    } catch (error) {
      count();
      throw error;
    } finally {
      this.pending = undefined;
    }
    const requests = count();
    if (!response || typeof response !== 'object' || !Array.isArray(response.choices)) return { requests };
    this.usage.promptTokens += response.usage?.prompt_tokens ?? 0;
    this.usage.completionTokens += response.usage?.completion_tokens ?? 0;
    this.noteModel(response.model);
    return { response, requests };
  }

  private async sendRecovering(tries: { sends: number }): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    // A server that still counts the request too long after it was cut is given one more, smaller, try.
    let shrinks = 0;
    let swapped = false;
    let redone = false;
    let slowed = false;
    for (;;) {
      tries.sends++;
      try {
        return await this.send();
      } catch (error) {
        if (error instanceof ModelError) throw error;
        const overflow = contextOverflow(error);
        if (overflow && shrinks < 2) {
          shrinks++;
          const was = this.conversation.exactTotal();
          const target = shrunkBudget(overflow, was, this.options.maxCompletionTokens);
          this.conversation.budget = Math.max(1, Math.min(this.conversation.budget, target));
          const stated = overflow.contextTokens ? `its context holds ${overflow.contextTokens} tokens` : 'its context is full';
          this.conversation.lowered = `the model server said ${stated}`;
          // Throws, unsent, when even the floor does not fit the lowered budget.
          const now = this.conversation.fitToBudget();
          if (now >= was)
            throw new ModelError(`${this.describe(error)} (the request could not be made smaller than its ${was} tokens: give the server a larger context)`);
          const had = overflow.promptTokens
            ? ` and the request had ${overflow.promptTokens} by its count, ${was} by unbreak's`
            : ` and the request had ${was} tokens by unbreak's count`;
          this.onEvent(
            `the model server refused the request as too long (${stated}${had}): requests are kept within ${this.conversation.budget} tokens from now on; sent again with ${now}`,
            'note',
          );
          continue;
        }
        // A time-out is not sent again unchanged (it would take as long again): the retry asks for
        // less, a smaller completion cap, or where that is at its least, a shorter request.
        if (timedOut(error)) {
          const secs = Math.round(this.client.timeout / 1000);
          if (slowed)
            throw new ModelError(
              `the model server at ${this.client.baseURL} did not answer within ${secs} s, twice (the second time asked for less): ` +
                `raise --model-timeout (model-timeout) for a slow model, or lower --max-completion-tokens and --request-tokens`,
            );
          slowed = true;
          this.onEvent(`the model server at ${this.client.baseURL} did not answer within ${secs} s; asked again for less: ${this.askLess()}`, 'note');
          continue;
        }
        // A stream cut off mid-answer ("terminated": a proxy's time limit, a server that crashed) is
        // asked again once, as the SDK does for a connection dropped before the answer.
        if (this.options.stream && droppedMidway(error)) {
          const cause = connectionCause(error);
          if (!redone) {
            redone = true;
            this.onEvent(`the model server at ${this.client.baseURL} cut its streamed answer off mid-way (${cause}); asked again`, 'note');
            continue;
          }
          throw new ModelError(
            `the model server at ${this.client.baseURL} cut its streamed answer off mid-way twice (${cause}): check the server's log (a crash, or a proxy's time limit in front of it), or leave --stream off`,
          );
        }
        const param = !swapped && !overflow && refusedParameter(error, this.capParam);
        if (param) {
          swapped = true;
          this.capParam = this.capParam === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
          this.onEvent(`the model server refused ${param}; the completion cap is sent as ${this.capParam} from now on`, 'note');
          continue;
        }
        const said = this.describe(error);
        if (!overflow) throw new ModelError(said);
        const next = shrunkBudget(overflow, this.conversation.exactTotal(), this.options.maxCompletionTokens);
        throw new ModelError(
          `${said} (unbreak had cut the request to ${this.conversation.budget} tokens by its own count, and the server still counts it too long: ` +
            `${next >= 1000 ? `use --request-tokens ${next} (input 'request-tokens'), or ` : ''}give the server a larger context)`,
        );
      }
    }
  }

  /** Lowers the completion cap (or, at its least, the request budget) for good; says what changed. */
  private askLess(): string {
    const was = this.completionCap ?? 4096;
    if (was > 256) {
      this.completionCap = Math.max(256, Math.floor(was / 2));
      return `a completion cap of ${this.completionCap} tokens (was ${was})`;
    }
    const before = this.conversation.exactTotal();
    this.conversation.budget = Math.max(1, Math.min(this.conversation.budget, Math.floor(before * 0.7)));
    this.conversation.lowered = 'the model server did not answer a longer request in time';
    return `a request of ${this.conversation.fitToBudget()} tokens (was ${before})`;
  }

  private describe(error: unknown): string {
    return describeApiError(error, this.client.baseURL, { timeoutMs: this.client.timeout, retries: this.client.maxRetries });
  }

  private async send(): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const params = {
      model: this.options.model,
      messages: this.conversation.toSend(),
      tools: TOOLS,
      tool_choice: 'auto' as const,
      // Reasoning models (o1, o3, o4-mini, gpt-5…) refuse a temperature other than their own.
      ...(isReasoningModel(this.options.model) ? {} : { temperature: 0 }),
      ...(this.completionCap ? { [this.capParam]: this.completionCap } : {}),
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
}

export function isReasoningModel(model: string): boolean {
  return /(^|\/)(o\d|gpt-5)/i.test(model);
}

/** Whether an error is a connection that closed while the answer was coming (undici's "terminated"). */
function droppedMidway(error: unknown): boolean {
  if (error instanceof OpenAI.APIError && error.status !== undefined) return false;
  const said = `${error instanceof Error ? error.message : String(error)} ${connectionCause(error)}`;
  return /terminated|other side closed|socket hang up|premature close|UND_ERR_SOCKET|ECONNRESET|EPIPE/i.test(said);
}
