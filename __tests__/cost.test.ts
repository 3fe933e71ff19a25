import { describe, expect, it } from '@jest/globals';
import { ConfigError, parsePriceOption } from '../src/config.js';
import { costOf, formatCost } from '../src/cost.js';

describe('price and cost', () => {
  it('reads dollars per million input and output tokens', () => {
    expect(parsePriceOption('2,8', 'flag')).toEqual({ input: 2, output: 8 });
    expect(parsePriceOption(' $0.4 / $1.6 ', 'input')).toEqual({ input: 0.4, output: 1.6 });
    expect(parsePriceOption('', 'flag')).toBeUndefined();
  });

  it.each([['2'], ['a,b'], ['-1,2'], ['1,2,3']])('refuses %j naming the option', (raw) => {
    expect(() => parsePriceOption(raw, 'flag')).toThrow(new ConfigError(`--price takes two numbers, dollars per million input and per million output tokens, e.g. 2,8 (got "${raw}")`));
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
