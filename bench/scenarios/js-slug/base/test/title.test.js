'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { titleCase } = require('../src');

test('capitalises words but not small ones inside', () => {
  assert.equal(titleCase('the lord of the rings'), 'The Lord of the Rings');
});

test('capitalises a small word at the end', () => {
  assert.equal(titleCase('what it is for'), 'What It Is For');
});
