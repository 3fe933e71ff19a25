'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { save, load } = require('../src/store.js');

test('saves into a directory that does not exist yet', (t, done) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
  const dir = path.join(root, 'a', 'b');
  save(dir, 'one', { n: 1 }, (err) => {
    assert.ifError(err);
    assert.deepStrictEqual(load(dir, 'one'), { n: 1 });
    fs.rmSync(root, { recursive: true, force: true });
    done();
  });
});
