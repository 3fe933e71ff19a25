'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { memoize } = require('../src/memo.js');

test('an entry expires after ttlMs', async () => {
  let calls = 0;
  const f = memoize((n) => (calls++, n), { ttlMs: 20 });
  f(1);
  await new Promise((r) => setTimeout(r, 60));
  f(1);
  assert.strictEqual(calls, 2);
});

test('clear forgets everything', () => {
  const f = memoize((n) => n);
  f(1);
  f.clear();
  assert.strictEqual(f.size(), 0);
});
