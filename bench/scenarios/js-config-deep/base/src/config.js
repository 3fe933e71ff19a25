const { parseSections } = require('./sections');

/**
 * Reads an INI-style configuration: `[section]` headers, `key = value` entries, comments with
 * `#` or `;`. Values are coerced to numbers, booleans and lists where they look like them.
 */
function loadConfig(text, defaults = {}) {
  const lines = String(text).split(/\r?\n/);
  const sections = parseSections(lines);
  const out = structuredClone(defaults);
  for (const [name, entries] of Object.entries(sections)) {
    out[name] = { ...(out[name] ?? {}), ...entries };
  }
  return out;
}

/** A value by dotted path ("server.port"), or the fallback. */
function get(config, dotted, fallback) {
  let node = config;
  for (const part of dotted.split('.')) {
    if (node == null || typeof node !== 'object' || !(part in node)) return fallback;
    node = node[part];
  }
  return node;
}

module.exports = { loadConfig, get };
