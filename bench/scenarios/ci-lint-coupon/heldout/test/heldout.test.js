import test from 'node:test';
import assert from 'node:assert/strict';
import { totals } from '../src/cart.js';
import { discountFor, parseCoupon } from '../src/coupons.js';

test('a fixed coupon takes its amount off', () => {
  assert.equal(totals([{ price: 2000, qty: 1 }], { code: 'OFF5' }).discount, 500);
});

test('a fixed coupon never takes more than the subtotal', () => {
  assert.equal(discountFor({ subtotal: 300, shipping: 499 }, parseCoupon('OFF5')), 300);
});

test('a fixed coupon with a minimum order waits for it', () => {
  assert.equal(totals([{ price: 2000, qty: 1 }], { code: 'OFF5-MIN30' }).discount, 0);
  assert.equal(totals([{ price: 2000, qty: 2 }], { code: 'OFF5-MIN30' }).discount, 500);
});

test('a shipping coupon with a minimum order', () => {
  assert.equal(totals([{ price: 1000, qty: 1 }], { code: 'SHIP-MIN20' }).shipping, 499);
  assert.equal(totals([{ price: 1000, qty: 1 }], { code: 'SHIP-MIN20' }).discount, 0);
  assert.equal(totals([{ price: 1000, qty: 2 }], { code: 'SHIP-MIN20' }).discount, 499);
});
