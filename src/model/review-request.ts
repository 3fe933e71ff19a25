import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { Measured, truncateToTokens } from '../context/tokens.js';
import { parseReview, REVIEW_AGAIN, REVIEW_PROMPT, reviewMessage, type ReviewAnswer } from './review.js';
import { TOOLS } from './tools.js';
import { wireStats } from './client.js';
import { describeApiError } from './api-error.js';
import { TOOLS_SIZE, type Conversation } from './conversation.js';
import { isReasoningModel, type ModelRequester } from './request.js';

/**
 * The self-review: a short request without tools, apart from the fix conversation, that shows
 * the verified patch (and the check's strong findings, to decide about) and asks whether it
 * fixes the cause or only the tests. An answer not in the asked form (prose, a tool call) is
 * asked once more; still unclear, the review has not confirmed the fix. Counted in the usage.
 */
export async function reviewRequest(
  requester: ModelRequester,
  conversation: Conversation,
  patch: string,
  failures: string[],
  findings: string[],
): Promise<ReviewAnswer & { promptTokens: number; requests: number }> {
  const apart = (requester.usage.review ??= { requests: 0, promptTokens: 0, completionTokens: 0 });
  const text = (t: string) => conversation.redactor.redact(conversation.relative(t));
  // A large patch is cut from the middle: the review is a short look, not a second fix.
  const question = text(truncateToTokens(reviewMessage(patch, failures, findings), Math.max(500, conversation.budget - 400), 'middle'));
  let requests = 0;
  let promptTokens = 0;
  let answer: ReviewAnswer = { verdict: 'unclear', reason: '' };
  for (const content of [question, `${question}\n\n${REVIEW_AGAIN}`]) {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: REVIEW_PROMPT },
      { role: 'user', content },
    ];
    const size = new Measured(JSON.stringify(messages), 8);
    const spent = requester.usage.promptTokens + requester.usage.completionTokens;
    const bound = size.bound + TOOLS_SIZE().bound;
    // The bound where it shows the budget holds; the exact count only where it might not.
    const tokens = spent + bound <= requester.options.maxTokens ? bound : size.exact + TOOLS_SIZE().exact;
    if (spent + tokens > requester.options.maxTokens) {
      return { verdict: 'unclear', reason: `the token budget of ${requester.options.maxTokens} is spent; no review`, promptTokens, requests };
    }
    const stop =
      requester.options.beforeRequest?.(tokens, requester.usage, 200) && requester.options.beforeRequest(size.exact + TOOLS_SIZE().exact, requester.usage, 200);
    if (stop) return { verdict: 'unclear', reason: `${stop}; no review`, promptTokens, requests };
    promptTokens += tokens;
    const started = performance.now();
    const wire = wireStats(requester.client);
    const wireBefore = wire?.requests ?? 0;
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
          [requester.capParam]: 200,
          ...(isReasoningModel(requester.options.model) ? {} : { temperature: 0 }),
        },
        { timeout: Math.min(requester.client.timeout, 60_000), maxRetries: 1 },
      );
      count();
      // In the run's totals, and apart, so the fix loop's own figures stay comparable.
      for (const u of [requester.usage, apart]) {
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
      return { verdict: 'unclear', reason: `the review request failed: ${describeApiError(error, requester.client.baseURL)}`, promptTokens, requests };
    } finally {
      requester.modelMs += performance.now() - started;
    }
  }
  return { ...answer, reason: answer.reason ? `asked twice, no verdict: ${answer.reason}` : 'asked twice, no verdict', promptTokens, requests };
}
