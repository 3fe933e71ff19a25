import { expect, it } from 'vitest';
import { splitEvenly } from '../src/money.js';
import { balances } from '../src/ledger.js';

it('an even split has no extra cents', () => expect(splitEvenly(900, 3)).toEqual([300, 300, 300]));
it('one share takes everything', () => expect(splitEvenly(7, 1)).toEqual([7]));
it('balances add up to zero', () => {
  const b = balances([{ paidBy: 'x', amount: 1001, between: ['x', 'y', 'z', 'w'] }]);
  expect(Object.values(b).reduce((s, v) => s + v, 0)).toBe(0);
});
