'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { newId, kindOf } = require('../src/ids.js');

test('an id is its kind and a v4 uuid', () => {
  assert.match(newId('order'), /^order_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('kindOf reads the kind back', () => {
  assert.strictEqual(kindOf(newId('refund')), 'refund');
});
