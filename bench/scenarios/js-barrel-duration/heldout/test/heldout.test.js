import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration } from '../src/index.js';

test('held out: whole hours have no minutes part', () => {
  assert.equal(formatDuration(7_200_000), '2h');
  assert.equal(formatDuration(3 * 3_600_000 + 61_000), '3h 1m 1s');
});
