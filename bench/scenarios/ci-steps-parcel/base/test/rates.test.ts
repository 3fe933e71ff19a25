import test from 'node:test';
import assert from 'node:assert/strict';
import { quote } from '../src/rates.ts';

test('the first kilogram is the base price', () => {
  assert.equal(quote({ weightGrams: 1000, zone: 'domestic' }), 450);
  assert.equal(quote({ weightGrams: 300, zone: 'eu' }), 900);
});

test('each started kilogram after the first costs the zone rate', () => {
  assert.equal(quote({ weightGrams: 2500, zone: 'eu' }), 1400);
  assert.equal(quote({ weightGrams: 3000, zone: 'world' }), 3000);
});

test('a parcel must weigh something', () => {
  assert.throws(() => quote({ weightGrams: 0, zone: 'domestic' }), RangeError);
});
