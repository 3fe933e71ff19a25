'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const f = require('../src/format');

test('hours', () => {
  assert.equal(f.formatHours(3.5), '3.5 h');
  assert.equal(f.formatHours(2), '2 h');
});

test('stamp and clock', () => {
  assert.equal(f.formatStamp(new Date(Date.UTC(2024, 5, 1, 9, 5))), '2024-06-01 09:05');
  assert.equal(f.formatClock(545), '9:05');
});

test('amounts, percents, initials', () => {
  assert.equal(f.formatAmount(1234.5), '1,234.50');
  assert.equal(f.formatAmount(-3), '-3.00');
  assert.equal(f.formatPercent(0.416), '42%');
  assert.equal(f.initials('Ada  Lovelace'), 'AL');
});

test('pad2', () => {
  assert.equal(f.pad2(7), '07');
  assert.equal(f.pad2(42), '42');
});
