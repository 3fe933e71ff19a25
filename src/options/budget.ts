import type { Config } from './config.js';
import { OPTIONS, optionName } from './table.js';
import { costOf, formatCost, type Price } from '../model/cost.js';
import { countTokens } from '../context/tokens.js';
import { SYSTEM_PROMPT } from '../model/prompt.js';
import { TOOLS } from '../model/tools.js';
import type { Usage } from '../engine/types.js';

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
 * The least a first fix request holds: the tool definitions, the system prompt and a short first
 * message (a failing test with its message and a few lines of code take about 500 tokens).
 */
export function smallestRequestTokens(): number {
  return countTokens(JSON.stringify(TOOLS)) + countTokens(JSON.stringify({ role: 'system', content: SYSTEM_PROMPT })) + 4 + 500;
}

/**
 * A budget that cannot hold one request is said before any work (no test run that ends in "the
 * budget is spent, 0 used"): the token budget against the smallest request, the cost cap against
 * that request with a whole completion.
 */
export function budgetProblems(config: Pick<Config, 'maxTokens' | 'maxCost' | 'price'>, side: 'flag' | 'input'): string[] {
  const problems: string[] = [];
  const lowTokens = config.maxTokens < 20_000;
  if (!lowTokens && config.maxCost === undefined) return problems;
  const smallest = smallestRequestTokens();
  if (config.maxTokens < smallest) {
    problems.push(
      `${optionName('maxTokens', side)} ${config.maxTokens} cannot hold one model request: a first request (the tool definitions, the instructions and one short failure) takes about ${smallest} tokens; ` +
        `raise it to at least ${Math.ceil(smallest / 1000) * 1000} (or leave it out: ${OPTIONS.maxTokens.default})`,
    );
  }
  if (config.maxCost !== undefined && config.price) {
    const least = costOf({ promptTokens: smallest, completionTokens: completionCap(config) }, config.price);
    if (least > config.maxCost) {
      problems.push(
        `${optionName('maxCost', side)} ${formatCost(config.maxCost)} cannot pay for one model request at this price: the smallest request with a whole completion ` +
          `(${smallest} tokens in, ${completionCap(config)} out) can cost ${formatCost(least)}; raise it to at least that`,
      );
    }
  }
  return problems;
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
