import { test } from 'node:test';
import assert from 'node:assert/strict';
import { receipt, total } from '../src/cart.js';
import { formatPrice, parsePrice } from '../src/money.js';

const items = [
  { name: 'pen', price: 150, qty: 2 },
  { name: 'notebook', price: 405, qty: 1 },
];

test('total without discount', () => {
  assert.equal(total(items), 705);
});

test('total with a 10% discount', () => {
  assert.equal(total(items, 10), 635);
});

test('formats cents with two digits', () => {
  assert.equal(formatPrice(705), '$7.05');
  assert.equal(formatPrice(1990), '$19.90');
});

test('parses what it formats', () => {
  assert.equal(parsePrice(formatPrice(1234)), 1234);
});

test('receipt', () => {
  assert.equal(receipt(items, 10), 'pen x2: $3.00\nnotebook x1: $4.05\nDiscount: 10%\nTotal: $6.35');
});

test('rejects a discount over 100%', () => {
  assert.throws(() => total(items, 120), RangeError);
});
