'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { clampPageSize, pageCount, slicePage } = require('../src/paging');

test('clamps the page size', () => {
  assert.equal(clampPageSize('500'), 100);
  assert.equal(clampPageSize('abc'), 1);
  assert.equal(clampPageSize(20), 20);
});

test('counts full pages', () => {
  assert.equal(pageCount(40, 10), 4);
  assert.equal(pageCount(0, 10), 0);
});

test('slices a page', () => {
  assert.deepEqual(slicePage([1, 2, 3, 4, 5], 2, 2), [3, 4]);
});
