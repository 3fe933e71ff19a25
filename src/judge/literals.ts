/** Quoted strings (no interpolation) and numbers: how tests spell inputs and expected values. */
export const LITERAL = /'((?:[^'\\\n]|\\.){0,200})'|"((?:[^"\\\n]|\\.){0,200})"|`((?:[^`\\$\n]|\\.){0,200})`|(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])/g;

/** How code compares a value against a literal: `=== 'x'`, `'x' ==`, `case 'x':`, `'x' =>`, `in ('x', …)`. */
const COMPARISON =
  /(?:===?|!==?|\bis\b|\bin\b)\s*[([]?\s*$|^\s*(?:===?|!==?)|\bcase\s*$|^\s*[:|]|^\s*=>|\bif\s+let\s+\S*\s*=\s*$|\bmatches\(\s*$|\b(?:equals|startsWith|endsWith|includes|startswith|endswith|starts_with|ends_with|contains|HasPrefix|HasSuffix|Contains)\(\s*(?:\w+,\s*)?$/;

/** Numbers too ordinary to tell anything: units, sizes and calendar figures a fix uses on its own. */
const ORDINARY_NUMBERS = new Set([128, 255, 256, 365, 366, 511, 512, 999, 1023, 1024, 1900, 1970, 2000, 3600, 4096, 65535, 65536, 86400]);

/**
 * How surprising a literal is, 0 to 2: what it would take for a fix to hold it by chance.
 * Small integers, round and well-known numbers, empty values, short strings and single words are
 * 0; three-digit numbers and short mixed strings 1; longer numbers, decimals with four or more
 * digits, and strings of eight or more characters with spaces, digits or punctuation 2.
 */
export function surprise(literal: string): number {
  const v = literal.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(v)) {
    const n = Math.abs(Number(v));
    if (Number.isInteger(n) && (n <= 100 || ORDINARY_NUMBERS.has(n))) return 0;
    const digits = String(n).replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return digits.length <= 2 ? 0 : digits.length === 3 ? 1 : 2;
  }
  if (v.length <= 3) return 0;
  if (/^[A-Za-z]+$/.test(v)) return v.length <= 10 ? 0 : 1;
  if (/^[A-Za-z_]+$/.test(v)) return 1;
  return v.length >= 8 ? 2 : 1;
}

export interface Literal {
  value: string;
  key: string;
}

/** One literal, quoted or a number, as a regular expression source (no groups). */
export const LIT = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?)`;

export function norm(value: string): string {
  const v = value.trim();
  return /^-?\d+(?:\.\d+)?$/.test(v) ? String(Number(v)) : value;
}

export function literalsIn(text: string): Literal[] {
  const out: Literal[] = [];
  for (const m of text.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    out.push({ value, key: norm(value) });
  }
  return out;
}

/** An expected value as the runner printed it without quotes (`42`, `foo`). */
export function bare(value: string): Literal[] {
  const v = value.trim();
  return /^[^'"`\n]{1,200}$/.test(v) ? [{ value: v, key: norm(v) }] : [];
}

/** The literals a line compares something against. */
export function comparedLiterals(code: string): Literal[] {
  const out: Literal[] = [];
  for (const m of code.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const before = code.slice(Math.max(0, m.index - 24), m.index);
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (COMPARISON.test(before) || /^\s*(?:===?|!==?|=>)/.test(after) || (/^\s*:/.test(after) && /\bcase\s*$/.test(before)))
      out.push({ value, key: norm(value) });
  }
  return out;
}

export function stripComment(line: string): string {
  return line.replace(/\s(?:\/\/|#)(?![[!]).*$/, '');
}

export function quote(value: string): string {
  return /^-?\d/.test(value) && !/\s/.test(value) ? value : `"${value}"`;
}
