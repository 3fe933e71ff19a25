import { formatPrice } from './money.js';

// The total in cents of the items, after a percentage discount.
export function total(items, discountPercent = 0) {
  if (discountPercent < 0 || discountPercent > 100) throw new RangeError('discount must be 0-100');
  const sum = items.reduce((acc, item) => acc + item.price * item.qty, 0);
  return Math.round((sum * discountPercent) / 100);
}

// A printable receipt: one line per item, then the total.
export function receipt(items, discountPercent = 0) {
  const lines = items.map((item) => `${item.name} x${item.qty}: ${formatPrice(item.price * item.qty)}`);
  if (discountPercent) lines.push(`Discount: ${discountPercent}%`);
  lines.push(`Total: ${formatPrice(total(items, discountPercent))}`);
  return lines.join('\n');
}
