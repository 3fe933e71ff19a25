import { costOf, formatCost, priceText, type Price } from '../model/cost.js';
import type { Outcome } from '../engine/types.js';

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
export const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * Token figures are the model server's reported usage (what a bill counts), in total and per
 * attempt. The loop's own per-request estimates are not shown, so the comment and the summary never
 * disagree. When some tokens were spent outside the attempts (the self-review, an attempt cut short
 * by the token budget), says which share, so the table's column adds up.
 */
export function tokensText(outcome: Outcome): string {
  const u = outcome.usage;
  const text = `${thousands(u.promptTokens)} prompt + ${thousands(u.completionTokens)} completion tokens`;
  const known = outcome.attempts.filter((a) => a.usage);
  if (!known.length) return text;
  const inAttempts = known.reduce((n, a) => n + a.usage!.promptTokens + a.usage!.completionTokens, 0);
  const total = u.promptTokens + u.completionTokens;
  if (inAttempts === total) return text;
  // The self-review's request is the run's, not an attempt's: name its share so the column adds up.
  const review = u.review ? u.review.promptTokens + u.review.completionTokens : 0;
  const cases = u.cases ? u.cases.promptTokens + u.cases.completionTokens : 0;
  if (review && inAttempts + review === total) return `${text}, ${thousands(review)} of them the self-review's`;
  if (cases && inAttempts + review + cases === total)
    return `${text}, ${review ? `${thousands(review)} of them the self-review's, ` : ''}${thousands(cases)} for the further cases`;
  return `${text} (${thousands(inAttempts)} in the attempts)`;
}

/** What the run cost at the given price (of the cap, when there is one), with the price, or '' without one. */
export function costText(outcome: Outcome, price?: Price, cap?: number): string {
  if (!price) return '';
  const spent = formatCost(costOf(outcome.usage, price));
  return cap !== undefined ? `${spent} of the ${formatCost(cap)} cap, at ${priceText(price)}` : `${spent} at ${priceText(price)}`;
}

/** The run's requests; when some were outside the attempts (e.g. a review of the fix), says so, so the table's column adds up. */
export function requestsText(outcome: Outcome): string {
  const inAttempts = outcome.attempts.reduce((n, a) => n + a.requests, 0);
  const total = outcome.usage.requests;
  const reviews = outcome.usage.review?.requests ?? 0;
  const cases = outcome.usage.cases?.requests ?? 0;
  if (reviews && inAttempts + reviews === total) return `${total} (${inAttempts} to fix, ${plural(reviews, 'self-review')})`;
  if (cases && inAttempts + reviews + cases === total)
    return `${total} (${inAttempts} to fix, ${reviews ? `${plural(reviews, 'self-review')}, ` : ''}${cases} for further cases)`;
  return outcome.attempts.length && inAttempts !== total ? `${total} (${inAttempts} in the attempts)` : String(total);
}

/** One line of figures; every number is counted the same way wherever it appears. */
export function figuresLine(outcome: Outcome, price?: Price, cap?: number, model?: string): string {
  const u = outcome.usage;
  const parts = [
    triedToChange(outcome)
      ? `Tests failing: **${outcome.failuresBefore}** before → **${outcome.failuresAfter}** after`
      : `Tests failing: **${outcome.failuresBefore}**`,
    `test runs: ${outcome.testRuns}`,
    `model requests: ${requestsText(outcome)}`,
  ];
  if (model && u.requests) parts.push(`model: ${modelCode(model)}`);
  if (u.promptTokens || u.completionTokens) parts.push(`tokens: ${tokensText(outcome)} (as the model server reported them)`);
  if (price && (u.requests || cap !== undefined)) parts.push(`cost: ${costText(outcome, price, cap)}`);
  return parts.join(' · ');
}

/** A model id as code, whatever it holds. */
export const modelCode = (model: string) => `\`${model.replace(/`/g, "'")}\``;

/** Whether anything could have changed the failing count: an attempt, or (a run cut short, whose attempts are not recorded) a model request. */
function triedToChange(outcome: Outcome): boolean {
  return outcome.attempts.length > 0 || outcome.usage.requests > 0;
}

/** "2 before → 1 after", or just the count when no attempt could change it. */
export function failingText(outcome: Outcome): string {
  return triedToChange(outcome) ? `${outcome.failuresBefore} before → ${outcome.failuresAfter} after` : String(outcome.failuresBefore);
}
