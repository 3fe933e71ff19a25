import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addItem, createCart, receipt, total } from '../src/cart.js';

test('total adds tax on the subtotal', () => {
  const cart = createCart(10);
  addItem(cart, 'pen', 250, 2);
  addItem(cart, 'pad', 399);
  assert.equal(total(cart), 989);
});

test('receipt lists items, subtotal, tax and total', () => {
  const cart = createCart(10);
  addItem(cart, 'pen', 250, 2);
  assert.equal(receipt(cart), ['2 x pen  5.00', 'subtotal  5.00', 'tax 10%  0.50', 'total  5.50'].join('\n'));
});

test('addItem refuses fractional cents', () => {
  assert.throws(() => addItem(createCart(), 'x', 1.5), RangeError);
});
