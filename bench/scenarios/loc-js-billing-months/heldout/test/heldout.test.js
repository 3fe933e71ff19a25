'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseDay, formatDay, addMonths } = require('../src/dates');
const { invoiceDates } = require('../src/billing');

const plus = (d, m) => formatDay(addMonths(parseDay(d), m));

test('held-out: addMonths clamps to the last day', () => {
  assert.equal(plus('2023-01-31', 1), '2023-02-28');
  assert.equal(plus('2024-03-31', 1), '2024-04-30');
  assert.equal(plus('2024-08-31', 6), '2025-02-28');
});

test('held-out: addMonths across years and backwards', () => {
  assert.equal(plus('2024-12-15', 1), '2025-01-15');
  assert.equal(plus('2024-03-31', -1), '2024-02-29');
});

test('held-out: a plan started on the 30th', () => {
  assert.deepEqual(invoiceDates('2023-11-30', 3), ['2023-12-30', '2024-01-30', '2024-02-29']);
});
