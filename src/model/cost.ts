import type { Config } from '../options/config.js';
import type { Outcome, Usage } from '../engine/types.js';

export type Price = NonNullable<Config['price']>;

/**
 * What a run cost at the price the user gave, from the usage the model server reported (what it
 * bills), not from our own token count.
 */
export function costOf(usage: Pick<Usage, 'promptTokens' | 'completionTokens'>, price: Price): number {
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
}

/** Dollars, with enough digits that a cheap run does not read as $0.00. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toPrecision(2)}`;
  return `$${dollars.toFixed(dollars < 1 ? 3 : 2)}`;
}

/** The price as people write it: `$2 / $8 per million input / output tokens`. */
export function priceText(price: Price): string {
  return `$${price.input} / $${price.output} per million input / output tokens`;
}

/** The cost figures of a run: in total and per attempt (null for an attempt whose usage is not known). */
export interface RunCost {
  /** US dollars for the whole run, every request included. */
  usd: number;
  /** The price used: dollars per million input and output tokens. */
  input: number;
  output: number;
  attempts: (number | null)[];
  /** The cost cap (--max-cost), when one was set. */
  cap?: number;
}

/** Float noise (0.1 + 0.2) kept out of the JSON: a millionth of a dollar is plenty. */
const round = (usd: number) => Math.round(usd * 1e6) / 1e6;

export function runCost(outcome: Pick<Outcome, 'usage' | 'attempts'>, price: Price, cap?: number): RunCost {
  return {
    ...(cap !== undefined ? { cap } : {}),
    usd: round(costOf(outcome.usage, price)),
    input: price.input,
    output: price.output,
    attempts: outcome.attempts.map((a) => (a.usage ? round(costOf(a.usage, price)) : null)),
  };
}

/**
 * Tokens one completion may use, as the cost cap counts it. The config's `maxCompletionTokens`
 * wins where it has one; this is its default.
 */
export const DEFAULT_MAX_COMPLETION_TOKENS = 4096;

/** What the cost cap counts for a completion: the config's cap, else the default. */
export function completionCap(config: object & { maxCompletionTokens?: number }): number {
  return config.maxCompletionTokens ?? DEFAULT_MAX_COMPLETION_TOKENS;
}

/**
 * The cost cap as a check before each request: what was spent (the server's reported usage) plus
 * the request at its size and a whole completion must stay within the cap; otherwise the reason
 * to stop, said with the figures.
 */
export function costCapCheck(cap: number, price: Price, completionTokens: number) {
  return (promptTokens: number, usage: Pick<Usage, 'promptTokens' | 'completionTokens'>, completion = completionTokens): string | undefined => {
    const spent = costOf(usage, price);
    const next = costOf({ promptTokens, completionTokens: completion }, price);
    if (spent + next <= cap + 1e-12) return undefined;
    return (
      `the cost cap of ${formatCost(cap)} would be crossed: ${formatCost(spent)} spent, and the next request could cost up to ${formatCost(next)} ` +
      `(${promptTokens} tokens in, up to ${completion} out); raise --max-cost (max-cost) to allow more`
    );
  };
}
