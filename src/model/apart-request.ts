import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { Measured } from '../context/tokens.js';
import { TOOLS } from './tools.js';
import { wireStats } from './client.js';
import { describeApiError } from './api-error.js';
import { ENVELOPE, TOOLS_SIZE } from './conversation.js';
import { isReasoningModel, type ModelRequester } from './request.js';

/** What one request apart from the fix conversation came back with. */
export type ApartAnswer =
  | { ok: true; text: string; toolCalls: number; promptTokens: number; requests: number }
  /** Not sent (the budget, the cost cap) or failed: why, for people. */
  | { ok: false; reason: string; promptTokens: number; requests: number };

/** The least room a request apart gives its own text, whatever the budget. */
const LEAST_ROOM = 300;

/**
 * The messages of a request apart, their user text built by `user` for the room the request
 * budget leaves it (`budget` less the envelope, the tools and the system prompt), and measured as
 * sent: JSON escapes newlines and quotes, which a patch or a source file holds many of, so the text
 * is built again for less room until the request fits, or undefined when it cannot.
 */
export function fitApart(
  budget: number,
  system: string,
  user: (room: number) => string,
): { messages: ChatCompletionMessageParam[]; size: Measured } | undefined {
  const fixed = ENVELOPE + TOOLS_SIZE().exact;
  let room = budget - fixed - new Measured(JSON.stringify(system)).exact;
  for (let tries = 0; tries < 4 && room >= LEAST_ROOM; tries++) {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      { role: 'user', content: user(room) },
    ];
    const size = new Measured(JSON.stringify(messages), 8);
    const over = fixed + size.exact - budget;
    if (over <= 0) return { messages, size };
    room -= over + 20 * (tries + 1);
  }
  return undefined;
}

/**
 * One request apart from the fix conversation (the self-review, the further cases): a fresh
 * two-message conversation, the tools offered but not callable, a short time limit and one retry,
 * inside the request budget like every request (`fitApart`). Its tokens and requests count in the
 * run's usage and apart in its `share` (`usage.review`, `usage.cases`), so the fix loop's own
 * figures stay comparable. `what` names it in a reason.
 */
export async function askApart(
  requester: ModelRequester,
  system: string,
  user: (room: number) => string,
  answerTokens: number,
  what: string,
  share: 'review' | 'cases',
): Promise<ApartAnswer> {
  const apart = (requester.usage[share] ??= { requests: 0, promptTokens: 0, completionTokens: 0 });
  const fitted = fitApart(requester.requestBudget, system, user);
  if (!fitted) {
    const reason = `the ${what} request cannot fit the request budget of ${requester.requestBudget} tokens; no ${what}`;
    return { ok: false, reason, promptTokens: 0, requests: 0 };
  }
  const { messages, size } = fitted;
  const spent = requester.usage.promptTokens + requester.usage.completionTokens;
  const bound = size.bound + TOOLS_SIZE().bound;
  // The bound where it shows the budget holds; the exact count only where it might not.
  const tokens = spent + bound <= requester.options.maxTokens ? bound : size.exact + TOOLS_SIZE().exact;
  if (spent + tokens > requester.options.maxTokens) {
    return { ok: false, reason: `the token budget of ${requester.options.maxTokens} is spent; no ${what}`, promptTokens: 0, requests: 0 };
  }
  const stop =
    requester.options.beforeRequest?.(tokens, requester.usage, answerTokens) &&
    requester.options.beforeRequest(size.exact + TOOLS_SIZE().exact, requester.usage, answerTokens);
  if (stop) return { ok: false, reason: `${stop}; no ${what}`, promptTokens: 0, requests: 0 };
  const started = performance.now();
  const wire = wireStats(requester.client);
  const wireBefore = wire?.requests ?? 0;
  let requests = 0;
  // Every HTTP request counts, retries included.
  const count = () => {
    const n = wire ? wire.requests - wireBefore : 1;
    requester.usage.requests += n;
    requester.usage.retries = (requester.usage.retries ?? 0) + Math.max(0, n - 1);
    apart.requests += n;
    requests += n;
  };
  try {
    // Every request offers the two tools (README, "Model protocol"); this one may not call them.
    // A short look: one retry and at most a minute, so a server that stalls costs little.
    const response = await requester.client.chat.completions.create(
      {
        model: requester.options.model,
        messages,
        tools: TOOLS,
        tool_choice: 'none',
        [requester.capParam]: answerTokens,
        ...(isReasoningModel(requester.options.model) ? {} : { temperature: 0 }),
      },
      { timeout: Math.min(requester.client.timeout, 60_000), maxRetries: 1 },
    );
    count();
    for (const u of [requester.usage, apart]) {
      u.promptTokens += response.usage?.prompt_tokens ?? 0;
      u.completionTokens += response.usage?.completion_tokens ?? 0;
    }
    const message = response?.choices?.[0]?.message;
    return { ok: true, text: String(message?.content ?? ''), toolCalls: message?.tool_calls?.length ?? 0, promptTokens: tokens, requests };
  } catch (error) {
    count();
    return { ok: false, reason: `the ${what} request failed: ${describeApiError(error, requester.client.baseURL)}`, promptTokens: tokens, requests };
  } finally {
    requester.modelMs += performance.now() - started;
  }
}
