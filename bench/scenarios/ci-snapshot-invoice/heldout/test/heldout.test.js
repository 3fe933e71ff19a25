import { expect, it } from 'vitest';
import { formatMoney, formatRate } from '../src/money.js';
import { renderInvoice } from '../src/render.js';

it('formats cents below ten with a leading zero', () => {
  expect(formatMoney(1205)).toBe('12.05');
  expect(formatMoney(1)).toBe('0.01');
  expect(formatMoney(-7)).toBe('-0.07');
});

it('formats whole and round amounts', () => {
  expect(formatMoney(0)).toBe('0.00');
  expect(formatMoney(350)).toBe('3.50');
  expect(formatMoney(100000)).toBe('1000.00');
});

it('formats rates', () => {
  expect(formatRate(7)).toBe('7%');
  expect(formatRate(7.5)).toBe('7.5%');
});

it('prints a unit price of a few cents exactly', () => {
  const text = renderInvoice({ number: '1', customer: 'C', lines: [{ item: 'Stamp', qty: 10, unit: 9, rate: 0 }] });
  expect(text).toContain('10 × Stamp @ 0.09');
  expect(text).toMatch(/Total +0\.90$/);
});
