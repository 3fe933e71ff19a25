const test = require('node:test');
const assert = require('node:assert/strict');
const { convert, quartsToLiters, litersToQuarts } = require('../src');

test('quarts and liters round-trip', () => {
  assert.equal(quartsToLiters(1), 0.946352946);
  assert.equal(litersToQuarts(quartsToLiters(10)), 10);
});

test('pints to quarts', () => {
  assert.equal(convert(2, 'pt', 'qt'), 1);
});
