import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, parseMoney, percentOf } from '../src/money.js';

test('formatMoney pads the cents', () => {
  assert.equal(formatMoney(505), '5.05');
  assert.equal(formatMoney(0), '0.00');
});

test('parseMoney reads what formatMoney writes', () => {
  assert.equal(parseMoney('5.05'), 505);
  assert.equal(parseMoney('12'), 1200);
});

test('percentOf rounds to the cent', () => {
  assert.equal(percentOf(333, 10), 33);
});
