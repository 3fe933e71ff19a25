'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { readConfig, writeConfig } = require('../src/config.js');

test('defaults fill in', () => {
  assert.deepStrictEqual(readConfig('retries: 5\n'), { retries: 5, timeoutMs: 5000 });
});

test('an empty file is the defaults', () => {
  assert.deepStrictEqual(readConfig(''), { retries: 3, timeoutMs: 5000 });
});

test('write leaves out defaults', () => {
  assert.strictEqual(writeConfig({ retries: 3, timeoutMs: 100 }), 'timeoutMs: 100\n');
});
