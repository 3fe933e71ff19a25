'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { LruCache } = require('../src/lru');

test('stores and returns values', () => {
  const c = new LruCache(2);
  c.set('a', 1).set('b', 2);
  assert.equal(c.get('a'), 1);
  assert.equal(c.get('zzz'), undefined);
  assert.equal(c.hits, 1);
  assert.equal(c.misses, 1);
});

test('evicts the oldest insert when full', () => {
  const c = new LruCache(2);
  c.set('a', 1).set('b', 2).set('c', 3);
  assert.deepEqual(c.keys(), ['b', 'c']);
});

test('rejects a bad size', () => {
  assert.throws(() => new LruCache(0), /positive integer/);
});
