import { holidays } from './holidays.js';

export const iso = (d: Date): string => d.toISOString().slice(0, 10);

const cache = new Map<number, Set<string>>();

export function isWorkday(d: Date): boolean {
  const day = d.getUTCDay();
  if (day === 0 || day === 6) return false;
  const year = d.getUTCFullYear();
  if (!cache.has(year)) cache.set(year, holidays(year));
  return !cache.get(year)!.has(iso(d));
}

/** The date n workdays after d (n >= 0); 0 gives d itself, or the next workday if d is not one. */
export function addWorkdays(d: Date, n: number): Date {
  const out = new Date(d.getTime());
  while (!isWorkday(out)) out.setUTCDate(out.getUTCDate() + 1);
  for (let left = n; left > 0; ) {
    out.setUTCDate(out.getUTCDate() + 1);
    if (isWorkday(out)) left--;
  }
  return out;
}
