'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { newId } = require('../src/ids.js');

test('ids differ', () => {
  const seen = new Set(Array.from({ length: 50 }, () => newId('payment')));
  assert.strictEqual(seen.size, 50);
});
