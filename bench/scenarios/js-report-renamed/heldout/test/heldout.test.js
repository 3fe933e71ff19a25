const test = require('node:test');
const assert = require('node:assert/strict');
const { renderReport } = require('../src/report');

test('a report across a year end', () => {
  const text = renderReport('di', [{ date: new Date(Date.UTC(2023, 11, 31)), hours: 1 }, { date: new Date(Date.UTC(2024, 0, 2)), hours: 2 }]);
  assert.match(text, /from 2023-12-31 to 2024-01-02/);
  assert.match(text, /week of 2023-12-25: 1 h/);
});
