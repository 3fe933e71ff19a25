'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { listPages } = require('../src/docs.js');

test('finds pages at any depth, sorted', (t, done) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
  fs.mkdirSync(path.join(root, 'guide'));
  fs.writeFileSync(path.join(root, 'index.md'), '#');
  fs.writeFileSync(path.join(root, 'guide', 'setup.md'), '#');
  fs.writeFileSync(path.join(root, 'notes.txt'), '');
  listPages(root, (err, pages) => {
    assert.ifError(err);
    assert.deepStrictEqual(pages, ['guide/setup.md', 'index.md']);
    fs.rmSync(root, { recursive: true, force: true });
    done();
  });
});
