import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney, parseMoney } from '../src/money.js';

test('held out: negative amounts format and read back', () => {
  assert.equal(formatMoney(-5), '-0.05');
  assert.equal(formatMoney(-1999), '-19.99');
  assert.equal(parseMoney(formatMoney(-250)), -250);
});
