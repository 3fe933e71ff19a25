/** Amounts are integer cents everywhere; these are the only places that turn them into text. */

export function formatMoney(cents) {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

export function parseMoney(text) {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new SyntaxError(`parseMoney: not an amount: "${text}"`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function percentOf(cents, percent) {
  return Math.round((cents * percent) / 100);
}
