'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify, truncate } = require('../src');

test('lowercases and joins words with dashes', () => {
  assert.equal(slugify('Hello World'), 'hello-world');
});

test('drops punctuation', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
});

test('folds accents', () => {
  assert.equal(slugify('Crème Brûlée'), 'creme-brulee');
});

test('collapses runs of spaces and dashes', () => {
  assert.equal(slugify('  a -- b   c  '), 'a-b-c');
});

test('honours a custom separator', () => {
  assert.equal(slugify('Hello World', { separator: '_' }), 'hello_world');
});

test('keeps case when asked', () => {
  assert.equal(slugify('Hello World', { lower: false }), 'Hello-World');
});

test('truncates at a separator', () => {
  assert.equal(truncate('alpha-beta-gamma', 12, '-'), 'alpha-beta');
});
