/** Public holidays (UTC dates as YYYY-MM-DD) the support desk is closed on. */
const FIXED = ['01-01', '05-01', '12-25', '12-26'];

export function holidays(year: number): Set<string> {
  return new Set(FIXED.map((md) => `${year}-${md}`));
}
