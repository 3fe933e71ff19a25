import type { Config } from './config.js';
import { OPTIONS, optionName } from './table.js';
import { completionCap, costOf, formatCost } from '../model/cost.js';
import { smallestRequestTokens } from '../model/request-floor.js';

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
