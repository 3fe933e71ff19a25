'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { memoize } = require('../src/memo.js');

test('computes each key once', () => {
  let calls = 0;
  const square = memoize((n) => (calls++, n * n));
  assert.strictEqual(square(4), 16);
  assert.strictEqual(square(4), 16);
  assert.strictEqual(calls, 1);
});

test('keeps at most max entries', () => {
  const id = memoize((n) => n, { max: 2 });
  id(1);
  id(2);
  id(3);
  assert.strictEqual(id.size(), 2);
});
