'use strict';

/**
 * Builds a query string from an object: keys in insertion order, arrays as repeated keys,
 * null and undefined left out.
 */
function buildQuery(params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${encodeURI(key)}=${encodeURI(String(v))}`);
  }
  return parts.join('&');
}

/** Parses a query string (with or without the leading ?) into an object of strings or arrays. */
function parseQuery(text) {
  const out = {};
  for (const part of text.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const [rawKey, rawValue = ''] = part.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    if (key in out) out[key] = [].concat(out[key], value);
    else out[key] = value;
  }
  return out;
}

module.exports = { buildQuery, parseQuery };
