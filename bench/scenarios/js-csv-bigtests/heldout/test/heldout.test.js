import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv } from '../src/index.js';

test('held out: a field holding the delimiter is quoted in every variant', () => {
  assert.equal(toCsv([['x|y', 'z']], { delimiter: '|' }), '"x|y"|z\r\n');
  assert.equal(toCsv([['a\tb']], { delimiter: '\t' }), '"a\tb"\r\n');
});
