/** How a caller reads the fields of `git status --porcelain -z`. */
export interface StatusReading {
  /**
   * As the formatters' put-back (pipeline.ts) has always read them: every field of four characters
   * or more is an entry, and only a rename or copy in the index column (X) is followed by its source.
   * Without it, an entry needs the space after XY, and a rename or copy in either column has its source
   * after it. The two differ only on a rename or copy in the work-tree column (Y).
   */
  lenient?: boolean;
}

/**
 * `git status --porcelain -z` as [XY, path] pairs. A rename or copy (R or C in either column) is
 * followed by its source path, a field of its own that is not an entry.
 */
export function parseStatus(out: string, reading: StatusReading = {}): [string, string][] {
  const entries: [string, string][] = [];
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4 || (!reading.lenient && field[2] !== ' ')) continue;
    const xy = field.slice(0, 2);
    entries.push([xy, field.slice(3)]);
    if (reading.lenient ? xy[0] === 'R' || xy[0] === 'C' : /[RC]/.test(xy)) i++;
  }
  return entries;
}
