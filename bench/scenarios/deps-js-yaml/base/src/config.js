'use strict';
const yaml = require('js-yaml');

const DEFAULTS = { retries: 3, timeoutMs: 5000 };

/** Reads a YAML config, filling in the defaults. */
function readConfig(text) {
  const doc = yaml.safeLoad(text) || {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error('config must be a mapping');
  return { ...DEFAULTS, ...doc };
}

/** Writes a config back as YAML, leaving out what equals the defaults. */
function writeConfig(config) {
  const out = {};
  for (const [k, v] of Object.entries(config)) if (DEFAULTS[k] !== v) out[k] = v;
  return yaml.safeDump(out);
}

module.exports = { readConfig, writeConfig };
