/** Writes CSV the way RFC 4180 reads it. */

function needsQuotes(s) {
  return /[",\r\n]/.test(s) || s !== s.trim();
}

export function toCsvField(value) {
  const s = value === null || value === undefined ? '' : String(value);
  return needsQuotes(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsvRow(fields) {
  return fields.map((f) => toCsvField(f)).join(',');
}

export function toCsv(rows, { header } = {}) {
  const lines = header ? [toCsvRow(header)] : [];
  for (const row of rows) lines.push(toCsvRow(row));
  return `${lines.join('\r\n')}\r\n`;
}
