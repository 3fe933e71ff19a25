'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { save } = require('../src/store.js');

test('an error reaches the callback', (t, done) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
  const file = path.join(root, 'file');
  fs.writeFileSync(file, 'x');
  save(path.join(file, 'sub'), 'k', {}, (err) => {
    assert.ok(err);
    fs.rmSync(root, { recursive: true, force: true });
    done();
  });
});
