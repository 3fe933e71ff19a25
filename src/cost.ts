import type { Config } from './config.js';
import type { Usage } from './engine/types.js';

/**
 * What a run cost at the price the user gave, from the usage the model server reported (what it
 * bills), not from our own token count.
 */
export function costOf(usage: Pick<Usage, 'promptTokens' | 'completionTokens'>, price: NonNullable<Config['price']>): number {
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
}

/** Dollars, with enough digits that a cheap run does not read as $0.00. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toPrecision(2)}`;
  return `$${dollars.toFixed(dollars < 1 ? 3 : 2)}`;
}
