const { coerce } = require('./values');

class ConfigSyntaxError extends Error {
  constructor(message, line) {
    super(`line ${line}: ${message}`);
    this.name = 'ConfigSyntaxError';
    this.line = line;
  }
}

function parseEntry(line, lineNumber) {
  const eq = line.indexOf('=');
  if (eq <= 0) throw new ConfigSyntaxError(`expected key = value, got "${line}"`, lineNumber);
  const key = line.slice(0, eq).trim();
  if (!/^[A-Za-z_][\w-]*$/.test(key)) throw new ConfigSyntaxError(`bad key "${key}"`, lineNumber);
  const raw = line.slice(eq + 1);
  return { key, value: coerce(raw) };
}

module.exports = { parseEntry, ConfigSyntaxError };
