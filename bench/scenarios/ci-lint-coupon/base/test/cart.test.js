import test from 'node:test';
import assert from 'node:assert/strict';
import { money, totals } from '../src/cart.js';
import { parseCoupon } from '../src/coupons.js';

const mug = { price: 1250, qty: 2 };
const lamp = { price: 3900, qty: 1 };

test('a cart without a coupon pays shipping under the threshold', () => {
  assert.deepEqual(totals([mug]), { subtotal: 2500, shipping: 499, discount: 0, total: 2999 });
});

test('shipping is free from the threshold on', () => {
  assert.equal(totals([mug, lamp]).shipping, 0);
});

test('a percent coupon takes its share of the subtotal', () => {
  assert.equal(totals([mug], { code: 'pct10' }).discount, 250);
});

test('a shipping coupon takes the shipping off', () => {
  assert.equal(totals([mug], { code: 'SHIP' }).total, 2500);
});

test('an unknown code is no coupon', () => {
  assert.equal(parseCoupon('FREE'), undefined);
  assert.equal(totals([mug], { code: 'FREE' }).discount, 0);
});

test('money prints cents with two digits', () => {
  assert.equal(money(2999), '29.99');
  assert.equal(money(505), '5.05');
});
