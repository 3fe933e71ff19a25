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
