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
  for (const m of text.matchAll(NAMED)) out.push({ value: m[0].replace(/\s+/g, ''), key: namedKey(m[1] ?? '', m[2]!) });
  return out;
}

/**
 * Named constants a test expects and a patch answers as it would a literal (`Infinity`,
 * `math.inf`, `float('nan')`, `math.MaxInt64`, `i64::MIN`, `Number.MAX_SAFE_INTEGER`): each keyed
 * as the runner prints it, so `return math.inf` meets pytest's `inf` and `math.MaxInt64` Go's digits.
 */
const NAMED =
  /(?<![\w.])(-\s*)?(Number\.(?:POSITIVE_INFINITY|NEGATIVE_INFINITY|MAX_SAFE_INTEGER|MIN_SAFE_INTEGER|NaN)|Infinity|NaN|math\.(?:inf|nan)\b|float\(\s*['"][-+]?(?:inf|infinity|nan)['"]\s*\)|math\.Inf\(\s*-?1\s*\)|math\.NaN\(\)|math\.(?:Max|Min)(?:Int|Int8|Int16|Int32|Int64|Uint8|Uint16|Uint32)\b|[iu](?:8|16|32|64|size)::(?:MAX|MIN)\b|f(?:32|64)::(?:INFINITY|NEG_INFINITY|NAN)\b|sys\.maxsize\b)(?![\w(])/g;

const INT_BOUNDS: Record<string, string> = {
  MaxInt8: '127',
  MinInt8: '-128',
  MaxInt16: '32767',
  MinInt16: '-32768',
  MaxInt32: '2147483647',
  MinInt32: '-2147483648',
  MaxInt64: '9223372036854775807',
  MinInt64: '-9223372036854775808',
  MaxInt: '9223372036854775807',
  MinInt: '-9223372036854775808',
  MaxUint8: '255',
  MaxUint16: '65535',
  MaxUint32: '4294967295',
  i8MAX: '127',
  i8MIN: '-128',
  i16MAX: '32767',
  i16MIN: '-32768',
  i32MAX: '2147483647',
  i32MIN: '-2147483648',
  i64MAX: '9223372036854775807',
  i64MIN: '-9223372036854775808',
  isizeMAX: '9223372036854775807',
  isizeMIN: '-9223372036854775808',
  u8MAX: '255',
  u16MAX: '65535',
  u32MAX: '4294967295',
  u8MIN: '0',
  u16MIN: '0',
  u32MIN: '0',
  u64MIN: '0',
  usizeMIN: '0',
  MAX_SAFE_INTEGER: '9007199254740991',
  MIN_SAFE_INTEGER: '-9007199254740991',
  maxsize: '9223372036854775807',
};

function namedKey(minus: string, name: string): string {
  const negative = !!minus !== /NEG|-1\s*\)|['"]-/.test(name);
  if (/inf/i.test(name)) return negative ? '-Infinity' : 'Infinity';
  if (/nan/i.test(name)) return 'NaN';
  const bound = INT_BOUNDS[name.replace(/^(?:Number|math|sys)\./, '').replace('::', '')];
  if (bound === undefined) return name;
  return norm(minus ? (bound.startsWith('-') ? bound.slice(1) : `-${bound}`) : bound);
}

/** An expected value as the runner printed it without quotes (`42`, `foo`, pytest's `inf`, Go's `+Inf`). */
export function bare(value: string): Literal[] {
  const v = value.trim();
  if (/^[-+]?(?:inf|Inf|infinity|Infinity)$/.test(v)) return [{ value: v, key: v.startsWith('-') ? '-Infinity' : 'Infinity' }];
  if (/^(?:nan|NaN)$/.test(v)) return [{ value: v, key: 'NaN' }];
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

/** Languages whose comments start with `#` only: there `//` is code (Python's floor division). */
const HASH_COMMENTS = /\.(?:py|pyi|rb|sh|bash|toml|ya?ml|ini|cfg|r|pl)$/i;
/** Languages whose comments start with `//` only: there `#` is code (a private field, an attribute). */
const SLASH_COMMENTS = /\.(?:[cm]?[jt]sx?|go|rs|java|kt|swift|cs|c|cc|cpp|h|hpp|scala|dart)$/i;

/** A line without its trailing comment, by the comment marks of the file's language (both when it is not known). */
export function commentStripper(file: string): (line: string) => string {
  if (HASH_COMMENTS.test(file)) return (line) => line.replace(/\s#(?![[!]).*$/, '');
  if (SLASH_COMMENTS.test(file)) return (line) => line.replace(/\s\/\/.*$/, '');
  return stripComment;
}

export function quote(value: string): string {
  return /^-?\d/.test(value) && !/\s/.test(value) ? value : `"${value}"`;
}
