'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { parseArgs } = require('../src/args.js');

test('defaults', () => {
  assert.deepStrictEqual(parseArgs([]), { port: 8080, host: 'localhost', verbose: false });
});

test('port and verbose', () => {
  assert.deepStrictEqual(parseArgs(['--port', '9000', '-v']), { port: 9000, host: 'localhost', verbose: true });
});
