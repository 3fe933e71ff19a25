'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { contentType, extensionFor } = require('../src/serve.js');

test('text files get a charset', () => {
  assert.strictEqual(contentType('docs/readme.txt'), 'text/plain; charset=utf-8');
});

test('images do not', () => {
  assert.strictEqual(contentType('logo.png'), 'image/png');
});

test('extension of a type', () => {
  assert.strictEqual(extensionFor('application/pdf'), 'pdf');
});
