/**
 * `git status --porcelain -z` as [XY, path] pairs. A rename or copy (R or C in either column) is
 * followed by its source path, a field of its own that is not an entry.
 */
export function parseStatus(out: string): [string, string][] {
  const entries: [string, string][] = [];
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4 || field[2] !== ' ') continue;
    const xy = field.slice(0, 2);
    entries.push([xy, field.slice(3)]);
    if (/[RC]/.test(xy)) i++;
  }
  return entries;
}
