/**
 * Coupon codes: PCT<n> takes n percent off, OFF<n> takes n whole units off, SHIP makes shipping
 * free. Amounts are in cents.
 */

const PATTERN = /^(PCT|OFF|SHIP)(\d*)$/;

/** The coupon a code stands for, or undefined when it is not one. */
export function parseCoupon(code) {
  const m = PATTERN.exec(String(code).trim().toUpperCase());
  if (!m) return undefined;
  const [, kind, amount] = m;
  if (kind === 'PCT') return { kind: 'percent', value: Math.min(Number(amount), 100) };
  if (kind === 'OFF') return { kind: 'fixed', value: Number(amount) * 100 };
  return { kind: 'shipping', value: 0 };
}

/** What a coupon takes off the cart, in cents. */
export function discountFor(cart, coupon) {
  if (!coupon) return 0;
  switch (coupon.kind) {
    case 'percent':
      return Math.round((cart.subtotal * coupon.value) / 100);
    case 'fixed':
      return Math.min(coupon.value, cart.subtotal);
    case 'shipping':
      return cart.shipping;
    default:
      return 0;
  }
}
