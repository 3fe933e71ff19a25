import { formatMoney, percentOf } from './money.js';

export function createCart(taxPercent = 0) {
  return { items: [], taxPercent };
}

export function addItem(cart, name, priceCents, qty = 1) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`addItem: price must be whole cents: ${priceCents}`);
  cart.items.push({ name, priceCents, qty });
  return cart;
}

export function subtotal(cart) {
  return cart.items.reduce((sum, it) => sum + it.priceCents * it.qty, 0);
}

export function total(cart) {
  const sub = subtotal(cart);
  return sub + percentOf(sub, cart.taxPercent);
}

export function receipt(cart) {
  const lines = cart.items.map((it) => `${it.qty} x ${it.name}  ${formatMoney(it.priceCents * it.qty)}`);
  const sub = subtotal(cart);
  lines.push(`subtotal  ${formatMoney(sub)}`);
  if (cart.taxPercent) lines.push(`tax ${cart.taxPercent}%  ${formatMoney(percentOf(sub, cart.taxPercent))}`);
  lines.push(`total  ${formatMoney(total(cart))}`);
  return lines.join('\n');
}
