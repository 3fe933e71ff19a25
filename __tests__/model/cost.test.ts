import { describe, expect, it } from '@jest/globals';
import { ConfigError, parsePriceOption } from '../../src/options/config.js';
import { costOf, formatCost, runCost } from '../../src/model/cost.js';

describe('price and cost', () => {
  it('reads dollars per million input and output tokens', () => {
    expect(parsePriceOption('2,8', 'flag')).toEqual({ input: 2, output: 8 });
    expect(parsePriceOption(' $0.4 / $1.6 ', 'input')).toEqual({ input: 0.4, output: 1.6 });
    expect(parsePriceOption('', 'flag')).toBeUndefined();
  });

  it.each([['2'], ['a,b'], ['-1,2'], ['1,2,3']])('refuses %j naming the option', (raw) => {
    expect(() => parsePriceOption(raw, 'flag')).toThrow(
      new ConfigError(`--price takes two numbers, dollars per million input and per million output tokens, e.g. 2,8 (got "${raw}")`),
    );
    expect(() => parsePriceOption(raw, 'input')).toThrow(/^input 'price' takes two numbers/);
  });

  it('costs the usage the server reported', () => {
    expect(costOf({ promptTokens: 10_000, completionTokens: 500 }, { input: 2, output: 8 })).toBeCloseTo(0.024, 10);
    expect(formatCost(0.024)).toBe('$0.024');
    expect(formatCost(0.00042)).toBe('$0.00042');
    expect(formatCost(3.5)).toBe('$3.50');
    expect(formatCost(0)).toBe('$0');
  });
});

describe('runCost (the JSON result and the cost output)', () => {
  it('totals every request, and costs each attempt from its own reported usage', () => {
    const attempt = (promptTokens: number, completionTokens: number) => ({ usage: { promptTokens, completionTokens, requests: 1 } });
    const outcome = { usage: { promptTokens: 3000, completionTokens: 300, requests: 3 }, attempts: [attempt(1000, 100), attempt(1500, 150), {}] };
    // The third request (an attempt cut short) counts in the total, not in any attempt.
    expect(runCost(outcome as never, { input: 2, output: 8 })).toEqual({ usd: 0.0084, input: 2, output: 8, attempts: [0.0028, 0.0042, null] });
  });

  it('rounds float noise away', () => {
    expect(runCost({ usage: { promptTokens: 100_000, completionTokens: 200_000, requests: 1 }, attempts: [] }, { input: 0.1, output: 0.1 }).usd).toBe(0.03);
  });
});
