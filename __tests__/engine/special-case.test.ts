import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { findSpecialCasing } from '../../src/engine/special-case.js';
import type { TestFailure } from '../../src/testing/report.js';

const isTestFile = (f: string) => /(^|\/)(tests?|__tests__)\/|\.test\.|_test\.|(^|\/)test_/.test(f);

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
