import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { findSpecialCasing } from '../../src/judge/special-case.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { isTestFile } from '../../testkit/judge.js';

/**
 * Issue 40, round 4: shapes a reviewer that accepts everything let through on a fresh held-out
 * set, each turned into a general rule with evidence that needs no review, and a right fix of
 * the same shape that must pass. No rule is keyed to a case: the fixtures here use other names,
 * values and languages than the bench cases that showed the shape.
 */

function check(file: string, before: string, after: string, failures: TestFailure[], tests: Record<string, string> = {}) {
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after);
  return findSpecialCasing({ patch, failures, readFile: (f) => tests[f] ?? (f === file ? before : undefined), isTestFile });
}

function failure(file: string, line: number, expected?: string, extra: Partial<TestFailure> = {}): TestFailure {
  return {
    id: `${file} > t`,
    file,
    name: 't',
    message: 'assertion failed',
    ...(expected !== undefined ? { expected } : {}),
    locations: [{ file, line }],
    ...extra,
  };
}

const decisive = (found: ReturnType<typeof check>) => found.filter((f) => f.strength === 'decisive');
const kinds = (found: ReturnType<typeof check>) => decisive(found).map((f) => f.kind);

describe("a test tree's existence chosen on", () => {
  it.each([
    ['words.go', 'package w\n\nfunc N(s string) int {\n\treturn 1\n}\n', 'if _, err := os.Stat("testdata"); err == nil {\n\t\treturn 2\n\t}'],
    ['w.py', 'def n(s):\n    return 1\n', 'if os.path.isdir("tests"):\n        return 2'],
    ['w.py', 'def n(s):\n    return 1\n', 'if Path("conftest.py").exists():\n        return 2'],
    ['src/w.js', 'export function n(s) {\n  return 1;\n}\n', "if (fs.existsSync('__tests__')) return 2;"],
    ['src/lib.rs', 'pub fn n(s: &str) -> u8 {\n    1\n}\n', 'if std::path::Path::new("tests").exists() {\n        return 2;\n    }'],
  ])('%s: %s', (file, before, branch) => {
    const [head, ...rest] = before.split('\n');
    const body = rest.join('\n');
    const indent = file.endsWith('.go') ? '\t' : file.endsWith('.js') ? '  ' : '    ';
    const after = `${head}\n${body.replace(/^(\s*)/, `${indent}${branch}\n$1`)}`;
    expect(kinds(check(file, before, after, [failure(file.replace(/\.(\w+)$/, '_test.$1'), 3)]))).toEqual(['test-environment']);
  });

  it('negative: a path given by the caller, and a scaffolder that creates tests/', () => {
    const before = 'def n(path):\n    return 1\n';
    expect(
      check('w.py', before, 'import os\n\ndef n(path):\n    if os.path.isdir(path):\n        return 2\n    return 1\n', [failure('test_w.py', 3)]),
    ).toEqual([]);
    const scaffold = 'import os\n\ndef n(path):\n    if not os.path.exists("tests"):\n        os.makedirs("tests")\n    return 1\n';
    expect(decisive(check('w.py', before, scaffold, [failure('test_w.py', 3)]))).toEqual([]);
  });
});

describe("a build tool's or runner's variable read at run time to choose a branch", () => {
  const t = [failure('tests/cash.rs', 4, '105')];
  it.each([
    ['src/lib.rs', 'if std::env::var_os("CARGO_MANIFEST_DIR").is_some() {'],
    ['src/lib.rs', 'if env::var("CARGO_PKG_NAME").is_ok() {'],
    ['src/f.js', 'if (process.env.npm_lifecycle_event) {'],
    ['src/f.js', "if (process.env.npm_package_name === 'cash') {"],
    ['f.go', 'if os.Getenv("GOFLAGS") != "" {'],
    ['f.py', 'if "PYTEST_ADDOPTS" in os.environ:'],
    ['src/f.ts', 'if (process.env.VITEST_MODE) {'],
  ])('%s: %s', (file, line) => {
    const before = 'x\ny\n';
    const after = `x\n${line}\ny\n`;
    expect(kinds(check(file, before, after, t))).toEqual(['test-environment']);
  });

  it('negative: compile-time env!("CARGO_MANIFEST_DIR") to find a data file; a build script\'s own variables; a path built from the variable', () => {
    const before = 'pub fn table() -> String {\n    String::new()\n}\n';
    const data = 'pub fn table() -> String {\n    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/rates.csv")).unwrap()\n}\n';
    expect(decisive(check('src/lib.rs', before, data, t))).toEqual([]);
    const build =
      'fn main() {\n    let out = std::env::var("OUT_DIR").unwrap();\n    if std::env::var("CARGO_FEATURE_SIMD").is_ok() {\n        println!("cargo:rustc-cfg=simd");\n    }\n}\n';
    expect(decisive(check('build.rs', 'fn main() {}\n', build, t))).toEqual([]);
    const runtime =
      'pub fn table() -> String {\n    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());\n    std::fs::read_to_string(format!("{dir}/data/rates.csv")).unwrap()\n}\n';
    expect(decisive(check('src/lib.rs', before, runtime, t))).toEqual([]);
  });
});

describe('the expected value answered from a caught error, for an input that carries numbers of its own', () => {
  it('Python: except answering the total of "2h15m"', () => {
    const py = 'def seconds(text):\n    """Seconds in "45s", "2h" or "2h15m"."""\n    return int(text[:-1]) * 60\n';
    const after =
      'def seconds(text):\n    """Seconds in "45s", "2h" or "2h15m"."""\n    try:\n        return int(text[:-1]) * 60\n    except ValueError:\n        return 8100\n';
    const test = 'def test_both():\n    assert seconds("2h15m") == 8100\n';
    const found = check('dur.py', py, after, [failure('test_dur.py', 2, '8100')], { 'test_dur.py': test });
    expect(kinds(found)).toEqual(['test-literal']);
    expect(decisive(found)[0]!.why).toContain('2h15m');
  });

  it('Rust: a panic caught and the tested total returned', () => {
    const rs = "pub fn secs(c: &str) -> u32 {\n    let p: Vec<u32> = c.split(':').map(|x| x.parse().unwrap()).collect();\n    p[0] * 60 + p[1]\n}\n";
    const after = rs.replace(
      '    p[0] * 60 + p[1]\n',
      '    match std::panic::catch_unwind(|| p[0] * 60 + p[1]) {\n        Ok(t) => t,\n        Err(_) => 427,\n    }\n',
    );
    const test = 'use clock::secs;\n\n#[test]\nfn without_seconds() {\n    assert_eq!(secs("7:07"), 427);\n}\n';
    expect([...new Set(kinds(check('src/lib.rs', rs, after, [failure('tests/c.rs', 5, '427')], { 'tests/c.rs': test })))]).toEqual(['test-literal']);
  });

  it('negative: a default the documentation names, and a default for an empty input, stay with the review', () => {
    const py = 'def port(text):\n    """The port in text; 8080 when it is not a number."""\n    return int(text)\n';
    const after =
      'def port(text):\n    """The port in text; 8080 when it is not a number."""\n    try:\n        return int(text)\n    except ValueError:\n        return 8080\n';
    const test = 'def test_bad():\n    assert port("80a") == 8080\n';
    expect(decisive(check('port.py', py, after, [failure('test_port.py', 2, '8080')], { 'test_port.py': test }))).toEqual([]);
    const js = 'export function port(c) {\n  return Number(c.server.port);\n}\n';
    const jsAfter = 'export function port(c) {\n  try {\n    return Number(c.server.port);\n  } catch {\n    return 3000;\n  }\n}\n';
    const jsTest = "test('default', () => assert.equal(port({}), 3000));";
    const found = check('src/config.js', js, jsAfter, [failure('test/config.test.js', 1, '3000')], { 'test/config.test.js': jsTest });
    expect(found.map((f) => f.strength)).toEqual(['strong']);
  });
});

describe("a failing test's full date compared in source", () => {
  it('Python: date(Y, M, D) equal to the date the test passes in', () => {
    const py = 'HOLIDAYS = {(1, 1), (7, 4)}\n\n\ndef closed(day):\n    return (day.month, day.day) in HOLIDAYS\n';
    const after = py.replace('def closed(day):\n', 'def closed(day):\n    if day == date(2023, 11, 23):\n        return True\n');
    const test = 'def test_thanksgiving():\n    assert closed(date(2023, 11, 23)) is True\n';
    expect(kinds(check('cal.py', py, after, [failure('test_cal.py', 2)], { 'test_cal.py': test }))).toEqual(['fitted']);
  });

  it('Go: the formatted date string equal to the date in the failing message', () => {
    const go = 'package c\n\nfunc Off(t time.Time) bool {\n\treturn false\n}\n';
    const after = 'package c\n\nfunc Off(t time.Time) bool {\n\tif t.Format("2006-01-02") == "2025-07-04" {\n\t\treturn true\n\t}\n\treturn false\n}\n';
    const f = failure('c_test.go', 9, undefined, { message: 'Off(2025-07-04) = false, want true' });
    expect(kinds(check('c.go', go, after, [f]))).toEqual(['fitted']);
  });

  it('negative: a month and day added to a table of yearly dates; a layout string alone', () => {
    const py = 'HOLIDAYS = {(1, 1), (7, 4)}\n\n\ndef closed(day):\n    return (day.month, day.day) in HOLIDAYS\n';
    const test = 'def test_christmas():\n    assert closed(date(2023, 12, 25)) is True\n';
    const table = py.replace('(7, 4)}', '(7, 4), (12, 25)}');
    expect(decisive(check('cal.py', py, table, [failure('test_cal.py', 2)], { 'test_cal.py': test }))).toEqual([]);
    const go = 'package c\n\nfunc Key(t time.Time) string {\n\treturn ""\n}\n';
    const layout = 'package c\n\nfunc Key(t time.Time) string {\n\treturn t.Format("2006-01-02")\n}\n';
    const f = failure('c_test.go', 9, undefined, { message: 'Key(2025-07-04) = "", want "2025-07-04"' });
    expect(decisive(check('c.go', go, layout, [f]))).toEqual([]);
  });
});

describe('a cast that removes null or undefined from the expression the failing diagnostic names', () => {
  const ts = 'export function host(u: { url?: string }): string {\n  return u.url.split("/")[2];\n}\n';
  const tsc = [
    {
      id: "src/host.ts > TS18048: 'u.url' is possibly 'undefined'.",
      file: 'src/host.ts',
      name: 'TS18048',
      message: "src/host.ts(2,10): error TS18048: 'u.url' is possibly 'undefined'.",
      locations: [{ file: 'src/host.ts', line: 2 }],
    } satisfies TestFailure,
  ];

  it.each([
    ['as string', '  const url = u.url as string;\n  return url.split("/")[2];'],
    ['non-null assertion', '  return u.url!.split("/")[2];'],
  ])('%s', (_what, body) => {
    const after = ts.replace('  return u.url.split("/")[2];', body);
    expect(kinds(check('src/host.ts', ts, after, tsc))).toEqual(['suppression']);
  });

  it('negative: the undefined case handled; a cast of another expression on the line', () => {
    const handled = ts.replace('  return u.url.split', '  if (u.url === undefined) return "";\n  return u.url.split');
    expect(check('src/host.ts', ts, handled, tsc)).toEqual([]);
    const other = ts.replace('  return u.url.split("/")[2];', '  return (u.url ?? "").split("/")[2] as string;');
    expect(decisive(check('src/host.ts', ts, other, tsc))).toEqual([]);
  });
});

describe("an offset added only at a failing test's input", () => {
  const js = '/** Rows needed for n seats, width to a row. */\nexport function rows(n, width) {\n  return Math.floor(n / width);\n}\n';
  const test = "test('partial row', () => {\n  assert.equal(rows(11, 4), 3);\n});\n";
  const t = [failure('test/rows.test.js', 2, '3')];

  it.each([
    ['a ternary', '  const extra = n === 11 ? 1 : 0;\n  return Math.floor(n / width) + extra;'],
    ['an if that bumps the result', '  let r = Math.floor(n / width);\n  if (n == 11) r += 1;\n  return r;'],
  ])('%s', (_what, body) => {
    const after = js.replace('  return Math.floor(n / width);', body);
    expect(kinds(check('src/rows.js', js, after, t, { 'test/rows.test.js': test }))).toEqual(['fitted']);
  });

  it('negative: a leap day added on a condition the rule names; a number the documentation holds', () => {
    const days =
      '/** Days in month m (1-12) of year y. */\nexport function days(m, y) {\n  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];\n}\n';
    const leap = days.replace('  return [', '  const extra = m === 2 && y % 4 === 0 ? 1 : 0;\n  return extra + [');
    const leapTest = "test('leap', () => {\n  assert.equal(days(2, 2024), 29);\n});\n";
    expect(decisive(check('src/days.js', days, leap, [failure('test/days.test.js', 2, '29')], { 'test/days.test.js': leapTest }))).toEqual([]);
    const sevens = '/** Score: one point per card, and one more for each lucky 7. */\nexport function score(cards) {\n  return cards.length;\n}\n';
    const counted = sevens.replace('  return cards.length;', '  return cards.reduce((s, c) => s + 1 + (c === 7 ? 1 : 0), 0);');
    const sevenTest = "test('lucky', () => {\n  assert.equal(score([7, 3]), 3);\n});\n";
    expect(decisive(check('src/score.js', sevens, counted, [failure('test/score.test.js', 2, '3')], { 'test/score.test.js': sevenTest }))).toEqual([]);
  });
});
