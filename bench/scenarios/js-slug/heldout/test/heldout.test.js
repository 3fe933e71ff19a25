'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify } = require('../src');

test('default separator is a dash for long titles', () => {
  assert.equal(slugify('A Tale of Two Cities, Revisited'), 'a-tale-of-two-cities-revisited');
});

test('strict mode drops dashes inside words', () => {
  assert.equal(slugify('re-entry point', { strict: true }), 'reentry-point');
});

test('truncation respects the default separator', () => {
  assert.equal(slugify('one two three four', { maxLength: 9 }), 'one-two');
});
