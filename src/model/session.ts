import type { OpenAI } from 'openai/client';
import type { Workspace } from '../workspace/workspace.js';
import type { Redactor } from '../context/redact.js';
import { SYSTEM_PROMPT } from './prompt.js';
import type { ReviewAnswer } from './review.js';
import { runTool } from './tools.js';
import type { AttemptOutcome as EngineAttempt, Usage } from '../engine/types.js';
import { Conversation } from './conversation.js';
import { ModelRequester } from './request.js';
import { reviewRequest } from './review-request.js';
import { casesRequest, type CasesAnswer, type CasesQuestion } from './cases-request.js';
import { argumentsProblem, callProblemText, canonicalArgs, capText, describeArgs, shortArguments } from './answers.js';

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

/**
 * One conversation with the model over a whole run. Each attempt adds a user message and lets
 * the model call tools until it answers without any; later attempts continue the same
 * conversation, with old tool results shortened so every request stays inside the budget.
 */
export class ModelSession {
  private readonly conversation: Conversation;
  private readonly requester: ModelRequester;

  constructor(
    client: OpenAI,
    private readonly workspace: Workspace,
    redactor: Redactor,
    private readonly options: SessionOptions,
    private readonly onEvent: (event: string, kind?: 'tool' | 'note') => void = () => {},
  ) {
    this.conversation = new Conversation(workspace, redactor, options.requestTokens);
    this.requester = new ModelRequester(client, this.conversation, options, onEvent);
    this.conversation.push({ role: 'system', content: SYSTEM_PROMPT });
  }

  get usage(): Usage {
    return this.requester.usage;
  }

  /** HTTP requests sent for the request under way and not yet in the usage: a run stopped now counts them. */
  get requestsInFlight(): number {
    return this.requester.inFlight;
  }

  /** Milliseconds spent waiting for the model server over the whole session. */
  get modelMs(): number {
    return this.requester.modelMs;
  }

  /** The model the server answered as, when it is not the one asked for (said once). */
  get servedModel(): string | undefined {
    return this.requester.servedModel;
  }

  /** Input tokens a request may hold now. */
  get requestBudget(): number {
    return this.conversation.budget;
  }

  /** Lowers the request budget (a context size the server states in its model list), saying why. */
  limitRequests(tokens: number, why?: string): void {
    this.conversation.budget = Math.max(500, Math.min(this.conversation.budget, Math.floor(tokens)));
    if (why) this.conversation.lowered = why;
  }

  async attempt(userMessage: string): Promise<AttemptOutcome> {
    this.conversation.attemptStart = this.conversation.messages.length;
    this.conversation.push({ role: 'user', content: userMessage });
    const turns = this.options.turnsPerAttempt ?? TURNS_PER_ATTEMPT;
    const maxCalls = this.options.toolCallsPerAttempt ?? TOOL_CALLS_PER_ATTEMPT;
    const outcome: AttemptOutcome = { summary: '', requests: 0, toolCalls: 0, promptTokens: [], modelMs: 0 };
    // The same call with the same arguments and the same result, counted per attempt (a weak model loops).
    const repeats = new Map<string, { result: string; count: number; at: number }>();
    let failingAnswers = 0;
    for (let turn = 0; turn < turns; turn++) {
      let promptTokens = this.conversation.fitToBudget();
      const spent = this.usage.promptTokens + this.usage.completionTokens;
      // fitToBudget may answer with a bound; only the exact count may refuse a request.
      if (spent + promptTokens > this.options.maxTokens) promptTokens = this.conversation.exactTotal();
      if (spent + promptTokens > this.options.maxTokens) {
        outcome.budgetSpent = `the token budget of ${this.options.maxTokens} is spent (${spent} used); raise --max-tokens to allow more`;
        return outcome;
      }
      // A cap that the bound would cross is asked again with the exact count.
      const stop = this.options.beforeRequest?.(promptTokens, this.usage) && this.options.beforeRequest(this.conversation.exactTotal(), this.usage);
      if (stop) {
        outcome.budgetSpent = stop;
        return outcome;
      }
      outcome.promptTokens.push(promptTokens);
      const started = performance.now();
      let response: OpenAI.Chat.Completions.ChatCompletion | undefined;
      try {
        const sent = await this.requester.request();
        response = sent.response;
        outcome.requests += sent.requests;
      } finally {
        const waited = performance.now() - started;
        outcome.modelMs += waited;
        this.requester.modelMs += waited;
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
      this.conversation.push({
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
          result = callProblemText(call.name, call.raw, call.problem, this.requester.completionCap);
          this.onEvent(`${call.name} (${call.problem === 'cut' ? 'cut off at the length limit' : 'arguments not JSON'}) → not run`);
        } else {
          outcome.toolCalls++;
          result = await runTool(this.workspace, call.name, call.raw);
          this.onEvent(`${call.name} ${describeArgs(call.raw)} → ${result.split('\n')[0]!.slice(0, 120)}`);
          const key = `${call.name}\n${canonicalArgs(call.raw)}`;
          const before = repeats.get(key);
          if (before && before.result === result) {
            before.count++;
            const earlier = this.conversation.messages[before.at];
            const stillShown = typeof earlier?.content === 'string' && earlier.content === result;
            if (before.count >= 3) {
              ended = `the model made the same ${call.name} call ${before.count} times and got the same result each time`;
              result = `${result.startsWith('Error') ? 'Error: ' : ''}This is the same ${call.name} call, with the same arguments and the same result, for the third time in this attempt: the attempt ends here.`;
            } else {
              result = `${result.startsWith('Error') ? 'Error: ' : ''}You already made this ${call.name} call with these arguments in this attempt, and the result is the same${stillShown ? ' (above)' : `:\n${result}`}\nCalling it again will not change it: use what it says, try something else, or answer without a tool call when you are done.`;
            }
          } else {
            repeats.set(key, { result, count: 1, at: this.conversation.messages.length });
          }
        }
        if (result.startsWith('Error')) failed++;
        this.conversation.push({ role: 'tool', tool_call_id: call.id, content: result });
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

  /** The self-review of a verified patch: review-request.ts. */
  review(patch: string, failures: string[], findings: string[] = []): Promise<ReviewAnswer & { promptTokens: number; requests: number }> {
    return reviewRequest(this.requester, this.conversation, patch, failures, findings);
  }

  /** Further cases of the rule, from a request that never sees the patch: cases-request.ts. */
  cases(question: CasesQuestion): Promise<CasesAnswer> {
    return casesRequest(this.requester, this.conversation, question);
  }
}

/** Requests one attempt may make, and tool calls (README, "What one attempt may do"). */
export const TURNS_PER_ATTEMPT = 12;
export const TOOL_CALLS_PER_ATTEMPT = 30;
/** Answers in a row whose every tool call failed, after which the attempt ends. */
const FAILING_ANSWERS = 4;
