'use strict';
const path = require('node:path');
const glob = require('glob');

/** The Markdown pages under `dir`, as sorted paths relative to it; calls back with (err, pages). */
function listPages(dir, done) {
  glob('**/*.md', { cwd: dir, ignore: ['node_modules/**'] }, (err, files) => {
    if (err) return done(err);
    done(null, files.map((f) => f.split(path.sep).join('/')).sort());
  });
}

module.exports = { listPages };
