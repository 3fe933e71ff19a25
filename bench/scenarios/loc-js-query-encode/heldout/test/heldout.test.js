'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { buildQuery, parseQuery } = require('../src/query');

test('held-out: reserved characters in values are encoded', () => {
  assert.equal(buildQuery({ a: 'x=y', b: '1&2', c: '#top', d: '50%' }), 'a=x%3Dy&b=1%262&c=%23top&d=50%25');
});

test('held-out: reserved characters in keys are encoded', () => {
  assert.equal(buildQuery({ 'a&b': 1 }), 'a%26b=1');
});

test('held-out: round trip of a value with a plus and a question mark', () => {
  assert.deepEqual(parseQuery(buildQuery({ q: 'c++ or c#?' })), { q: 'c++ or c#?' });
});
