// Formats an amount in cents as a price, e.g. 1999 -> "$19.99".
export function formatPrice(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${dollars}.${rest}`;
}

// Parses "$19.99" (or "19.99") back into cents.
export function parsePrice(text) {
  const match = /^\s*(-)?\$?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) throw new Error(`not a price: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
