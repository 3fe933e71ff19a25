'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { LruCache } = require('../src/lru');

test('held-out: get() makes an entry the most recent', () => {
  const c = new LruCache(3);
  c.set('a', 1).set('b', 2).set('c', 3);
  c.get('a');
  c.set('d', 4);
  assert.deepEqual(c.keys(), ['c', 'a', 'd']);
});

test('held-out: a miss changes nothing', () => {
  const c = new LruCache(2);
  c.set('a', 1).set('b', 2);
  c.get('x');
  c.set('c', 3);
  assert.deepEqual(c.keys(), ['b', 'c']);
});
