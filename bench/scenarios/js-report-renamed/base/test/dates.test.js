const test = require('node:test');
const assert = require('node:assert/strict');
const { formatDate, daysBetween, startOfWeek } = require('../src/dates');

test('formats a date', () => {
  assert.equal(formatDate(new Date(Date.UTC(2024, 2, 5))), '2024-03-05');
});

test('counts days across a month end', () => {
  assert.equal(daysBetween(new Date(Date.UTC(2024, 0, 30)), new Date(Date.UTC(2024, 1, 2))), 3);
});

test('weeks start on Monday', () => {
  assert.equal(startOfWeek(new Date(Date.UTC(2024, 2, 10))).getUTCDate(), 4);
});
