'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { shortCode, shorten } = require('../src/short.js');

test('a code is 10 url-safe characters', () => {
  assert.match(shortCode(), /^[A-Za-z0-9_-]{10}$/);
});

test('the same url keeps its code', () => {
  const store = new Map();
  assert.strictEqual(shorten(store, 'https://example.com'), shorten(store, 'https://example.com'));
});
