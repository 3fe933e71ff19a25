'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { parseArgs } = require('../src/args.js');

test('host', () => {
  assert.strictEqual(parseArgs(['-H', '0.0.0.0']).host, '0.0.0.0');
});
