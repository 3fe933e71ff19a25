/** Invoice lines: what was sold, how many, at what unit price (cents), and the tax rate in percent. */

export function lineTotal(line) {
  return line.qty * line.unit;
}

export function taxOf(line) {
  return Math.round((lineTotal(line) * line.rate) / 100);
}

/** Net, tax and gross of all lines, in cents; tax is rounded per line, as the tax office does. */
export function sums(lines) {
  const net = lines.reduce((n, l) => n + lineTotal(l), 0);
  const tax = lines.reduce((n, l) => n + taxOf(l), 0);
  return { net, tax, gross: net + tax };
}
