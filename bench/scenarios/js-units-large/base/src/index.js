const units = require('./units');

/** "3 ft" -> { value: 3, unit: 'ft' } */
function parseQuantity(text) {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z0-9]+)\s*$/i.exec(text);
  if (!m) throw new SyntaxError(`not a quantity: ${text}`);
  return { value: Number(m[1]), unit: m[2].toLowerCase() };
}

/** "3 ft" in m -> "0.9144 m" */
function convertText(text, to) {
  const { value, unit } = parseQuantity(text);
  return `${units.convert(value, unit, to)} ${to}`;
}

module.exports = { ...units, parseQuantity, convertText };
