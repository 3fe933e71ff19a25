'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { readConfig } = require('../src/config.js');

test('a list is refused', () => {
  assert.throws(() => readConfig('- a\n- b\n'), /mapping/);
});
