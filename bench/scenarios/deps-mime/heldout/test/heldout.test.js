'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { contentType, extensionFor } = require('../src/serve.js');

test('unknown files and types', () => {
  assert.strictEqual(contentType('data.zzqq'), 'application/octet-stream');
  assert.strictEqual(extensionFor('application/x-zzqq'), 'bin');
  assert.strictEqual(extensionFor('image/jpeg'), 'jpeg');
});
