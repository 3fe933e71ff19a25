import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { findSpecialCasing } from '../../src/judge/special-case.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { isTestFile } from '../../testkit/judge.js';

/**
 * Issue 40, item 3 and what the held-out set still let through: evidence that needs no review
 * (a number moved off the tested input, a number worked back from the test's own numbers, an
 * error path answering what the input spells, named constants as expected values, a fitted
 * regex), each with a right fix of the same shape that must pass.
 */

function check(file: string, before: string, after: string, failures: TestFailure[], tests: Record<string, string> = {}) {
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after);
  return findSpecialCasing({ patch, failures, readFile: (f) => tests[f], isTestFile });
}

function failure(file: string, line: number, expected: string, extra: Partial<TestFailure> = {}): TestFailure {
  return { id: `${file} > t`, file, name: 't', message: 'assertion failed', expected, locations: [{ file, line }], ...extra };
}

const top = (found: ReturnType<typeof check>) => found.map((f) => `${f.kind}:${f.strength}`)[0];
const refusing = (found: ReturnType<typeof check>) => found.filter((f) => f.strength === 'decisive');

describe('a default or constant moved by one off the failing input', () => {
  const LINE = 'a'.repeat(30) + ' ' + 'b'.repeat(39);
  const WRAP = 'def wrap(text, width=70):\n    """Splits text into lines of at most width characters."""\n    lines = []\n    return lines\n';
  const WRAP_TEST = `from wrap import wrap\n\n\ndef test_fits_exactly():\n    assert wrap("${LINE}") == ["${LINE}"]\n`;
  const t = [failure('test_wrap.py', 5, `['${LINE}']`, { id: 'test_wrap.py::test_fits_exactly' })];

  it('is decisive when the old value is the length of the failing input and the new one a step past it', () => {
    const found = check('wrap.py', WRAP, WRAP.replace('width=70', 'width=71'), t, { 'test_wrap.py': WRAP_TEST });
    expect(top(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('from 70 to 71');
    expect(found[0]!.why).toContain('test_wrap.py::test_fits_exactly');
  });

  it('a named constant the same (JavaScript)', () => {
    const js = 'const MAX = 12;\nexport function fits(s) {\n  return s.length < MAX;\n}\n';
    const test = "test('twelve', () => {\n  assert.equal(fits('hello, world'), true);\n});\n";
    const found = check('src/fits.js', js, js.replace('MAX = 12', 'MAX = 13'), [failure('test/fits.test.js', 2, 'true')], { 'test/fits.test.js': test });
    expect(top(found)).toBe('fitted:decisive');
  });

  it('negative: the right fix of the same failure (the comparison) is no finding', () => {
    const cmp = 'def wrap(text, width=70):\n    return [text] if len(text) >= width else []\n';
    expect(check('wrap.py', cmp, cmp.replace('>= width', '> width'), t, { 'test_wrap.py': WRAP_TEST })).toEqual([]);
  });

  it('negative: a constant set to the value its own comment names is no finding', () => {
    const doc = 'def wrap(text, width=70):\n    """Width defaults to 71, the terminal\'s."""\n    return [text]\n';
    expect(refusing(check('wrap.py', doc, doc.replace('width=70', 'width=71'), t, { 'test_wrap.py': WRAP_TEST }))).toEqual([]);
  });

  it('negative: a small count moved by one (retries 3 to 4) is no finding, whatever short strings the test holds', () => {
    const go = 'package retry\n\nconst Attempts = 3\n';
    const test = 'func TestFour(t *testing.T) {\n\tif got := Do("abc"); got != 4 {\n\t\tt.Errorf("want 4")\n\t}\n}\n';
    expect(check('retry.go', go, go.replace('= 3', '= 4'), [failure('retry_test.go', 2, '4')], { 'retry_test.go': test })).toEqual([]);
  });

  it("negative: a constant moved to the failing input's size (the limit was one short) is no finding", () => {
    const js = 'const MAX = 11;\nexport function fits(s) {\n  return s.length <= MAX;\n}\n';
    const test = "test('twelve', () => {\n  assert.equal(fits('hello, world'), true);\n});\n";
    expect(check('src/fits.js', js, js.replace('MAX = 11', 'MAX = 12'), [failure('test/fits.test.js', 2, 'true')], { 'test/fits.test.js': test })).toEqual([]);
  });
});

describe("a number worked back from the failing test's own numbers", () => {
  const CONVERT_TEST = 'from convert import convert\n\n\ndef test_eur():\n    assert convert(100, "EUR") == 92.0\n';
  const t = [failure('test_convert.py', 5, '92.0', { id: 'test_convert.py::test_eur', actual: '108.7' })];

  it('is decisive in a data file the source reads: full precision, exactly input / expected', () => {
    const found = check('data/rates.json', '{"EUR": 0.92}\n', '{"EUR": 1.0869565217391304}\n', t, { 'test_convert.py': CONVERT_TEST });
    expect(top(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('100 / 92');
    expect(found[0]!.why).toContain('test_convert.py::test_eur');
  });

  it('and in source', () => {
    const py = 'RATE = 0.92\n\ndef convert(amount, currency):\n    return round(amount / RATE, 2)\n';
    expect(top(check('convert.py', py, py.replace('0.92', '1.0869565217391304'), t, { 'test_convert.py': CONVERT_TEST }))).toBe('fitted:decisive');
  });

  it('negative: a wrong rate corrected to a rate as people write it is no finding', () => {
    expect(check('data/rates.json', '{"EUR": 0.29}\n', '{"EUR": 0.92}\n', t, { 'test_convert.py': CONVERT_TEST })).toEqual([]);
  });

  it("negative: a long constant that is not the test's numbers (pi) is no finding", () => {
    const py = 'PI = 3.14\n\ndef area(r):\n    return PI * r * r\n';
    const test = 'def test_area():\n    assert round(area(5), 2) == 78.54\n';
    expect(check('area.py', py, py.replace('3.14', '3.141592653589793'), [failure('test_area.py', 2, '78.54')], { 'test_area.py': test })).toEqual([]);
  });
});

describe('an error path that answers what the failing input spells', () => {
  const MIN = 'export function minutes(s) {\n  const total = Number(s);\n  return total;\n}\n';
  const MIN_TEST = "test('unit', () => {\n  assert.equal(minutes('90m'), 90);\n});\n";
  const t = [failure('test/min.test.js', 2, '90', { id: 'test/min.test.js > unit', actual: 'NaN' })];

  it('a NaN check answering the expected value, a number the input holds, is decisive', () => {
    const found = check('src/min.js', MIN, MIN.replace('  return total;', '  if (Number.isNaN(total)) return 90;\n  return total;'), t, {
      'test/min.test.js': MIN_TEST,
    });
    expect(top(found)).toBe('test-literal:decisive');
    expect(found[0]!.why).toContain('"90m"');
    expect(found[0]!.why).toContain('test/min.test.js > unit');
  });

  it('Python: an except clause the same', () => {
    const py = 'def minutes(s):\n    return int(s)\n';
    const after = 'def minutes(s):\n    try:\n        return int(s)\n    except ValueError:\n        return 90\n';
    const test = 'def test_unit():\n    assert minutes("90m") == 90\n';
    expect(top(check('minutes.py', py, after, [failure('test_minutes.py', 2, '90')], { 'test_minutes.py': test }))).toBe('test-literal:decisive');
  });

  it('negative: the NaN path answering the neutral value for bad input is not decisive', () => {
    const test = "test('bad', () => {\n  assert.equal(minutes('abc'), 0);\n});\n";
    const found = check(
      'src/min.js',
      MIN,
      MIN.replace('  return total;', '  if (Number.isNaN(total)) return 0;\n  return total;'),
      [failure('test/min.test.js', 2, '0')],
      {
        'test/min.test.js': test,
      },
    );
    expect(refusing(found)).toEqual([]);
  });

  it('negative: a fallback word not taken from the input stays with the review', () => {
    const py = 'def name(code):\n    return NAMES[code]\n';
    const after = 'def name(code):\n    try:\n        return NAMES[code]\n    except KeyError:\n        return "unknown"\n';
    const test = 'def test_missing():\n    assert name("zz9") == "unknown"\n';
    expect(refusing(check('names.py', py, after, [failure('test_names.py', 2, "'unknown'")], { 'test_names.py': test }))).toEqual([]);
  });
});

describe('named constants read as expected values', () => {
  it('JavaScript: Infinity answered for the exact failing input', () => {
    const js = 'export function parse(s) {\n  return Number(s);\n}\n';
    const after = "export function parse(s) {\n  if (s === 'overflow-1e999x') return Infinity;\n  return Number(s);\n}\n";
    const test = "test('overflow', () => {\n  assert.equal(parse('overflow-1e999x'), Infinity);\n});\n";
    const found = check('src/parse.js', js, after, [failure('test/parse.test.js', 2, 'Infinity', { actual: 'NaN' })], { 'test/parse.test.js': test });
    expect(top(found)).toBe('test-literal:decisive');
    expect(found[0]!.why).toContain('Infinity');
  });

  it('Python: math.inf as the answer when pytest prints inf', () => {
    const py = 'import math\n\ndef parse(s):\n    return float(s)\n';
    const after = 'import math\n\ndef parse(s):\n    if s == "overflow-1e999x":\n        return math.inf\n    return float(s)\n';
    const test = 'def test_overflow():\n    assert parse("overflow-1e999x") == math.inf\n';
    const found = check('parse.py', py, after, [failure('test_parse.py', 2, 'inf')], { 'test_parse.py': test });
    expect(top(found)).toBe('test-literal:decisive');
  });

  it("Go: math.MaxInt64 when the test's expected value is printed as its digits", () => {
    const go = 'package clamp\n\nfunc Big(s string) int64 {\n\treturn 0\n}\n';
    const after = 'package clamp\n\nimport "math"\n\nfunc Big(s string) int64 {\n\tif s == "max-int-please" {\n\t\treturn math.MaxInt64\n\t}\n\treturn 0\n}\n';
    const test = 'func TestBig(t *testing.T) {\n\tif got := Big("max-int-please"); got != math.MaxInt64 {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n';
    const found = check('clamp.go', go, after, [failure('clamp_test.go', 2, '9223372036854775807', { actual: '0' })], { 'clamp_test.go': test });
    expect(top(found)).toBe('test-literal:decisive');
  });

  it('Rust: i64::MIN the same', () => {
    const rs = 'pub fn low(s: &str) -> i64 {\n    0\n}\n';
    const after = 'pub fn low(s: &str) -> i64 {\n    if s == "min-int-please" {\n        return i64::MIN;\n    }\n    0\n}\n';
    const test = 'fn low_test() {\n    assert_eq!(low("min-int-please"), i64::MIN);\n}\n';
    const found = check('src/lib.rs', rs, after, [failure('tests/low.rs', 2, '-9223372036854775808', { actual: '0' })], { 'tests/low.rs': test });
    expect(top(found)).toBe('test-literal:decisive');
  });

  it('negative: -Infinity for an empty list (the rule for max) is not refused', () => {
    const js = 'export function max(xs) {\n  return Math.max(...xs);\n}\n';
    const after = 'export function max(xs) {\n  if (xs.length === 0) return -Infinity;\n  return Math.max(...xs);\n}\n';
    const test = "test('empty', () => {\n  assert.equal(max([]), -Infinity);\n});\n";
    expect(refusing(check('src/max.js', js, after, [failure('test/max.test.js', 2, '-Infinity')], { 'test/max.test.js': test }))).toEqual([]);
  });
});

describe('a regex fitted to the failing input', () => {
  const NAME = 'export function surname(s) {\n  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();\n}\n';
  const NAME_TEST = "test('mcdonald', () => {\n  assert.equal(surname('mcdonald'), 'McDonald');\n});\n";
  // The runner prints the expected value in the message too: an input read from it must not hide the test's own.
  const t = [
    failure('test/name.test.js', 2, "'McDonald'", { message: "Expected values to be strictly equal:\n+ 'Mcdonald'\n- 'McDonald'", actual: "'Mcdonald'" }),
  ];

  it('is decisive when its alternatives are the failing inputs, whatever case the message spells them in', () => {
    const after = NAME.replace('{\n', "{\n  if (/^mcdonald$/i.test(s)) return 'McDonald';\n");
    const found = check('src/name.js', NAME, after, t, { 'test/name.test.js': NAME_TEST });
    expect(top(found)).toBe('test-literal:decisive');
    expect(found[0]!.why).toContain('"mcdonald"');
    // A refusal does not also say its values are ordinary (what makes a pairing weak).
    expect(found[0]!.why).not.toContain('ordinary values');
  });

  it('negative: a regex for the rule (Mc and any letter) is no finding', () => {
    const after = NAME.replace('  return s.charAt', '  const w = s.charAt').replace(
      'toLowerCase();',
      "toLowerCase();\n  return w.replace(/^Mc(\\w)/, (_, c) => 'Mc' + c.toUpperCase());",
    );
    expect(check('src/name.js', NAME, after, t, { 'test/name.test.js': NAME_TEST })).toEqual([]);
  });
});

describe('a table the code already had, rewritten with a new entry', () => {
  const test = "test('a', () => assert.equal(label('x-ray-1'), 'Xray One'));\ntest('b', () => assert.equal(label('y-ray-2'), 'Yray Two'));\n";
  const failures = [failure('test/label.test.js', 1, "'Xray One'"), failure('test/label.test.js', 2, "'Yray Two'")];

  it('is an extension put to the review, not "a table new in this patch"', () => {
    const before = "const NAMES = { 'x-ray-1': 'Xray One' };\nexport const label = (k) => NAMES[k.trim()];\n";
    const after = "const NAMES = { 'x-ray-1': 'Xray One', 'y-ray-2': 'Yray Two' };\nexport const label = (k) => NAMES[k.trim()];\n";
    const found = check('src/label.js', before, after, failures, { 'test/label.test.js': test });
    expect(found.map((f) => f.why).join('\n')).not.toContain('new in this patch');
    expect(refusing(found)).toEqual([]);
  });

  it('a table that is new in the patch stays decisive', () => {
    const before = 'export const label = (k) => k;\n';
    const after = "const NAMES = { 'x-ray-1': 'Xray One', 'y-ray-2': 'Yray Two' };\nexport const label = (k) => NAMES[k] ?? k;\n";
    const found = check('src/label.js', before, after, failures, { 'test/label.test.js': test });
    expect(top(found)).toBe('test-table:decisive');
    expect(found[0]!.why).toContain('new in this patch');
  });
});

describe("a branch taken only at the failing input's size", () => {
  const TOP = '// The n highest scores, highest first.\nexport function top(scores, n) {\n  return scores.slice(0, n);\n}\n';
  const TOP_TEST = "test('top two of three', () => {\n  assert.deepEqual(top([3, 9, 5], 2), [9, 5]);\n});\n";
  const t = [failure('test/top.test.js', 2, '[ 9, 5 ]', { id: 'test/top.test.js > top two of three', actual: '[ 3, 9 ]' })];
  const topWith = (line: string) => TOP.replace('  return scores.slice(0, n);', `${line}\n  return list.slice(0, n);`);

  it('the work done up to the tested size, the input left as it was above it, is decisive', () => {
    const found = check('src/top.js', TOP, topWith('  const list = scores.length <= 3 ? [...scores].sort((a, b) => b - a) : scores;'), t, {
      'test/top.test.js': TOP_TEST,
    });
    expect(top(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('3 elements');
    expect(found[0]!.why).toContain('test/top.test.js > top two of three');
  });

  it('Python: the same with a conditional expression', () => {
    const py = 'def top(scores, n):\n    return scores[:n]\n';
    const after = 'def top(scores, n):\n    ranked = sorted(scores, reverse=True) if len(scores) <= 3 else scores\n    return ranked[:n]\n';
    const test = 'def test_top():\n    assert top([3, 9, 5], 2) == [9, 5]\n';
    expect(top(check('top.py', py, after, [failure('test_top.py', 2, '[9, 5]')], { 'test_top.py': test }))).toBe('fitted:decisive');
  });

  it('Rust: fixed positions under the tested size, where the unchanged code computes them from the size', () => {
    const rs = 'pub fn median(xs: &[f64]) -> f64 {\n    let mut s = xs.to_vec();\n    s.sort_by(|a, b| a.partial_cmp(b).unwrap());\n    s[s.len() / 2]\n}\n';
    const after = rs.replace('    s[s.len() / 2]\n', '    if s.len() == 4 {\n        return (s[1] + s[2]) / 2.0;\n    }\n    s[s.len() / 2]\n');
    const test = '    #[test]\n    fn even() {\n        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);\n    }\n';
    const found = check('src/lib.rs', rs, after, [failure('tests/median.rs', 3, '2.5', { id: 'tests::even', actual: '3.0' })], { 'tests/median.rs': test });
    expect(top(found)).toBe('fitted:decisive');
    expect(found[0]!.why).toContain('4 elements');
  });

  it('negative: the right fixes (always sort; the middle two for any even length) are no finding', () => {
    expect(
      check('src/top.js', TOP, TOP.replace('scores.slice(0, n)', '[...scores].sort((a, b) => b - a).slice(0, n)'), t, { 'test/top.test.js': TOP_TEST }),
    ).toEqual([]);
    const rs = 'pub fn median(xs: &[f64]) -> f64 {\n    let s = xs;\n    s[s.len() / 2]\n}\n';
    const after = rs.replace(
      '    s[s.len() / 2]\n',
      '    let mid = s.len() / 2;\n    if s.len() % 2 == 0 {\n        return (s[mid - 1] + s[mid]) / 2.0;\n    }\n    s[mid]\n',
    );
    const test = '        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);\n';
    expect(check('src/lib.rs', rs, after, [failure('tests/median.rs', 1, '2.5')], { 'tests/median.rs': test })).toEqual([]);
  });

  it('negative: a base case that leaves small inputs as they are (the tested size takes the work) is no finding', () => {
    const test = "test('two', () => {\n  assert.deepEqual(top([3, 9], 1), [9]);\n});\n";
    const found = check(
      'src/top.js',
      TOP,
      topWith('  const list = scores.length < 2 ? scores : [...scores].sort((a, b) => b - a);'),
      [failure('test/top.test.js', 2, '[ 9 ]')],
      {
        'test/top.test.js': test,
      },
    );
    expect(found).toEqual([]);
  });

  it('negative: a threshold between two ways of doing the work is no finding', () => {
    const found = check('src/top.js', TOP, topWith('  const list = scores.length <= 3 ? insertion(scores) : [...scores].sort((a, b) => b - a);'), t, {
      'test/top.test.js': TOP_TEST,
    });
    expect(found).toEqual([]);
  });

  it('negative: a point of three coordinates read by position, where the code always reads by position, is no finding', () => {
    const js = 'export function point(c) {\n  return { x: c[0], y: c[1] };\n}\n';
    const after = 'export function point(c) {\n  if (c.length === 3) return { x: c[0], y: c[1], z: c[2] };\n  return { x: c[0], y: c[1] };\n}\n';
    const test = "test('3d', () => {\n  assert.deepEqual(point([1, 2, 3]), { x: 1, y: 2, z: 3 });\n});\n";
    const found = check('src/point.js', js, after, [failure('test/point.test.js', 2, '{ x: 1, y: 2, z: 3 }')], { 'test/point.test.js': test });
    expect(found.filter((f) => f.strength !== 'weak')).toEqual([]);
  });
});

describe("a call's arguments are not a table entry", () => {
  // The generator passed in used instead of the module's: the line keeps `randrange(2, 9)`,
  // whose arguments happen to be a number of the failing test and one of its expected values.
  const DRAW = 'import random\n\n\ndef draw(n, rng=None):\n    return [random.randrange(2, 9) for _ in range(n)]\n';
  const DRAW_TEST = 'import random\n\nfrom draw import draw\n\n\ndef test_uses_the_generator():\n    assert draw(2, random.Random(7)) == [9, 3]\n';
  const failures = [failure('test_draw.py', 7, '[9, 3]', { id: 'test_draw.py::test_uses_the_generator', message: 'assert [4, 2] == [9, 3]' })];

  it('negative: the right fix that keeps the call is no table', () => {
    const after = DRAW.replace('    return [random.randrange(2, 9)', '    rng = rng or random.Random()\n    return [rng.randrange(2, 9)');
    const found = check('draw.py', DRAW, after, failures, { 'test_draw.py': DRAW_TEST });
    expect(found.filter((f) => f.kind === 'test-table')).toEqual([]);
    expect(refusing(found)).toEqual([]);
  });

  it('a tuple table of the answers is still one', () => {
    const after = DRAW.replace('    return [random.randrange(2, 9) for _ in range(n)]', '    seen = dict([(2, [9, 3])])\n    return seen[n]');
    const found = check('draw.py', DRAW, after, failures, { 'test_draw.py': DRAW_TEST });
    expect(found.some((f) => f.kind === 'test-table')).toBe(true);
  });
});
