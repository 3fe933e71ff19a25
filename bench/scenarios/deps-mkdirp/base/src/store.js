'use strict';
const fs = require('node:fs');
const path = require('node:path');
const mkdirp = require('mkdirp');

/** Saves a JSON document under `dir/<key>.json`, making the directory first; calls back when done. */
function save(dir, key, doc, done) {
  mkdirp(dir, (err) => {
    if (err) return done(err);
    fs.writeFile(path.join(dir, `${key}.json`), JSON.stringify(doc), done);
  });
}

function load(dir, key) {
  return JSON.parse(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8'));
}

module.exports = { save, load };
