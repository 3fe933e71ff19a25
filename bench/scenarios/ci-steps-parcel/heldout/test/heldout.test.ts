import test from 'node:test';
import assert from 'node:assert/strict';
import { label } from '../src/label.ts';
import { quote } from '../src/rates.ts';

test('a started kilogram is charged', () => {
  assert.equal(quote({ weightGrams: 1500, zone: 'domestic' }).cents, 550);
  assert.equal(quote({ weightGrams: 1001, zone: 'eu' }).cents, 1150);
});

test('heavy parcels pay the surcharge', () => {
  assert.equal(quote({ weightGrams: 12_000, zone: 'world' }).cents, 8900);
  assert.equal(quote({ weightGrams: 9_999, zone: 'domestic' }).cents, 1350);
});

test('the label prints the price in euros', () => {
  assert.equal(label({ weightGrams: 2500, zone: 'eu' }), 'EU 2.5 kg, EUR 14.00');
});
