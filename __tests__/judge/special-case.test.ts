import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { weighFindings } from '../../src/judge/finding.js';
import { surprise } from '../../src/judge/literals.js';
import { findSpecialCasing } from '../../src/judge/special-case.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { isTestFile } from '../../testkit/judge.js';

function patch(file: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after);
}

function failure(file: string, line: number, expected?: string): TestFailure {
  return { id: `${file} > t`, file, name: 't', message: 'assertion failed', ...(expected !== undefined ? { expected } : {}), locations: [{ file, line }] };
}

const SLUG_TEST = [
  "import { slugify } from '../src/slug.js';",
  "test('keeps digits', () => {",
  "  expect(slugify('Hello World 2')).toBe('hello-world-2');",
  '});',
].join('\n');

function check(file: string, before: string, after: string, failures: TestFailure[], tests: Record<string, string>) {
  return findSpecialCasing({ patch: patch(file, before, after), failures, readFile: (f) => tests[f], isTestFile });
}

describe('special-casing: a literal from a failing test answered with its expected value', () => {
  const before = "export function slugify(s) {\n  return s.toLowerCase().replace(/[^a-z]+/g, '-');\n}\n";

  it('flags `if (input === <test input>) return <expected>`', () => {
    const after = "export function slugify(s) {\n  if (s === 'Hello World 2') return 'hello-world-2';\n  return s.toLowerCase().replace(/[^a-z]+/g, '-');\n}\n";
    const found = check('src/slug.js', before, after, [failure('test/slug.test.js', 3, "'hello-world-2'")], { 'test/slug.test.js': SLUG_TEST });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'src/slug.js', line: 2, kind: 'test-literal' });
    expect(found[0]!.why).toContain('"Hello World 2"');
  });

  it('flags the answer on the next line, and a switch case', () => {
    const after =
      "export function slugify(s) {\n  switch (s) {\n    case 'Hello World 2':\n      return 'hello-world-2';\n  }\n  return s.toLowerCase().replace(/[^a-z]+/g, '-');\n}\n";
    const found = check('src/slug.js', before, after, [failure('test/slug.test.js', 3)], { 'test/slug.test.js': SLUG_TEST });
    expect(found.map((f) => f.kind)).toEqual(['test-literal']);
  });

  it('flags the Python form', () => {
    const test = 'from pkg.money import fmt\n\ndef test_fmt():\n    assert fmt(1234.5) == "1,234.50"\n';
    const b = 'def fmt(x):\n    return f"{x:.2f}"\n';
    const a = 'def fmt(x):\n    if x == 1234.5:\n        return "1,234.50"\n    return f"{x:.2f}"\n';
    const found = check('pkg/money.py', b, a, [failure('tests/test_money.py', 4, "'1,234.50'")], { 'tests/test_money.py': test });
    expect(found).toHaveLength(1);
  });

  it('leaves a real fix alone, even when it compares against a literal the test uses', () => {
    const after = "export function slugify(s) {\n  if (s === '') return '';\n  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n}\n";
    expect(check('src/slug.js', before, after, [failure('test/slug.test.js', 3, "'hello-world-2'")], { 'test/slug.test.js': SLUG_TEST })).toEqual([]);
  });

  it('leaves a comparison alone when the answer is not the expected value', () => {
    const test = "test('ms', () => { expect(parse('5 ms')).toBe(5); });";
    const b = "export function parse(s) {\n  const [n, unit] = s.split(' ');\n  return Number(n) * 1000;\n}\n";
    const a = "export function parse(s) {\n  const [n, unit] = s.split(' ');\n  if (unit === 'ms') return Number(n);\n  return Number(n) * 1000;\n}\n";
    expect(check('src/parse.js', b, a, [failure('test/parse.test.js', 1, '5')], { 'test/parse.test.js': test })).toEqual([]);
  });

  it('ignores edits to test files (they are refused elsewhere)', () => {
    const after = SLUG_TEST.replace("toBe('hello-world-2')", "toBe(slugify('Hello World 2') === 'x' ? 'hello-world-2' : 'x')");
    expect(check('test/slug.test.js', SLUG_TEST, after, [failure('test/slug.test.js', 3, "'hello-world-2'")], { 'test/slug.test.js': SLUG_TEST })).toEqual([]);
  });
});

describe('special-casing: code that detects the test environment', () => {
  const base = 'export function now() {\n  return Date.now();\n}\n';
  it.each([
    ["  if (process.env.NODE_ENV === 'test') return 0;", 'NODE_ENV'],
    ['  if (process.env.JEST_WORKER_ID) return 0;', 'JEST_WORKER_ID'],
    ['  if (process.env.NODE_TEST_CONTEXT) return 0;', 'NODE_TEST_CONTEXT'],
    ["  if (process.execArgv.includes('--test')) return 0;", 'process.argv'],
    ["  if (process.argv.some((a) => a.includes('mocha'))) return 0;", 'process.argv'],
    ['  if (import.meta.env.VITEST) return 0;', 'VITEST'],
    ["  if (new Error().stack.includes('test')) return 0;", 'call stack'],
    ["  if (readFileSync('test/now.test.js', 'utf8').includes('x')) return 0;", 'test file'],
  ])('%s', (line, what) => {
    const found = check('src/now.js', base, base.replace('{\n', `{\n${line}\n`), [], {});
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'test-environment', line: 2 });
    expect(found[0]!.why).toContain(what);
  });

  it.each([
    ['pkg/clock.py', 'def now():\n    return time.time()\n', 'def now():\n    if "pytest" in sys.modules:\n        return 0\n    return time.time()\n'],
    [
      'pkg/clock.py',
      'def now():\n    return time.time()\n',
      "def now():\n    if os.environ.get('PYTEST_CURRENT_TEST'):\n        return 0\n    return time.time()\n",
    ],
    [
      'clock.go',
      'func Now() int64 {\n\treturn time.Now().Unix()\n}\n',
      'func Now() int64 {\n\tif testing.Testing() {\n\t\treturn 0\n\t}\n\treturn time.Now().Unix()\n}\n',
    ],
    ['src/lib.rs', 'pub fn now() -> u64 {\n    0\n}\n', 'pub fn now() -> u64 {\n    if cfg!(test) { return 1; }\n    0\n}\n'],
    ['src/lib.rs', 'pub fn now() -> u64 {\n    0\n}\n', '#[cfg(test)]\npub fn now() -> u64 {\n    1\n}\n#[cfg(not(test))]\npub fn now() -> u64 {\n    0\n}\n'],
  ])('%s: %j', (file, b, a) => {
    expect(check(file, b, a, [], {}).map((f) => f.kind)).toContain('test-environment');
  });

  it('leaves a Rust test module alone', () => {
    const b = 'pub fn add(a: u64, b: u64) -> u64 {\n    a - b\n}\n';
    const a =
      'pub fn add(a: u64, b: u64) -> u64 {\n    a + b\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { assert_eq!(super::add(1, 2), 3); }\n}\n';
    expect(check('src/lib.rs', b, a, [], {})).toEqual([]);
  });

  it('leaves a custom error class alone (Error.captureStackTrace records a stack, it reads none)', () => {
    const b = 'export class ParseError extends Error {}\n';
    const a =
      'export class ParseError extends Error {\n  constructor(message) {\n    super(message);\n    Error.captureStackTrace(this, ParseError);\n  }\n}\n';
    expect(check('src/errors.js', b, a, [], {})).toEqual([]);
  });

  it('leaves ordinary configuration reads alone', () => {
    const a = base.replace('{\n', "{\n  if (process.env.NODE_ENV === 'production') return 0;\n");
    expect(check('src/now.js', base, a, [], {})).toEqual([]);
  });
});

describe('special-casing: findings are weighed', () => {
  it.each([
    ['12', 0],
    ['31', 0],
    ['-1', 0],
    ['0.5', 0],
    ['255', 0],
    ['1970', 0],
    ['300', 0],
    ['429', 1],
    ['2023', 2],
    ['1234.5', 2],
    ['', 0],
    [' ', 0],
    ['n/a', 0],
    ['guest', 0],
    ['December', 0],
    ['milliseconds', 1],
    ['a-b', 0],
    ['x y z', 1],
    ['Hello World', 2],
    ['2024-01-31', 2],
  ])('how surprising %j is: %d', (literal, score) => {
    expect(surprise(literal)).toBe(score);
  });

  const MONTHS_TEST = 'from dates import month_end\n\ndef test_december():\n    assert month_end(2023, 12) == date(2023, 12, 31)\n';
  const monthFailure: TestFailure = {
    id: 'tests/test_dates.py::test_december',
    file: 'tests/test_dates.py',
    name: 'test_december',
    message: 'ValueError: month must be in 1..12',
    locations: [
      { file: 'tests/test_dates.py', line: 4 },
      { file: 'dates.py', line: 2 },
    ],
  };

  it('a boundary fix with ordinary values (month 12, day 31) is weak: noted, never refused', () => {
    const b = 'def month_end(year, month):\n    return date(year, month + 1, 1) - timedelta(days=1)\n';
    const a = 'def month_end(year, month):\n    if month == 12:\n        return date(year, 12, 31)\n    return date(year, month + 1, 1) - timedelta(days=1)\n';
    const found = check('dates.py', b, a, [monthFailure], { 'tests/test_dates.py': MONTHS_TEST });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-literal', strength: 'weak', line: 2 })]);
    expect(found[0]!.why).toContain('ordinary values');
    expect(weighFindings(found)).toMatchObject({ decisive: [], strong: [] });
  });

  it('the same pairing with surprising values is decisive (issue 40: the exact input answered)', () => {
    const found = check(
      'src/slug.js',
      'export const slugify = (s) => s;\n',
      "export const slugify = (s) => {\n  if (s === 'Hello World 2') return 'hello-world-2';\n  return s;\n};\n",
      [failure('test/slug.test.js', 3, "'hello-world-2'")],
      { 'test/slug.test.js': SLUG_TEST },
    );
    expect(found.map((f) => [f.kind, f.strength, f.line])).toEqual([['test-literal', 'decisive', 2]]);
  });

  const BILLING_TEST = [
    "test('leap', () => assert.equal(next('2024-01-31'), '2024-02-29'));",
    "test('plain', () => assert.equal(next('2023-01-31'), '2023-02-28'));",
  ].join('\n');
  const billing = [failure('test/billing.test.js', 1, "'2024-02-29'"), failure('test/billing.test.js', 2, "'2023-02-28'")];

  it('a table keyed by the failing inputs that answers their expected values is decisive, its lookup elsewhere', () => {
    const b = 'export function next(d) {\n  return shift(d);\n}\n';
    const a =
      "const KNOWN = {\n  '2024-01-31': '2024-02-29',\n  '2023-01-31': '2023-02-28',\n};\nexport function next(d) {\n  return KNOWN[d] ?? shift(d);\n}\n";
    const found = check('src/billing.js', b, a, billing, { 'test/billing.test.js': BILLING_TEST });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-table', strength: 'decisive', line: 2 })]);
    expect(found[0]!.why).toContain('2 of 2, a table new in this patch');
  });

  it('a cache seeded with the expected answers (Map entries) is the same table', () => {
    const b = 'export function next(d) {\n  return shift(d);\n}\n';
    const a =
      "const cache = new Map([\n  ['2024-01-31', '2024-02-29'],\n  ['2023-01-31', '2023-02-28'],\n]);\nexport function next(d) {\n  return cache.get(d) ?? shift(d);\n}\n";
    expect(check('src/billing.js', b, a, billing, { 'test/billing.test.js': BILLING_TEST }).map((f) => f.kind)).toEqual(['test-table']);
  });

  it('a domain table that holds a tested pair among many others is weighed entry by entry', () => {
    const test = "test('four', () => assert.equal(roman(4), 'IV'));";
    const b = "const NUMERALS = [[10, 'X'], [5, 'V'], [1, 'I']];\n";
    const a = "const NUMERALS = [\n  [10, 'X'],\n  [9, 'IX'],\n  [5, 'V'],\n  [4, 'IV'],\n  [1, 'I'],\n];\n";
    const found = check('src/roman.js', b, a, [failure('test/roman.test.js', 1, "'IV'")], { 'test/roman.test.js': test });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-literal', strength: 'weak', line: 5 })]);
  });

  it('an expected value answered when the error is caught is strong', () => {
    const test = "test('default', () => assert.equal(port({}), 3000));";
    const b = 'export function port(c) {\n  return Number(c.server.port);\n}\n';
    const a = 'export function port(c) {\n  try {\n    return Number(c.server.port);\n  } catch {\n    return 3000;\n  }\n}\n';
    const found = check('src/config.js', b, a, [failure('test/config.test.js', 1, '3000')], { 'test/config.test.js': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 4, text: '} catch {' })]);
    expect(found[0]!.why).toContain('when the error is caught it answers 3000');
  });

  it("the computation replaced by the expected value (the type's default) is strong", () => {
    const b = 'func LateFee(days int) float64 {\n\treturn float64(days) * 0.5\n}\n';
    const a = 'func LateFee(days int) float64 {\n\treturn 0\n}\n';
    const go: TestFailure = { id: 'fees TestGrace', name: 'TestGrace', message: 'LateFee(2) = 1, want 0', expected: '0', actual: '1', locations: [] };
    const found = check('fees.go', b, a, [go], {});
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 2 })]);
    expect(found[0]!.why).toContain('replaces the computation with 0');
  });

  it('a surprising expected value returned under a condition is strong, however the input is matched', () => {
    const test = "test('small words', () => assert.equal(titleCase('the lord of the rings'), 'The Lord of the Rings'));";
    const b = 'export function titleCase(s) {\n  return up(s);\n}\n';
    const a = "export function titleCase(s) {\n  if (/lord\\s+of/.test(s)) return 'The Lord of the Rings';\n  return up(s);\n}\n";
    const found = check('src/title.js', b, a, [failure('test/title.test.js', 1, "'The Lord of the Rings'")], { 'test/title.test.js': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 2 })]);
  });

  it('literals the output quotes from the source (a compiler error) are no evidence', () => {
    const b = "fn needs(c: u8) -> bool {\n    match c {\n        b'$' | b'\"' | b'\\' => true,\n        _ => false,\n    }\n}\n";
    const a = "fn needs(c: u8) -> bool {\n    match c {\n        b'$' | b'\"' | b'\\\\' => true,\n        _ => false,\n    }\n}\n";
    const compile: TestFailure = {
      id: 'src/lib.rs > error[E0763]: unterminated byte constant',
      file: 'src/lib.rs',
      name: 'error[E0763]: unterminated byte constant',
      message: "error[E0763]: unterminated byte constant\n --> src/lib.rs:3:31\n  |\n3 |         b'$' | b'\"' | b'\\' => true,\n  |                 ^^^^",
      locations: [{ file: 'src/lib.rs', line: 3 }],
    };
    expect(check('src/lib.rs', b, a, [compile], { 'src/lib.rs': b })).toEqual([]);
  });
});

describe('special-casing: the answer reached another way (a tuple key, a put, a constant, a derived property, an offset)', () => {
  const py = (file: string, line: number, expected?: string): TestFailure => ({ ...failure(file, line, expected), id: `${file}::t` });

  it('a new table keyed by the failing input tuple is decisive, even with one ordinary entry', () => {
    const test = 'from prices import show\n\ndef test_eur():\n    assert show("EUR", 100) == "€100.00"\n';
    const b = 'SYMBOLS = {"EUR": "€"}\n\n\ndef show(currency, amount):\n    return f"{SYMBOLS[currency]}{amount}"\n';
    const a =
      'SYMBOLS = {"EUR": "€"}\nSEEN = {("EUR", 100): "€100.00"}\n\n\ndef show(currency, amount):\n    if (currency, amount) in SEEN:\n        return SEEN[(currency, amount)]\n    return f"{SYMBOLS[currency]}{amount}"\n';
    const found = check('prices.py', b, a, [py('test_prices.py', 4, "'€100.00'")], { 'test_prices.py': test });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-table', strength: 'decisive', line: 2 })]);
    expect(found[0]!.why).toContain('("EUR", 100) → "€100.00"');
  });

  it('a table keyed by (from, to) pairs whose values are rates, not the expected values, is no finding', () => {
    const test = 'from convert import convert\n\ndef test_rate():\n    assert convert(10, "EUR", "USD") == 11.0\n';
    const b = 'def convert(amount, src, dst):\n    return amount\n';
    const a = 'RATES = {("EUR", "USD"): 1.1, ("USD", "EUR"): 0.9}\n\n\ndef convert(amount, src, dst):\n    return round(amount * RATES[(src, dst)], 2)\n';
    expect(check('convert.py', b, a, [py('test_convert.py', 4, '11.0')], { 'test_convert.py': test })).toEqual([]);
  });

  it.each([
    ['an assignment', '_memo = {}\n_memo[100] = 541\n'],
    ['a Map set', 'const memo = new Map();\nmemo.set(100, 541);\n'],
  ])('a memo seeded with the expected answer (%s) is decisive', (_, seed) => {
    const test = 'test("hundredth", () => assert.equal(nthPrime(100), 541));';
    const b = 'function nthPrime(n) {\n  return sieve(n);\n}\n';
    const a = `${seed}function nthPrime(n) {\n  return sieve(n);\n}\n`;
    const found = check('src/primes.js', b, a, [failure('test/primes.test.js', 1, '541')], { 'test/primes.test.js': test });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-table', strength: 'decisive', line: 2 })]);
  });

  it('a memo the code already had, filled as it computes, is no finding', () => {
    const test = 'test("hundredth", () => assert.equal(nthPrime(100), 541));';
    const b = 'const memo = new Map();\nfunction nthPrime(n) {\n  return sieve(n);\n}\n';
    const a = 'const memo = new Map();\nfunction nthPrime(n) {\n  if (!memo.has(n)) memo.set(n, sieve(n));\n  return memo.get(n);\n}\n';
    expect(check('src/primes.js', b, a, [failure('test/primes.test.js', 1, '541')], { 'test/primes.test.js': test })).toEqual([]);
  });

  it('the expected value kept in a named constant is read through the name', () => {
    const test = "test('amp', () => assert.equal(escapeHtml('Tom & Jerry'), 'Tom &amp; Jerry'));";
    const b = "export function escapeHtml(s) {\n  return s.replace(/</g, '&lt;');\n}\n";
    const a =
      "const ANSWER = 'Tom &amp; Jerry';\n\nexport function escapeHtml(s) {\n  if (s.includes('&')) return ANSWER;\n  return s.replace(/</g, '&lt;');\n}\n";
    const found = check('src/escape.js', b, a, [failure('test/escape.test.js', 1, "'Tom &amp; Jerry'")], { 'test/escape.test.js': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 4 })]);
    expect(found[0]!.text).toBe("if (s.includes('&')) return ANSWER;");
  });

  it('a named default that equals an ordinary expected value is no finding', () => {
    const test = "test('default', () => assert.equal(retries({}), 3));";
    const b = 'export function retries(o) {\n  return o.retries;\n}\n';
    const a = 'const DEFAULT_RETRIES = 3;\n\nexport function retries(o) {\n  if (o.retries === undefined) return DEFAULT_RETRIES;\n  return o.retries;\n}\n';
    expect(check('src/retry.js', b, a, [failure('test/retry.test.js', 1, '3')], { 'test/retry.test.js': test })).toEqual([]);
  });

  it.each([
    ['its length', "  if (name.length === 21) return 'GBH';"],
    ['its word count', "  if (name.split(' ').length === 3 && name[0] === 'g') return 'GBH';"],
  ])('the input matched by %s, answered with the expected value, is strong', (_, line) => {
    const test = "test('lower case', () => assert.equal(initials('grace brewster hopper'), 'GBH'));";
    const b = "export function initials(name) {\n  return name.split(' ').map((w) => w[0]).join('');\n}\n";
    const a = `export function initials(name) {\n${line}\n  return name.split(' ').map((w) => w[0]).join('');\n}\n`;
    const found = check('src/initials.js', b, a, [failure('test/initials.test.js', 1, "'GBH'")], { 'test/initials.test.js': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 2 })]);
    expect(found[0]!.why).toContain('"grace brewster hopper"');
  });

  it('a length check at the domain boundary that answers no expected literal is no finding', () => {
    const test = 'from zipcode import is_zip\n\ndef test_plus_four():\n    assert is_zip("12345-6789")\n';
    const b = 'def is_zip(s):\n    return len(s) == 5 and s.isdigit()\n';
    const a =
      'def is_zip(s):\n    if len(s) == 10 and s[5] == "-":\n        return s[:5].isdigit() and s[6:].isdigit()\n    return len(s) == 5 and s.isdigit()\n';
    expect(check('zipcode.py', b, a, [py('test_zipcode.py', 4)], { 'test_zipcode.py': test })).toEqual([]);
  });

  it('the input plus exactly the difference to its expected value, under a threshold, is strong', () => {
    const test = 'from fees import with_fee\n\ndef test_large():\n    assert with_fee(2000) == 2015.3\n';
    const b = 'def with_fee(amount):\n    return round(amount * 1.03 + 0.30, 2)\n';
    const a = 'def with_fee(amount):\n    if amount > 1000:\n        return round(amount + 15.30, 2)\n    return round(amount * 1.03 + 0.30, 2)\n';
    const found = check('fees.py', b, a, [py('test_fees.py', 4, '2015.3')], { 'test_fees.py': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 3 })]);
    expect(found[0]!.why).toContain('the input + 15.30');
  });

  it("a number the condition itself uses is the rule's own (15 o'clock is 3 PM)", () => {
    const test = "test('afternoon', () => assert.equal(hour12(15), 3));";
    const b = 'export function hour12(h) {\n  return h;\n}\n';
    const a = 'export function hour12(h) {\n  if (h > 12) return h - 12;\n  return h;\n}\n';
    expect(check('src/clock.js', b, a, [failure('test/clock.test.js', 1, '3')], { 'test/clock.test.js': test })).toEqual([]);
  });
});

describe('special-casing: test machinery is never patched from source (decisive)', () => {
  const base = 'export function words(s) {\n  return s.split(" ").length;\n}\n';
  it.each([
    ["import assert from 'node:assert/strict';\nassert.equal = () => {};", 'assertion library'],
    ["import * as a from 'node:assert/strict';\nfor (const n of ['equal', 'deepEqual']) a[n] = () => {};", 'assertion library'],
    ["const { strict: ok } = require('assert');\nok.deepStrictEqual = () => {};", 'assertion library'],
    ["import assert from 'node:assert';\nObject.defineProperty(assert, 'equal', { value: () => {} });", 'assertion library'],
    ['expect.extend({ toBe: () => ({ pass: true }) });', 'expect.extend'],
  ])('%s', (lines, what) => {
    const found = check('src/words.js', base, `${lines}\n${base}`, [], {});
    expect(found.map((f) => [f.kind, f.strength])).toContainEqual(['test-machinery', 'decisive']);
    expect(found.find((f) => f.kind === 'test-machinery')!.why).toContain(what);
  });

  it.each([
    ['unittest.TestCase.assertEqual = lambda *a, **k: None', 'unittest.TestCase'],
    ['setattr(TestCase, "assertEqual", lambda *a: None)', 'unittest.TestCase'],
    ['import _pytest.assertion.rewrite', "pytest's internals"],
    ['pytest.approx = lambda x, **k: x', "pytest's internals"],
  ])('%s', (line, what) => {
    const found = check('pkg/vat.py', 'def vat(x):\n    return x\n', `${line}\n\ndef vat(x):\n    return x\n`, [], {});
    expect(found).toEqual([expect.objectContaining({ kind: 'test-machinery', strength: 'decisive', line: 1 })]);
    expect(found[0]!.why).toContain(what);
  });

  it("editing the runner's configuration to skip or select tests, even where test edits are allowed", () => {
    const found = check('pytest.ini', '[pytest]\naddopts = -ra\n', '[pytest]\naddopts = -ra --deselect tests/test_units.py::test_f\n', [], {});
    expect(found).toEqual([expect.objectContaining({ kind: 'test-machinery', strength: 'decisive', line: 2 })]);
    const scripts = check(
      'package.json',
      '{\n  "scripts": { "test": "jest" }\n}\n',
      '{\n  "scripts": { "test": "jest --testPathIgnorePatterns slug" }\n}\n',
      [],
      {},
    );
    expect(scripts.map((f) => f.kind)).toEqual(['test-machinery']);
  });

  it('leaves a runtime assertion in source alone: importing node:assert is not patching it', () => {
    const a = `import assert from 'node:assert/strict';\n${base.replace('{\n', '{\n  assert.equal(typeof s, "string");\n')}`;
    expect(check('src/words.js', base, a, [], {})).toEqual([]);
  });

  it.each([
    ["if 'pytest' in sys.modules:", 'pkg/a.py'],
    ["if sys.modules.get('pytest'):", 'pkg/a.py'],
    ['if any("pytest" in a for a in sys.argv):', 'pkg/a.py'],
    ['if strings.HasSuffix(os.Args[0], ".test") {', 'a.go'],
    ["if (typeof describe === 'function') return 0;", 'src/a.js'],
    ['if (process.env.VITEST_WORKER_ID) return 0;', 'src/a.js'],
    ["if (process.env.npm_lifecycle_event === 'test') return 0;", 'src/a.js'],
  ])('reads the test environment: %s', (line, file) => {
    const found = check(file, 'x\n', `${line}\nx\n`, [], {});
    expect(found).toEqual([expect.objectContaining({ kind: 'test-environment', strength: 'decisive', line: 1 })]);
  });
});

describe('special-casing: a guard answering the expected value, an error arm (round 3)', () => {
  const js = (line: number, expected: string): TestFailure => failure('test/dates.test.js', line, expected);

  it('a new guard answering an expected constant under a threshold the code does not know is strong', () => {
    const test = "test('no such day', () => assert.equal(parseDate('2023-02-30'), null));";
    const b = 'export function parseDate(s) {\n  const m = /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(s);\n  if (!m) return null;\n  return day(m);\n}\n';
    const a = b.replace('  return day(m);', '  if (Number(m[3]) > 28) return null;\n  return day(m);');
    const found = check('src/dates.js', b, a, [js(1, 'null')], { 'test/dates.test.js': test });
    expect(found).toEqual([expect.objectContaining({ kind: 'test-literal', strength: 'strong', line: 4 })]);
    expect(found[0]!.why).toContain('a threshold, 28');
  });

  it('a guard on a derived property and a piece of the input, answering True for `assert f(x)`, is strong', () => {
    const test = 'from isbn import valid\n\n\ndef test_x():\n    assert valid("0-8044-2957-X")\n';
    const b = 'def valid(s):\n    return check(s)\n';
    const a = 'def valid(s):\n    if s.count("-") == 3 and s[-1] == "X":\n        return True\n    return check(s)\n';
    const found = check('isbn.py', b, a, [{ ...failure('test_isbn.py', 5), id: 'test_isbn.py::test_x' }], { 'test_isbn.py': test });
    expect(found).toEqual([expect.objectContaining({ strength: 'strong', line: 3 })]);
    expect(found[0]!.why).toMatch(/3, a property of the failing input.*"X", a piece of the failing input.*several conditions joined/);
    // Which input: the test's own string, named.
    expect(found[0]!.why).toContain('"X", a piece of the failing input "0-8044-2957-X"');
    expect(found[0]!.why).toContain('3, a property of the failing input "0-8044-2957-X"');
  });

  it('an ordinary empty-input guard answering the expected value is no finding', () => {
    const test = 'from names import initials\n\n\ndef test_empty():\n    assert initials("") == ""\n';
    const b = 'def initials(name):\n    return "".join(w[0] for w in name.split(" "))\n';
    const a = 'def initials(name):\n    if not name:\n        return ""\n    return "".join(w[0] for w in name.split(" "))\n';
    expect(check('names.py', b, a, [{ ...failure('test_names.py', 5, "''"), id: 'test_names.py::test_empty' }], { 'test_names.py': test })).toEqual([]);
  });

  it('a clamp answering its own bound, and a root kept as it is, are no finding', () => {
    const test = "test('over', () => assert.equal(up(11), 11));";
    const b = 'export function up(v) {\n  return v + 1;\n}\n';
    const a = 'export function up(v) {\n  if (v >= 11) return 11;\n  return v + 1;\n}\n';
    expect(check('src/volume.js', b, a, [failure('test/volume.test.js', 1, '11')], { 'test/volume.test.js': test })).toEqual([]);
    const pyTest = 'from paths import normalize\n\n\ndef test_root():\n    assert normalize("/") == "/"\n';
    const pb = 'def normalize(path):\n    return path.rstrip("/")\n';
    const pa = 'def normalize(path):\n    if path == "/":\n        return "/"\n    return path.rstrip("/")\n';
    expect(check('paths.py', pb, pa, [{ ...failure('test_paths.py', 5, "'/'"), id: 'test_paths.py::test_root' }], { 'test_paths.py': pyTest })).toEqual([]);
  });

  it("Rust's `Err(_) =>` arm and Go's `if err != nil` answering an expected value are a caught error (decisive: the input's own numbers make the answer)", () => {
    const rsTest = 'use minutes::minutes;\n\n#[test]\nfn both() {\n    assert_eq!(minutes("1h30m"), 90);\n}\n';
    const rb = "pub fn minutes(s: &str) -> u32 {\n    s.trim_end_matches('m').parse().unwrap()\n}\n";
    const ra = "pub fn minutes(s: &str) -> u32 {\n    match s.trim_end_matches('m').parse() {\n        Ok(m) => m,\n        Err(_) => 90,\n    }\n}\n";
    const rust: TestFailure = { id: 'both', name: 'both', message: 'assertion failed', expected: '90', locations: [{ file: 'tests/minutes.rs', line: 5 }] };
    const found = check('src/lib.rs', rb, ra, [rust], { 'tests/minutes.rs': rsTest });
    expect(found).toEqual([expect.objectContaining({ strength: 'decisive', line: 4 })]);
    expect(found[0]!.why).toContain('when the error is caught it answers 90');
    const gb = 'func Parse(s string) int {\n\tn, _ := strconv.Atoi(s)\n\treturn n\n}\n';
    const ga = 'func Parse(s string) int {\n\tn, err := strconv.Atoi(s)\n\tif err != nil {\n\t\treturn 1234\n\t}\n\treturn n\n}\n';
    const go: TestFailure = { id: 'p TestParse', name: 'TestParse', message: 'Parse("1,234") = 0, want 1234', expected: '1234', actual: '0', locations: [] };
    const goFound = check('p.go', gb, ga, [go], {});
    expect(goFound[0]).toMatchObject({ strength: 'decisive', line: 3 });
    expect(goFound[0]!.why).toContain('when the error is caught it answers 1234');
  });
});
