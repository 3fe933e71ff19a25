'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { splitLine } = require('../src/csv');
const { importContacts } = require('../src/contacts');

test('held-out: a doubled quote is one quote', () => {
  assert.deepEqual(splitLine('"a ""b"" c",d'), ['a "b" c', 'd']);
  assert.deepEqual(splitLine('"""",x'), ['"', 'x']);
});

test('held-out: an empty quoted field stays empty', () => {
  assert.deepEqual(splitLine('"",x'), ['', 'x']);
});

test('held-out: import with a quoted name', () => {
  const [c] = importContacts('name,company,phone,note\n"Dee ""D"" Ray",,,');
  assert.equal(c.name, 'Dee "D" Ray');
  assert.equal(c.company, null);
});
