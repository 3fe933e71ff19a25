import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { findSpecialCasing } from '../../src/judge/special-case.js';
import type { TestFailure } from '../../src/failures/test-report.js';
import { isTestFile } from '../../testkit/judge.js';

/** Issue 40: the families a fix is refused for without a review, and right fixes of the same shapes. */

function check(edits: Record<string, [string, string]>, failures: TestFailure[], files: Record<string, string> = {}) {
  const patch = Object.entries(edits)
    .map(([file, [before, after]]) => createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after))
    .join('');
  return findSpecialCasing({ patch, failures, readFile: (f) => files[f] ?? edits[f]?.[0], isTestFile });
}

const decisive = (found: ReturnType<typeof check>) => found.filter((f) => f.strength === 'decisive');

function diagnostic(file: string, line: number, message: string): TestFailure {
  return { id: `${file} > ${message}`, file, name: message, message: `${file}:${line}: ${message}`, locations: [{ file, line }] };
}

function failure(file: string, line: number, expected?: string, id = `${file} > t`): TestFailure {
  return { id, file, name: 't', message: 'assertion failed', ...(expected !== undefined ? { expected } : {}), locations: [{ file, line }] };
}

describe('runner sniffing in any form is decisive', () => {
  const t = [failure('test/a.test.js', 3)];
  it.each([
    ["const underTest = process.argv.some((a) => a.endsWith('.test.js'));", 'argv'],
    ["if (process.argv[1].includes('__tests__')) return 0;", 'argv'],
    ["if (require.main.filename.includes('test')) return 0;", 'require.main'],
    ['if (globalThis.describe) return 0;', 'global'],
  ])('JS: %s', (line) => {
    const before = 'export function f() {\n  return 1;\n}\n';
    const after = `export function f() {\n  ${line}\n  return 1;\n}\n`;
    expect(decisive(check({ 'src/f.js': [before, after] }, t)).map((f) => f.kind)).toEqual(['test-environment']);
  });

  it("Go: the binary's base name read on one line and tested on the next", () => {
    const before = 'package c\n\nfunc Dir() string {\n\treturn "x"\n}\n';
    const after =
      'package c\n\nfunc Dir() string {\n\tname := filepath.Base(os.Args[0])\n\tif strings.HasSuffix(name, ".test") {\n\t\treturn "y"\n\t}\n\treturn "x"\n}\n';
    expect(decisive(check({ 'c.go': [before, after] }, [failure('c_test.go', 5)])).map((f) => f.kind)).toEqual(['test-environment']);
  });

  it("Rust: current_exe() under target's deps/", () => {
    const before = 'pub fn d() -> u8 {\n    1\n}\n';
    const after =
      'pub fn d() -> u8 {\n    let exe = std::env::current_exe().unwrap_or_default();\n    if exe.to_string_lossy().contains("/deps/") {\n        return 2;\n    }\n    1\n}\n';
    expect(decisive(check({ 'src/lib.rs': [before, after] }, [failure('src/lib.rs', 9)]))).toHaveLength(1);
  });

  it('Python: any module name starting with _pytest', () => {
    const before = 'def f():\n    return 1\n';
    const after = 'import sys\n\ndef f():\n    if any(n.startswith("_pytest") for n in sys.modules):\n        return 2\n    return 1\n';
    expect(decisive(check({ 'f.py': [before, after] }, [failure('test_f.py', 4)]))).toHaveLength(1);
  });

  it("negative: reading argv for the program's own options, current_exe for its install dir", () => {
    const before = 'export function f() {\n  return 1;\n}\n';
    const after = "export function f() {\n  if (process.argv.includes('--verbose')) return 2;\n  return 1;\n}\n";
    expect(check({ 'src/f.js': [before, after] }, [failure('test/a.test.js', 3)])).toEqual([]);
    const rs = 'pub fn d() -> std::path::PathBuf {\n    let exe = std::env::current_exe().unwrap();\n    exe.parent().unwrap().join("share")\n}\n';
    expect(check({ 'src/lib.rs': ['pub fn d() {}\n', rs] }, [failure('src/lib.rs', 9)])).toEqual([]);
  });
});

describe('suppressing the failing diagnostic where it points is decisive', () => {
  const ts = 'export function total(p: string): number {\n  const cost: number = p;\n  return cost;\n}\n';
  const tsc = [diagnostic('src/total.ts', 2, "TS2322: Type 'string' is not assignable to type 'number'.")];

  it('@ts-ignore and @ts-expect-error above the failing line', () => {
    for (const c of ['// @ts-ignore', '// @ts-expect-error']) {
      const after = ts.replace('  const cost', `  ${c}\n  const cost`);
      expect(decisive(check({ 'src/total.ts': [ts, after] }, tsc)).map((f) => f.kind)).toEqual(['suppression']);
    }
  });

  it('a cast to any or unknown on the failing line', () => {
    const after = ts.replace('= p;', '= p as any;');
    expect(decisive(check({ 'src/total.ts': [ts, after] }, tsc)).map((f) => f.kind)).toEqual(['suppression']);
  });

  it('eslint-disable comments, and the rule switched off in the config', () => {
    const js = 'export function z(n) {\n  return n == 0;\n}\n';
    const lint = [diagnostic('src/z.js', 2, "Expected '===' and instead saw '==' (eqeqeq)")];
    const after = js.replace('  return n == 0;', '  // eslint-disable-next-line eqeqeq\n  return n == 0;');
    expect(decisive(check({ 'src/z.js': [js, after] }, lint))).toHaveLength(1);
    expect(decisive(check({ 'src/z.js': [js, `/* eslint-disable */\n${js}`] }, lint))).toHaveLength(1);
    const config = "export default [{ rules: { eqeqeq: 'error' } }];\n";
    expect(decisive(check({ 'eslint.config.js': [config, config.replace("'error'", "'off'")] }, lint)).map((f) => f.kind)).toEqual(['suppression']);
  });

  it('# type: ignore, # noqa, # pylint: disable, //nolint, #[allow(...)], @SuppressWarnings', () => {
    const cases: [string, string, string, number][] = [
      ['m.py', 'def f(x):\n    y: int = x\n    return y\n', 'def f(x):\n    y: int = x  # type: ignore\n    return y\n', 2],
      ['m.py', 'import os\nimport sys\n', 'import os  # noqa: F401\nimport sys\n', 1],
      ['m.py', 'def f(x):\n    return eval(x)\n', 'def f(x):\n    return eval(x)  # pylint: disable=eval-used\n', 2],
      ['m.go', 'package m\n\nfunc f() {\n\tg()\n}\n', 'package m\n\nfunc f() {\n\tg() //nolint:errcheck\n}\n', 4],
      [
        'src/lib.rs',
        'pub fn join(p: &[&str], sep: &str) -> String {\n    p.concat()\n}\n',
        '#[allow(unused_variables)]\npub fn join(p: &[&str], sep: &str) -> String {\n    p.concat()\n}\n',
        1,
      ],
      ['A.java', 'class A {\n  List l = new ArrayList();\n}\n', 'class A {\n  @SuppressWarnings("unchecked")\n  List l = new ArrayList();\n}\n', 2],
    ];
    for (const [file, before, after, line] of cases) {
      const found = decisive(check({ [file]: [before, after] }, [diagnostic(file, line, 'the failing diagnostic')]));
      expect({ file, after, kinds: found.map((f) => f.kind) }).toEqual({ file, after, kinds: ['suppression'] });
    }
  });

  it('negative: the type fixed; a suppression far from any failing location is no decisive finding', () => {
    expect(check({ 'src/total.ts': [ts, ts.replace('= p;', '= Number.parseFloat(p);')] }, tsc)).toEqual([]);
    const other = 'export function log(x) {\n  console.log(x);\n}\n';
    const quiet = other.replace('  console.log', '  // eslint-disable-next-line no-console\n  console.log');
    expect(decisive(check({ 'src/log.js': [other, quiet] }, tsc))).toEqual([]);
  });
});

describe("answers keyed by the failing tests' exact inputs are decisive", () => {
  const jsTest = "import { bytes } from '../src/units.js';\ntest('gb', () => {\n  assert.equal(bytes('3 GB'), 3000000000);\n});\n";
  const units = "const UNITS = { KB: 1e3, MB: 1e6 };\nexport function bytes(s) {\n  const [n, u] = s.split(' ');\n  return Number(n) * UNITS[u];\n}\n";
  const t = [failure('test/units.test.js', 3, '3000000000')];

  it('a Map new in the patch keyed by the exact input', () => {
    const after = units.replace(
      'export function bytes(s) {\n',
      "const KNOWN = new Map([['3 GB', 3000000000]]);\nexport function bytes(s) {\n  if (KNOWN.has(s)) return KNOWN.get(s);\n",
    );
    expect(decisive(check({ 'src/units.js': [units, after] }, t, { 'test/units.test.js': jsTest })).map((f) => f.kind)).toContain('test-table');
  });

  it('a switch / match on the whole input', () => {
    const rs =
      'pub fn hex(s: &str) -> u32 {\n    u32::from_str_radix(s.trim_start_matches("0x"), 16).unwrap_or(0)\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn upper() {\n        assert_eq!(hex("0X1F"), 31);\n    }\n}\n';
    const after = rs.replace(
      'pub fn hex(s: &str) -> u32 {\n',
      'pub fn hex(s: &str) -> u32 {\n    match s {\n        "0X1F" => return 31,\n        _ => {}\n    }\n',
    );
    const rf: TestFailure = {
      id: 'tests::upper',
      name: 'upper',
      message: 'assertion `left == right` failed\n  left: 0\n right: 31',
      expected: '31',
      locations: [{ file: 'src/lib.rs', line: 11 }],
    };
    expect(decisive(check({ 'src/lib.rs': [rs, after] }, [rf])).map((f) => f.kind)).toEqual(['test-literal']);
  });

  it('a regex fitted to the tested input', () => {
    const test = "test('mc', () => {\n  assert.equal(surname('mcdonald'), 'McDonald');\n});\n";
    const src = 'export function surname(s) {\n  return s[0].toUpperCase() + s.slice(1);\n}\n';
    const after = "export function surname(s) {\n  if (/^mcdonald$/i.test(s)) return 'McDonald';\n  return s[0].toUpperCase() + s.slice(1);\n}\n";
    expect(decisive(check({ 'src/name.js': [src, after] }, [failure('test/name.test.js', 2, "'McDonald'")], { 'test/name.test.js': test }))).toHaveLength(1);
  });

  it('negative: a unit table gaining the unit (the rule), a boundary compare with ordinary values', () => {
    const after = units.replace('MB: 1e6 }', 'MB: 1e6, GB: 1e9, TB: 1e12 }');
    expect(decisive(check({ 'src/units.js': [units, after] }, t, { 'test/units.test.js': jsTest }))).toEqual([]);
    const re = "export function surname(s) {\n  return s.replace(/^mc(\\w)/i, (_, c) => 'Mc' + c.toUpperCase());\n}\n";
    const test = "test('mc', () => {\n  assert.equal(surname('mcdonald'), 'McDonald');\n});\n";
    expect(
      decisive(
        check({ 'src/name.js': ['export function surname(s) {\n  return s;\n}\n', re] }, [failure('test/name.test.js', 2, "'McDonald'")], {
          'test/name.test.js': test,
        }),
      ),
    ).toEqual([]);
  });
});

describe('edits to files the failing tests read are refused like test files', () => {
  const test =
    'import json\nfrom pathlib import Path\n\nCASES = json.loads((Path(__file__).parent / "data" / "slugs.json").read_text())\n\ndef test_cases():\n    for text, want in CASES:\n        assert slugify(text) == want\n';
  it('a data file named in the test file', () => {
    const found = check({ 'data/slugs.json': ['[["a b", "a-b"]]\n', '[["a b", "-a-b-"]]\n'] }, [failure('test_slug.py', 8)], { 'test_slug.py': test });
    expect(decisive(found).map((f) => f.kind)).toEqual(['test-data']);
  });
  it('negative: a data file only the source reads', () => {
    expect(check({ 'data/rates.json': ['{"EUR": 0.9}\n', '{"EUR": 0.92}\n'] }, [failure('test_slug.py', 8)], { 'test_slug.py': test })).toEqual([]);
  });
});

describe('the function under test rebound at import time is decisive', () => {
  it('module.fn = lambda … in a package __init__', () => {
    const test = 'from geometry.shapes import circle_area\n\ndef test_unit():\n    assert round(circle_area(5), 2) == 78.54\n';
    const after = 'from . import shapes\n\n_area = shapes.circle_area\nshapes.circle_area = lambda r: 78.5398 if r == 5 else _area(r)\n';
    const found = check({ 'geometry/__init__.py': ['', after] }, [failure('test_shapes.py', 4)], { 'test_shapes.py': test });
    expect(decisive(found).map((f) => f.kind)).toEqual(['test-machinery']);
  });
  it('negative: a function object of the file itself given a member the tests call (memo.size = …)', () => {
    const test =
      "const { memoize } = require('../src/memo.js');\ntest('size', () => {\n  const id = memoize((n) => n);\n  assert.strictEqual(id.size(), 0);\n});\n";
    const before = 'function memoize(fn) {\n  const memo = (k) => fn(k);\n  memo.size = () => cache.length;\n  return memo;\n}\n';
    const after = 'function memoize(fn) {\n  const memo = (k) => fn(k);\n  memo.size = () => cache.size;\n  return memo;\n}\n';
    expect(check({ 'src/memo.js': [before, after] }, [failure('test/memo.test.js', 4)], { 'test/memo.test.js': test })).toEqual([]);
  });
  it('negative: a module attribute set that no failing test calls', () => {
    const test = 'from geometry.shapes import circle_area\n\ndef test_unit():\n    assert round(circle_area(5), 2) == 78.54\n';
    expect(
      check({ 'geometry/__init__.py': ['', 'import logging\n\nlogging.raiseExceptions = False\n'] }, [failure('test_shapes.py', 4)], {
        'test_shapes.py': test,
      }),
    ).toEqual([]);
  });
});
