const TRUE = new Set(['true', 'yes', 'on']);
const FALSE = new Set(['false', 'no', 'off']);

/** "8080" -> 8080, "yes" -> true, "a, b" -> ["a", "b"], '"x"' -> "x". */
function coerce(raw) {
  const text = raw.trim();
  if (text === '') return '';
  if (/^".*"$/.test(text)) return text.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const lower = text.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  if (text.includes(',')) return text.split(',').map((part) => coerce(part));
  return text;
}

module.exports = { coerce };
