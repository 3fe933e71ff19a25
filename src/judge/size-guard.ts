import { stripComment } from './literals.js';
import type { Facts } from './test-facts.js';

/** A collection's size compared with a number: `xs.length <= 3`, `len(xs) == 4`, `s.len() == 4`, `v.size() < 5`. */
const SIZE = /(?:\b([A-Za-z_]\w*)\.(?:length|size|len\(\)|size\(\)|count\(\))|\blen\(\s*([A-Za-z_]\w*)\s*\))\s*(===?|<=|<)\s*(\d+)(?![\w.])/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A branch on a collection's size that only the failing test's input takes, around code the rule
 * needs for every size: the work done up to the tested size and the input left as it was above it
 * (`xs.length <= 3 ? sort(xs) : xs`), or, at exactly the tested size, positions written as numbers
 * where the unchanged code computes them from the size (`if s.len() == 4 { (s[1] + s[2]) / 2 }`
 * beside `s[s.len() / 2]`). Any larger input is answered by the old, wrong code. A base case (the
 * small side left as it is, the tested size doing the work) and a threshold between two ways of
 * doing the work are not this.
 *
 * `added`: the hunk's added lines; `unchanged`: its context lines.
 */
export function sizeGuard(
  added: { text: string }[],
  i: number,
  facts: Facts,
  unchanged: string[],
  strip: (line: string) => string = stripComment,
): string | undefined {
  const code = strip(added[i]!.text);
  const m = SIZE.exec(code);
  if (!m) return undefined;
  const name = m[1] ?? m[2]!;
  const op = m[3]!;
  const size = op === '<' ? Number(m[4]) - 1 : Number(m[4]);
  if (size < 2) return undefined;
  const test = facts.byTest.findIndex((own) => own.sizes.has(size));
  if (test < 0) return undefined;
  const after = code.slice(m.index + m[0].length);
  const n = escape(name);
  const said = `${size} elements, the size of the input of the failing test ${facts.names[test]}`;
  // Up to the size, the work; above it, the collection itself: `cond ? work : xs`, `work if cond else xs`.
  if (op === '<' || op === '<=') {
    if (new RegExp(`\\?[^;]*:\\s*${n}\\s*[;,)]?\\s*$`).test(after) || new RegExp(`\\belse\\s+${n}\\s*[;,)]?\\s*$`).test(after))
      return `it does the work only for inputs of up to ${said}, and leaves larger ones as they were: the fix is fitted to the tested size`;
  } else {
    const body = added
      .slice(i, i + 4)
      .map((a) => strip(a.text))
      .join('\n');
    const fixed = new RegExp(`\\b${n}\\[\\s*\\d+\\s*\\]`).test(body.slice(body.indexOf(m[0]) + m[0].length));
    const computed = new RegExp(`\\b${n}\\[[^\\]]*\\b(?:len|length|size|count)\\b`).test(unchanged.join('\n'));
    if (fixed && computed)
      return `at exactly ${said}, it reads positions written as numbers where the unchanged code computes them from the size: only that size is handled`;
  }
  return undefined;
}
