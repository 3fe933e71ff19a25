import { countTokens, truncateToTokens } from '../context/tokens.js';
import { parseReview, REVIEW_AGAIN, REVIEW_PROMPT, reviewMessage, type ReviewAnswer } from './review.js';
import type { Conversation } from './conversation.js';
import type { ModelRequester } from './request.js';
import { askApart } from './apart-request.js';

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
  const text = (t: string) => conversation.redactor.redact(conversation.relative(t));
  // A large patch is cut from the middle, to the room the request budget leaves: the review is a short look, not a second fix.
  const question = (room: number, again = '') =>
    `${text(truncateToTokens(reviewMessage(patch, failures, findings), room - countTokens(again), 'middle'))}${again}`;
  let requests = 0;
  let promptTokens = 0;
  let answer: ReviewAnswer = { verdict: 'unclear', reason: '' };
  for (const again of ['', `\n\n${REVIEW_AGAIN}`]) {
    const asked = await askApart(requester, REVIEW_PROMPT, (room) => question(room, again), 200, 'review', 'review');
    requests += asked.requests;
    promptTokens += asked.promptTokens;
    if (!asked.ok) return { verdict: 'unclear', reason: asked.reason, promptTokens, requests };
    answer = parseReview(asked.text);
    if (asked.toolCalls && answer.verdict === 'unclear')
      answer = {
        verdict: 'unclear',
        reason: `it answered with ${asked.toolCalls === 1 ? 'a tool call' : `${asked.toolCalls} tool calls`} instead of a verdict`,
      };
    if (answer.verdict !== 'unclear') return { ...answer, promptTokens, requests };
  }
  return { ...answer, reason: answer.reason ? `asked twice, no verdict: ${answer.reason}` : 'asked twice, no verdict', promptTokens, requests };
}
