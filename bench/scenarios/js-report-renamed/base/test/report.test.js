const test = require('node:test');
const assert = require('node:assert/strict');
const { renderReport } = require('../src/report');

const d = (m, day) => new Date(Date.UTC(2024, m - 1, day));

test('reports totals, the date range and weeks', () => {
  const text = renderReport('ana', [
    { date: d(3, 5), hours: 6 },
    { date: d(3, 4), hours: 8 },
    { date: d(3, 12), hours: 4 },
  ]);
  assert.equal(text, ['ana: 18 h over 9 days', 'from 2024-03-04 to 2024-03-12', '  week of 2024-03-04: 14 h', '  week of 2024-03-11: 4 h'].join('\n'));
});

test('says so when there is nothing', () => {
  assert.equal(renderReport('bo', []), 'bo: no entries');
});

test('one day', () => {
  assert.match(renderReport('cy', [{ date: d(1, 1), hours: 2 }]), /^cy: 2 h over 1 days\nfrom 2024-01-01 to 2024-01-01/);
});
