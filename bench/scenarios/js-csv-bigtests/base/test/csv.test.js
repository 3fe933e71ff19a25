import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv, toCsvField, toCsvRow } from '../src/index.js';

test('plain fields are written as they are', () => {
  assert.equal(toCsvRow(['a', 1, true]), 'a,1,true');
});

test('fields with commas or quotes are quoted', () => {
  assert.equal(toCsvField('a,b'), '"a,b"');
  assert.equal(toCsvField('say "hi"'), '"say ""hi"""');
});

test('toCsv ends every line with CRLF', () => {
  assert.equal(toCsv([['a', 'b']], { header: ['x', 'y'] }), 'x,y\r\na,b\r\n');
});
