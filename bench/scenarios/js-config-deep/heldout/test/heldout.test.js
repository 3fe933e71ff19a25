const test = require('node:test');
const assert = require('node:assert/strict');
const { loadConfig } = require('../src/config');

test('semicolon inline comment and quoted value', () => {
  const config = loadConfig('[app]\ntitle = "Hello" ; shown in the header\nworkers = 4\n');
  assert.equal(config.app.title, 'Hello');
  assert.equal(config.app.workers, 4);
});

test('a hash inside a word is not a comment', () => {
  assert.equal(loadConfig('tag = c#sharp\n').global.tag, 'c#sharp');
});
