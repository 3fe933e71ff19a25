import { afterEach, describe, expect, it } from '@jest/globals';
import { buildContext } from '../../src/context/build.js';
import { merge, ShownLines } from '../../src/context/shown-lines.js';
import type { TestFailure, TestReport } from '../../src/failures/test-report.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const isTestFile = (f: string) => /(^|\/)tests?\//.test(f);
const failure = (file: string, name: string, extra: Partial<TestFailure> = {}): TestFailure => ({
  id: `${file} > ${name}`,
  file,
  name,
  message: 'Expected values to be strictly equal',
  locations: [],
  ...extra,
});

function context(base: Record<string, string>, change: Record<string, string>, failures: TestFailure[], budget: number) {
  const r = makeRepo(base, change);
  cleanups.push(r.cleanup);
  const diff = gitIn(r.dir, 'diff', 'main');
  const report: TestReport = { format: 'node-test-spec', failures };
  return buildContext({ root: r.dir, testCommand: 'node --test', report, diff, budget, isTestFile });
}
const count = (text: string, needle: string) => text.split(needle).length - 1;
const lines = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join('\n') + '\n';

describe('buildContext: one ranked budget', () => {
  it('spends the budget on the source hunk before lockfile, version bump and test hunks', () => {
    const base = {
      'Cargo.toml': '[package]\nname = "kv"\nversion = "0.4.2"\n',
      'Cargo.lock': lines(80, (i) => `[[package]]\nname = "dep${i}"\nversion = "1.0.${i}"\n`),
      'src/lib.rs': 'pub mod parse;\npub use parse::parse;\n',
      'src/parse.rs': 'pub fn parse(s: &str) -> String {\n    s.to_string()\n}\n',
      'tests/parse.rs': 'use kv::parse;\n',
    };
    const change = {
      'Cargo.toml': '[package]\nname = "kv"\nversion = "0.5.0"\n',
      'Cargo.lock': lines(80, (i) => `[[package]]\nname = "dep${i}"\nversion = "1.1.${i}"\n`),
      'src/parse.rs': 'pub fn parse(s: &str) -> String {\n    s.trim_end_matches("BUG_IS_HERE").to_string()\n}\n',
      'tests/parse.rs':
        'use kv::parse;\n' + lines(60, (i) => `#[test]\nfn case_${i}() { assert_eq!(parse("input number ${i} with words"), "input number ${i} with words"); }`),
    };
    const ctx = context(base, change, [failure('tests/parse.rs', 'case_3')], 700);
    expect(ctx.text).toContain('BUG_IS_HERE');
    expect(ctx.text).not.toContain('+version = "1.1.0"');
    expect(ctx.text).toMatch(/more hunks? not shown|not shown, in .*Cargo\.lock/);
    expect(ctx.tokens).toBeLessThanOrEqual(700);
  });

  it('follows a barrel re-export to the file the PR changed', () => {
    const base = {
      'src/index.js': "export { slugify } from './slug.js';\nexport * from './other.js';\n",
      'src/slug.js': 'export const slugify = (s) => s.toLowerCase();\n',
      'src/other.js': 'export const other = 1;\n',
      'test/slug.test.js': "import { slugify } from '../src/index.js';\n",
      'README.md': '# slugs\n',
    };
    const change = {
      'src/index.js': "export { slugify, truncateSlug } from './slug.js';\nexport * from './other.js';\n",
      'src/slug.js': 'export const slugify = (s) => s.toLowerCase();\nexport const truncateSlug = (s, n) => s.slice(0, n - 1); // NEW_FUNCTION\n',
      'test/slug.test.js':
        "import { slugify, truncateSlug } from '../src/index.js';\n" +
        lines(40, (i) => `test('t${i}', () => assert.equal(truncateSlug('abcdefgh-${i}', 3), 'abc'));`),
      'README.md': '# slugs\n\n' + lines(40, (i) => `Line ${i} of the documentation of truncateSlug.`),
    };
    const ctx = context(base, change, [failure('test/slug.test.js', 't1')], 600);
    expect(ctx.text).toContain('NEW_FUNCTION');
    expect(ctx.shownFiles).toContain('src/slug.js');
  });

  it('reaches an unchanged file two imports away through a Python __init__.py', () => {
    const base = {
      'units/__init__.py': 'from .convert import to_meters\nfrom .table import FACTORS\n',
      'units/convert.py': 'from .table import FACTORS\n\n\ndef to_meters(v, u):\n    return v * FACTORS[u]\n',
      'units/table.py': 'FACTORS = {"yd": 0.9114}  # OLD_TYPO\n',
      'tests/test_units.py': 'from units import to_meters\n',
    };
    const change = {
      'units/__init__.py': 'from .convert import to_meters\nfrom .parse import parse_length\nfrom .table import FACTORS\n',
      'units/parse.py': 'from .convert import to_meters\n\n\ndef parse_length(t):\n    n, u = t.split()\n    return to_meters(float(n), u)\n',
      'tests/test_parse.py': 'from units import parse_length\n\n\ndef test_yd():\n    assert parse_length("1 yd") == 0.9144\n',
    };
    const ctx = context(base, change, [failure('tests/test_parse.py', 'test_yd')], 2000);
    expect(ctx.text).toContain('OLD_TYPO');
    expect(ctx.shownFiles).toContain('units/table.py');
  });

  it('lets the failures leave what they do not use to the code', () => {
    // One short failure and a 140-line imported file of ~1,700 tokens: more than a fixed 35% share of 3,000.
    const big = lines(140, (i) => `export const value${i} = ${i}; // line ${i}`);
    const base = { 'src/values.js': big, 'test/values.test.js': "import { value100 } from '../src/values.js';\n" };
    const change = { 'test/values.test.js': "import { value100 } from '../src/values.js';\ntest('v', () => {});\n" };
    const ctx = context(base, change, [failure('test/values.test.js', 'value100')], 3000);
    expect(ctx.text).toContain('// line 0\n');
    expect(ctx.text).toContain('// line 139\n');
  });
});

describe('buildContext: the ranks below the import graph', () => {
  it('gives a source hunk the tests do not reach precedence over test hunks, and test hunks over a version bump', () => {
    const base = {
      'package.json': `{\n  "name": "x",\n  "dependencies": {\n${lines(60, (i) => `    "dependency-number-${i}": "^1.0.${i}",`)}    "last": "1.0.0"\n  }\n}\n`,
      'src/a.js': 'export const a = 1;\n',
      'src/far.js': 'export const far = 1;\n',
      'test/a.test.js': "import { a } from '../src/a.js';\n",
    };
    const change = {
      'package.json': `{\n  "name": "x",\n  "dependencies": {\n${lines(60, (i) => `    "dependency-number-${i}": "^2.0.${i}",`)}    "last": "1.0.0"\n  }\n}\n`,
      'src/far.js': 'export const far = 2; // FAR_CHANGE\n',
      'test/a.test.js': "import { a } from '../src/a.js';\n" + lines(50, (i) => `test('case ${i} of many', () => assert.equal(a, ${i}));`),
    };
    const small = context(base, change, [failure('test/a.test.js', 'case 1 of many')], 420);
    expect(small.text).toContain('FAR_CHANGE');
    expect(small.text).not.toContain("test('case 30 of many'");
    const larger = context(base, change, [failure('test/a.test.js', 'case 1 of many')], 1400);
    expect(larger.text).toContain("test('case 30 of many'");
    expect(larger.text).not.toContain('"^2.0.1"');
    expect(larger.text).toMatch(/not shown, in package\.json/);
  });
});

describe('buildContext: each line once', () => {
  it('merges overlapping snippets into one block', () => {
    const src = lines(120, (i) => `x${i} = ${i}  # ROW_${i}`);
    const ctx = context(
      { 'pkg/mod.py': src, 'tests/test_mod.py': 'from pkg.mod import x1\n' },
      { 'tests/test_mod.py': 'from pkg.mod import x1\n\n\ndef test_a():\n    assert x1 == 2\n' },
      [
        failure('tests/test_mod.py', 'a', { locations: [{ file: 'pkg/mod.py', line: 40 }] }),
        failure('tests/test_mod.py', 'b', { locations: [{ file: 'pkg/mod.py', line: 45 }] }),
      ],
      3000,
    );
    expect(count(ctx.text, 'ROW_44\n')).toBe(1);
    expect(count(ctx.text, 'ROW_40\n')).toBe(1);
  });

  it('leaves out of the diff a hunk that only adds lines a snippet already shows', () => {
    const base = { 'src/a.js': 'export const a = 1;\n', 'test/a.test.js': "import { a } from '../src/a.js';\n" };
    const change = { 'src/a.js': 'export const a = 1;\nexport const b = () => 2; // ADDED_LINE\n' };
    const ctx = context(base, change, [failure('test/a.test.js', 'b', { locations: [{ file: 'src/a.js', line: 2 }] })], 3000);
    expect(count(ctx.text, 'ADDED_LINE')).toBe(1);
  });

  it('does not show again in a snippet the lines a diff hunk shows', () => {
    const base = { 'src/a.js': lines(20, (i) => `export const v${i} = ${i}; // V${i}`), 'test/a.test.js': "import { v10 } from '../src/a.js';\n" };
    const change = { 'src/a.js': base['src/a.js'].replace('v10 = 10;', 'v10 = 11;') };
    const ctx = context(base, change, [failure('test/a.test.js', 'v10')], 3000);
    expect(count(ctx.text, '= 11; // V10\n')).toBe(1);
    expect(count(ctx.text, '// V9\n')).toBe(1);
    // The rest of the small file is still there, around the hunk.
    expect(ctx.text).toContain('// V0\n');
    expect(ctx.text).toContain('// V19\n');
  });
});

describe('merge / ShownLines', () => {
  it('joins overlapping and touching ranges', () => {
    expect(
      merge([
        [10, 20],
        [1, 5],
        [6, 8],
        [15, 30],
        [40, 41],
      ]),
    ).toEqual([
      [1, 8],
      [10, 30],
      [40, 41],
    ]);
  });

  it('gives the parts of a range not yet shown by snippets or hunks', () => {
    const s = new ShownLines();
    s.addSnippet('a', 10, 20);
    s.addDiff('a', 30, 35);
    expect(s.uncovered('a', 1, 40)).toEqual([
      [1, 9],
      [21, 29],
      [36, 40],
    ]);
    expect(s.uncovered('a', 12, 18)).toEqual([]);
    expect(s.covers('a', 12, 18)).toBe(true);
    expect(s.covers('a', 30, 31)).toBe(false);
  });
});

describe('buildContext: the diff in order of likelihood', () => {
  it('prints source hunks before a lockfile and a version bump, even when everything fits', () => {
    const base = {
      'package.json': '{\n  "name": "x",\n  "version": "1.0.0"\n}\n',
      'package-lock.json': '{\n  "version": "1.0.0"\n}\n',
      'src/a.js': 'export const a = 1;\n',
      'test/a.test.js': "import { a } from '../src/a.js';\n",
    };
    const change = {
      'package.json': '{\n  "name": "x",\n  "version": "1.1.0"\n}\n',
      'package-lock.json': '{\n  "version": "1.1.0"\n}\n',
      'src/a.js': 'export const a = 2;\n',
    };
    const ctx = context(base, change, [failure('test/a.test.js', 'a')], 3000);
    const diff = ctx.text.slice(ctx.text.indexOf('## What this branch changed'));
    expect(diff.indexOf('+++ b/src/a.js')).toBeGreaterThan(0);
    expect(diff.indexOf('+++ b/src/a.js')).toBeLessThan(diff.indexOf('+++ b/package.json'));
    expect(diff.indexOf('+++ b/src/a.js')).toBeLessThan(diff.indexOf('+++ b/package-lock.json'));
  });
});

describe('buildContext: the first line', () => {
  it('keeps a very long test command in the first line, cut in its middle, instead of losing the line', () => {
    const r = makeRepo({ 'src/a.js': 'export const a = 1;\n' }, { 'src/a.js': 'export const a = 2;\n' });
    cleanups.push(r.cleanup);
    const testCommand = `START ${'x'.repeat(2000)} END`;
    const report: TestReport = { format: 'node-test-spec', failures: [failure('test/a.test.js', 'a')] };
    const ctx = buildContext({ root: r.dir, testCommand, report, diff: gitIn(r.dir, 'diff', 'main'), budget: 2000, isTestFile });
    const first = ctx.text.split('\n')[0]!;
    expect(first).toMatch(/^The test command `START x+…x+ END` fails: 1 failing test\. Fix the code/);
    expect(first.length).toBeLessThan(450);
  });
});
