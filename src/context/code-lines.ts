/** Lines start..end (from 1, both included), each after its number: how the model is shown code. */
export function numbered(lines: string[], start: number, end: number): string {
  return lines
    .slice(start - 1, end)
    .map((l, i) => `${start + i}: ${l}`)
    .join('\n');
}

/** The numbered import lines at the top of a file (before `before`), with a gap marker after them. */
export function importBlock(all: string[], before: number, keep: (line: number) => boolean = () => true): string {
  const lines = all.slice(0, Math.min(before - 1, 40));
  const importLine = /^\s*(import\b|export\s.*\bfrom\b|(const|let|var)\s.*=\s*require\(|from\s+\S+\s+import\b|use\s+\S|#include\b)/;
  const picked = lines.map((l, i) => [l, i + 1] as const).filter(([l, n]) => keep(n) && importLine.test(l));
  if (!picked.length) return '';
  return `${picked.map(([l, n]) => `${n}: ${l}`).join('\n')}\n…\n`;
}
