const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(n) {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`formatBytes: not a size: ${n}`);
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const text = i === 0 ? String(v) : v.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[i]}`;
}

export function parseBytes(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB)\s*$/.exec(text);
  if (!m) throw new SyntaxError(`parseBytes: cannot read "${text}"`);
  return Math.round(Number(m[1]) * 1024 ** UNITS.indexOf(m[2]));
}
