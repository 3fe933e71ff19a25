'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { buildQuery, parseQuery } = require('../src/query');

test('builds a simple query', () => {
  assert.equal(buildQuery({ page: 2, sort: 'name' }), 'page=2&sort=name');
});

test('repeats array keys and skips nulls', () => {
  assert.equal(buildQuery({ tag: ['a', 'b'], q: null }), 'tag=a&tag=b');
});

test('parses a query', () => {
  assert.deepEqual(parseQuery('?a=1&b=x+y&a=2'), { a: ['1', '2'], b: 'x y' });
});
