'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { splitLine, parse } = require('../src/csv');

test('splits plain fields', () => {
  assert.deepEqual(splitLine('a,b,c'), ['a', 'b', 'c']);
});

test('keeps commas inside quotes', () => {
  assert.deepEqual(splitLine('"Smith, Jo",42'), ['Smith, Jo', '42']);
});

test('parses rows by header', () => {
  assert.deepEqual(parse('name,age\nAda,36\nAlan,41\n'), [
    { name: 'Ada', age: '36' },
    { name: 'Alan', age: '41' },
  ]);
});
