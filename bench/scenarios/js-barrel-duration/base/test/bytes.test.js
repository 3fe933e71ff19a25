import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, parseBytes } from '../src/index.js';

test('formatBytes keeps small sizes in bytes', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(1023), '1023 B');
});

test('formatBytes rounds to one decimal', () => {
  assert.equal(formatBytes(1536), '1.5 KiB');
  assert.equal(formatBytes(1024 * 1024), '1 MiB');
});

test('parseBytes reads what formatBytes writes', () => {
  assert.equal(parseBytes('1.5 KiB'), 1536);
  assert.equal(parseBytes('3 MiB'), 3 * 1024 * 1024);
});
