const MS = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** '1h 30m', '45s', '250ms' to milliseconds. */
export function parseDuration(text) {
  const parts = String(text).trim().split(/\s+/);
  let total = 0;
  for (const part of parts) {
    const m = /^(\d+)(h|ms|m|s)$/.exec(part);
    if (!m) throw new SyntaxError(`parseDuration: cannot read "${part}" in "${text}"`);
    total += Number(m[1]) * MS[m[2]];
  }
  return total;
}
