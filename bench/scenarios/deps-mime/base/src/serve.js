'use strict';
const mime = require('mime');

/** The Content-Type header for a file served from disk. */
function contentType(file) {
  const type = mime.lookup(file) || 'application/octet-stream';
  return /^text\/|json|javascript/.test(type) ? `${type}; charset=utf-8` : type;
}

/** The file extension a download of this type gets. */
function extensionFor(type) {
  return mime.extension(type) || 'bin';
}

module.exports = { contentType, extensionFor };
