'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseDay, formatDay, addDays, addMonths, daysInMonth, isWeekend } = require('../src/dates');

test('round-trips a day', () => {
  assert.equal(formatDay(parseDay('2024-03-09')), '2024-03-09');
});

test('adds days across a month end', () => {
  assert.equal(formatDay(addDays(parseDay('2024-02-28'), 2)), '2024-03-01');
});

test('adds months on an ordinary day', () => {
  assert.equal(formatDay(addMonths(parseDay('2024-01-15'), 1)), '2024-02-15');
  assert.equal(formatDay(addMonths(parseDay('2024-11-10'), 3)), '2025-02-10');
});

test('counts days in a month', () => {
  assert.equal(daysInMonth(2024, 1), 29);
  assert.equal(daysInMonth(2023, 1), 28);
});

test('knows weekends', () => {
  assert.equal(isWeekend(parseDay('2024-06-08')), true);
  assert.equal(isWeekend(parseDay('2024-06-10')), false);
});
