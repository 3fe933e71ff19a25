'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pad2, formatDuration } = require('../src/format');

test('held-out: pad2 keeps numbers of three digits and more', () => {
  assert.equal(pad2(100), '100');
  assert.equal(pad2(2024), '2024');
  assert.equal(pad2(0), '00');
});

test('held-out: long durations', () => {
  assert.equal(formatDuration(100 * 3600), '100:00:00');
  assert.equal(formatDuration(1000 * 3600 + 59), '1000:00:59');
});
