import { lineTotal, sums } from './lines.js';

const WIDTH = 44;

function amount(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function row(left, right) {
  const room = WIDTH - right.length - 1;
  const text = left.length > room ? `${left.slice(0, room - 1)}…` : left;
  return `${text.padEnd(room)} ${right}`;
}

/** The invoice as plain text, one line per item, then the sums. */
export function renderInvoice(invoice) {
  const out = [`Invoice ${invoice.number}`, `To: ${invoice.customer}`, '-'.repeat(WIDTH)];
  for (const line of invoice.lines) {
    out.push(row(`${line.qty} × ${line.item} @ ${amount(line.unit)}`, amount(lineTotal(line))));
  }
  const { net, tax, gross } = sums(invoice.lines);
  out.push('-'.repeat(WIDTH), row('Net', amount(net)), row('Tax', amount(tax)), row('Total', amount(gross)));
  return out.join('\n');
}
