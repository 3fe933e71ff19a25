import { describe, expect, it } from 'vitest';
import { formatMoney, splitByWeights, splitEvenly } from '../src/money.js';
import { balances } from '../src/ledger.js';

describe('formatMoney', () => {
  it('groups thousands', () => expect(formatMoney(123456, 'EUR')).toBe('€1,234.56'));
  it('pads cents', () => expect(formatMoney(-1005, 'USD')).toBe('-$10.05'));
  it('has no decimals for yen', () => expect(formatMoney(1500, 'JPY')).toBe('¥1,500'));
});

describe('splitEvenly', () => {
  it('gives the extra cents to the first shares', () => expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]));
  it('splits a refund', () => expect(splitEvenly(-1000, 3)).toEqual([-334, -333, -333]));
  it('adds up', () => expect(splitEvenly(99, 7).reduce((a, b) => a + b, 0)).toBe(99));
});

describe('balances', () => {
  it('nets out what was paid and owed', () => {
    expect(balances([{ paidBy: 'ann', amount: 900, between: ['ann', 'ben', 'cat'] }])).toEqual({ ann: 600, ben: -300, cat: -300 });
  });
});

describe('splitByWeights', () => {
  it('follows the weights', () => expect(splitByWeights(1000, [1, 1, 2])).toEqual([250, 250, 500]));
});
