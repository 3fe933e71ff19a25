'use strict';
const nanoid = require('nanoid');

/** A short link code: 10 url-safe characters. */
function shortCode() {
  return nanoid(10);
}

/** A map from code to url, with a fresh code for each new url. */
function shorten(store, url) {
  for (const [code, known] of store) if (known === url) return code;
  const code = shortCode();
  store.set(code, url);
  return code;
}

module.exports = { shortCode, shorten };
