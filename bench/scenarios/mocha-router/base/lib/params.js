'use strict';

/** Decodes one path segment; a malformed escape is kept as it is. */
function decodeSegment(raw) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Turns regexp captures into a params object. */
function toParams(names, captures) {
  const params = {};
  names.forEach((name, i) => {
    params[name] = decodeSegment(captures[i]);
  });
  return params;
}

/** "a=1&b=x%20y&flag" -> { a: '1', b: 'x y', flag: '' } */
function parseQuery(query) {
  const out = {};
  for (const pair of query.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeSegment(eq < 0 ? pair : pair.slice(0, eq));
    out[key] = eq < 0 ? '' : decodeSegment(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return out;
}

module.exports = { decodeSegment, toParams, parseQuery };
