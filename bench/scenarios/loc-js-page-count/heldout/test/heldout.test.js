'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pageCount } = require('../src/paging');
const { listProducts } = require('../src/listing');

test('held-out: a partial page is a page', () => {
  assert.equal(pageCount(41, 10), 5);
  assert.equal(pageCount(1, 50), 1);
  assert.equal(pageCount(40, 10), 4);
  assert.equal(pageCount(0, 10), 0);
});

test('held-out: 23 products at 5 a page', () => {
  assert.equal(listProducts({ size: '5' }).pages, 5);
  assert.equal(listProducts({ size: '50' }).pages, 1);
});
