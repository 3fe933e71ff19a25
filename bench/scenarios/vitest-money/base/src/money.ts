export type Currency = 'EUR' | 'USD' | 'GBP' | 'JPY';

const SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥' };
const DECIMALS: Record<Currency, number> = { EUR: 2, USD: 2, GBP: 2, JPY: 0 };

/** Minor units to text: formatMoney(123456, 'EUR') === '€1,234.56'. */
export function formatMoney(minor: number, currency: Currency): string {
  const decimals = DECIMALS[currency];
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 10 ** decimals);
  const fraction = abs % 10 ** decimals;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const tail = decimals ? `.${fraction.toString().padStart(decimals, '0')}` : '';
  return `${sign}${SYMBOLS[currency]}${grouped}${tail}`;
}

/**
 * Splits an amount into n shares that differ by at most one minor unit and add up to the
 * amount exactly; the first shares get the extra units.
 */
export function splitEvenly(minor: number, n: number): number[] {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`cannot split into ${n} shares`);
  const base = Math.trunc(minor / n);
  const remainder = minor - base * n;
  const step = Math.sign(remainder);
  return Array.from({ length: n }, (_, i) => base + (i < Math.abs(remainder) ? step : 0));
}

/** Splits by weights (e.g. nights stayed), largest remainders first. */
export function splitByWeights(minor: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) throw new RangeError('weights must add up to more than zero');
  const exact = weights.map((w) => (minor * w) / total);
  const shares = exact.map(Math.floor);
  let left = minor - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return shares;
}
