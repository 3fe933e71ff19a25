'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { normalizePhone } = require('../src/phone');

test('keeps digits and a leading plus', () => {
  assert.equal(normalizePhone(' +44 (20) 7946-0958 '), '+442079460958');
  assert.equal(normalizePhone('555-0100'), '5550100');
});
