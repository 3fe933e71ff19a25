import { discountFor, parseCoupon } from './coupons.js';

export const FREE_SHIPPING_FROM = 5000;
export const SHIPPING = 499;

/** Subtotal, shipping, discount and total of a cart, in cents. */
export function totals(items, { code } = {}) {
  const subtotal = items.reduce((n, item) => n + item.price * item.qty, 0);
  const shipping = subtotal === 0 || subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING;
  const cart = { subtotal, shipping };
  const discount = code ? discountFor(cart, parseCoupon(code)) : 0;
  return { subtotal, shipping, discount, total: subtotal + shipping - discount };
}

/** A total as the receipt prints it. */
export function money(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
