const test = require('node:test');
const assert = require('node:assert/strict');
const { pluralize, count } = require('../src/pluralize');

test('irregulars keep their capital', () => {
  assert.equal(pluralize('Goose'), 'Geese');
  assert.equal(pluralize('Phenomenon'), 'Phenomena');
});

test('count with an irregular', () => {
  assert.equal(count(2, 'goose'), '2 geese');
});
