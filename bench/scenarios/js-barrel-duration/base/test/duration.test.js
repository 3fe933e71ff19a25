import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDuration } from '../src/index.js';

test('parseDuration adds the parts', () => {
  assert.equal(parseDuration('1h 30m'), 5_400_000);
  assert.equal(parseDuration('45s 250ms'), 45_250);
});

test('parseDuration refuses what it cannot read', () => {
  assert.throws(() => parseDuration('3 days'), SyntaxError);
});
