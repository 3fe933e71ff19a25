'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { listPages } = require('../src/docs.js');

test('node_modules is left out', (t, done) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
  fs.mkdirSync(path.join(root, 'node_modules', 'x'), { recursive: true });
  fs.writeFileSync(path.join(root, 'node_modules', 'x', 'README.md'), '#');
  fs.writeFileSync(path.join(root, 'a.md'), '#');
  listPages(root, (err, pages) => {
    assert.ifError(err);
    assert.deepStrictEqual(pages, ['a.md']);
    fs.rmSync(root, { recursive: true, force: true });
    done();
  });
});
