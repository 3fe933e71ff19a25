/** Line ranges already in the message, per file: snippets, and the new side of diff hunks. */
export class ShownLines {
  private readonly snippet = new Map<string, [number, number][]>();
  private readonly diff = new Map<string, [number, number][]>();
  private readonly tests = new Set<string>();

  addSnippet(file: string, start: number, end: number, test = false): void {
    this.snippet.set(file, merge([...(this.snippet.get(file) ?? []), [start, end]]));
    if (test) this.tests.add(file);
  }

  addDiff(file: string, start: number, end: number): void {
    this.diff.set(file, merge([...(this.diff.get(file) ?? []), [start, end]]));
  }

  inDiff(file: string, line: number): boolean {
    return (this.diff.get(file) ?? []).some(([s, e]) => s <= line && e >= line);
  }

  hasSnippet(file: string): boolean {
    return this.snippet.has(file);
  }

  isTest(file: string): boolean {
    return this.tests.has(file);
  }

  /** Whether the snippets alone show every line from start to end. */
  covers(file: string, start: number, end: number): boolean {
    return (this.snippet.get(file) ?? []).some(([s, e]) => s <= start && e >= end);
  }

  /** The parts of start..end not shown yet, by a snippet or a hunk. */
  uncovered(file: string, start: number, end: number): [number, number][] {
    let pieces: [number, number][] = end >= start ? [[start, end]] : [];
    for (const [s, e] of [...(this.snippet.get(file) ?? []), ...(this.diff.get(file) ?? [])]) {
      pieces = pieces.flatMap(([a, b]): [number, number][] => {
        if (e < a || s > b) return [[a, b]];
        const rest: [number, number][] = [];
        if (a < s) rest.push([a, s - 1]);
        if (b > e) rest.push([e + 1, b]);
        return rest;
      });
    }
    return pieces;
  }

  snippetFiles(): string[] {
    return [...this.snippet.keys()];
  }

  /** A file's snippet ranges, overlapping and touching ones merged. */
  snippets(file: string): [number, number][] {
    return this.snippet.get(file) ?? [];
  }
}

/** Sorted, with overlapping and adjacent ranges joined. */
export function merge(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
