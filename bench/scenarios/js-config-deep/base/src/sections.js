const { parseEntry } = require('./entry');

const HEADER = /^\[([\w.-]+)\]$/;

function parseSections(lines) {
  const sections = { global: {} };
  let current = sections.global;
  lines.forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) return;
    const header = HEADER.exec(line);
    if (header) {
      current = sections[header[1]] ??= {};
      return;
    }
    const entry = parseEntry(line, index + 1);
    current[entry.key] = entry.value;
  });
  return sections;
}

module.exports = { parseSections };
