'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { shorten } = require('../src/short.js');

test('two urls get two codes', () => {
  const store = new Map();
  assert.notStrictEqual(shorten(store, 'https://a.example'), shorten(store, 'https://b.example'));
  assert.strictEqual(store.size, 2);
});
