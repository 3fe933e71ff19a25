import { beforeAll, describe, expect, it } from '@jest/globals';
import type { buildContext } from '../../../src/context/build.js';
import { loadOutlines } from '../../../src/context/symbols/outline.js';
import { firstMessageIn, pad } from '../../../testkit/first-message.js';

// A PR that holds only a new failing test: the bug is one or two calls below what the test calls,
// in a file the test does not import, among code that would fill the budget if pasted whole. The
// first message must show the buggy line within the budget, in every language the graph reads.

beforeAll(async () => {
  expect(await loadOutlines()).toEqual([]);
});

const BUDGET = 2500;
const BUG = 'BUG_IS_HERE';
const isTestFile = (f: string) => /(^|\/)(tests?\/|test_[^/]*\.py$)|_test\.go$/.test(f);
const firstMessage = firstMessageIn(BUDGET, isTestFile);

/** The line that holds the bug, as the first message numbers it (`N: text`). */
function expectShown(ctx: ReturnType<typeof buildContext>, file: string, text: string) {
  const line = text.split('\n').findIndex((l) => l.includes(BUG)) + 1;
  expect(line).toBeGreaterThan(0);
  expect(ctx.shownRanges.some((r) => r.file === file && r.start <= line && line <= r.end)).toBe(true);
  expect(ctx.text).toContain(BUG);
  expect(ctx.tokens).toBeLessThanOrEqual(BUDGET);
}

describe('the first message follows a test-only PR into the code its test calls', () => {
  it('JavaScript: test → total() in cart.js → discount() in a module cart.js imports', () => {
    const discount = [
      pad(60, (i) => `function rule${i}(x) {\n  return x * ${i + 2} - ${i};\n}`),
      'function discount(cents, pct) {',
      `  return Math.round((cents * pct) / 10); // ${BUG}`,
      '}',
      `module.exports = { discount, ${pad(60, (i) => `rule${i}`).replace(/\n/g, ', ')} };`,
      '',
    ].join('\n');
    const cart = [
      "const { discount } = require('./pricing/discount');",
      pad(40, (i) => `function helper${i}(items) {\n  return items.filter((x) => x.kind === ${i}).length;\n}`),
      'function total(items, pct) {',
      '  const sum = items.reduce((a, i) => a + i.cents, 0);',
      '  return sum - discount(sum, pct);',
      '}',
      `module.exports = { total, ${pad(40, (i) => `helper${i}`).replace(/\n/g, ', ')} };`,
      '',
    ].join('\n');
    const base = { 'package.json': '{"name":"shop"}\n', 'src/cart.js': cart, 'src/pricing/discount.js': discount };
    const test =
      "const test = require('node:test');\nconst assert = require('node:assert');\nconst { total } = require('../src/cart');\n\ntest('ten percent off', () => {\n  assert.strictEqual(total([{ cents: 1000 }], 10), 900);\n});\n";
    const ctx = firstMessage(
      base,
      { 'test/total.test.js': test },
      {
        id: 'test/total.test.js > ten percent off',
        file: 'test/total.test.js',
        name: 'ten percent off',
        message: 'Expected values to be strictly equal:\n\n0 !== 900\n',
        expected: '900',
        actual: '0',
        locations: [{ file: 'test/total.test.js', line: 6 }],
      },
    );
    expectShown(ctx, 'src/pricing/discount.js', discount);
  });

  it('Python: test → package function → a helper in a module the test never names', () => {
    const tokens = [
      pad(60, (i) => `def kind_${i}(tok):\n    return tok.startswith("${i}")\n`),
      'def is_boundary(ch):',
      `    return ch in ";," # ${BUG}`,
      '',
    ].join('\n');
    const engine = [
      'from .tokens import is_boundary',
      '',
      pad(30, (i) => `def stage_${i}(stmts):\n    return [s for s in stmts if len(s) > ${i}]\n`),
      'def split_statements(sql):',
      '    out, cur = [], ""',
      '    for ch in sql:',
      '        if is_boundary(ch):',
      '            out.append(cur.strip())',
      '            cur = ""',
      '        else:',
      '            cur += ch',
      '    if cur.strip():',
      '        out.append(cur.strip())',
      '    return out',
      '',
    ].join('\n');
    const base = {
      'sqlkit/__init__.py': 'from .engine import split_statements\n\n\ndef split(sql):\n    return split_statements(sql)\n',
      'sqlkit/engine.py': engine,
      'sqlkit/tokens.py': tokens,
    };
    const test = 'from sqlkit import split\n\n\ndef test_comma_inside_statement():\n    assert split("select a, b; select c") == ["select a, b", "select c"]\n';
    const ctx = firstMessage(
      base,
      { 'tests/test_split.py': test },
      {
        id: 'tests/test_split.py::test_comma_inside_statement',
        file: 'tests/test_split.py',
        name: 'test_comma_inside_statement',
        message: "AssertionError: assert ['select a', 'b', 'select c'] == ['select a, b', 'select c']",
        locations: [{ file: 'tests/test_split.py', line: 5 }],
      },
    );
    expectShown(ctx, 'sqlkit/tokens.py', tokens);
  });

  it('Go: a test in the package → Parse in one file → a scanner in another', () => {
    const scan = [
      'package semver',
      '',
      pad(50, (i) => `func skip${i}(s string) int {\n\treturn len(s) - ${i}\n}\n`),
      'func scanNumber(s string) (int, int) {',
      '\tn, i := 0, 0',
      `\tfor i < len(s) && s[i] >= '1' && s[i] <= '9' { // ${BUG}`,
      "\t\tn = n*10 + int(s[i]-'0')",
      '\t\ti++',
      '\t}',
      '\treturn n, i',
      '}',
      '',
    ].join('\n');
    const parse = [
      'package semver',
      '',
      'type Version struct{ Major, Minor, Patch int }',
      '',
      'func Parse(s string) Version {',
      '\tmajor, i := scanNumber(s)',
      '\tminor, j := scanNumber(s[i+1:])',
      '\tpatch, _ := scanNumber(s[i+j+2:])',
      '\treturn Version{major, minor, patch}',
      '}',
      '',
    ].join('\n');
    const base = { 'go.mod': 'module example.com/semver\n\ngo 1.21\n', 'parse.go': parse, 'scan.go': scan };
    const test =
      'package semver\n\nimport "testing"\n\nfunc TestParseZero(t *testing.T) {\n\tif v := Parse("1.0.2"); v.Patch != 2 {\n\t\tt.Fatalf("patch = %d, want 2", v.Patch)\n\t}\n}\n';
    const ctx = firstMessage(
      base,
      { 'parse_test.go': test },
      {
        id: 'example.com/semver/TestParseZero',
        file: 'parse_test.go',
        name: 'TestParseZero',
        message: 'parse_test.go:7: patch = 0, want 2',
        locations: [{ file: 'parse_test.go', line: 7 }],
      },
    );
    expectShown(ctx, 'scan.go', scan);
  });

  it('Rust: a panic in a test at the end of a long lib.rs → the function it calls → the helper below it', () => {
    const lib = [
      pad(60, (i) => `pub fn helper_${i}(x: i64) -> i64 {\n    let mut y = x;\n    for k in 0..${(i % 5) + 1} {\n        y += k;\n    }\n    y * 2 - x\n}\n`),
      'pub fn span(s: &str) -> i64 {',
      "    let (a, b) = s.split_once(',').unwrap();",
      '    clamp_diff(a.trim().parse().unwrap(), b.trim().parse().unwrap())',
      '}',
      '',
      'fn clamp_diff(a: i64, b: i64) -> i64 {',
      '    let d = b - a;',
      `    if d < 0 { 0 } else { d + 1 } // ${BUG}`,
      '}',
      '',
      pad(300, (i) => `// note ${i}`),
      '',
      '#[cfg(test)]',
      'mod tests {',
      '    use super::*;',
      '',
      '    #[test]',
      '    fn span_counts_the_gap() {',
      '        assert_eq!(span("3, 7"), 4);',
      '    }',
      '}',
      '',
    ].join('\n');
    const at = lib.split('\n').findIndex((l) => l.includes('assert_eq!(span')) + 1;
    const ctx = firstMessage(
      { 'Cargo.toml': '[package]\nname = "gap"\nversion = "0.1.0"\n', 'src/lib.rs': lib },
      {},
      {
        id: 'tests::span_counts_the_gap',
        file: 'src/lib.rs',
        name: 'tests::span_counts_the_gap',
        message: 'assertion `left == right` failed\n  left: 5\n right: 4',
        locations: [{ file: 'src/lib.rs', line: at }],
      },
    );
    // The frame itself, and the code it calls.
    expect(ctx.shownRanges.some((r) => r.file === 'src/lib.rs' && r.start <= at && at <= r.end)).toBe(true);
    expectShown(ctx, 'src/lib.rs', lib);
  });
});

describe('the PR’s own source lines come before code reached by following calls', () => {
  it('a hunk in a file no import or call reaches stays in a full first message', () => {
    // The test calls many functions of a module it imports (bodies enough to fill the budget); the
    // PR changed a file loaded by a computed path, which neither the import graph nor the calls reach.
    const steps = pad(14, (i) => `function step${i}(x) {\n${pad(12, (j) => `  x = x * ${j + 2} + ${i}; // step ${i}.${j}`)}\n  return x;\n}`);
    const pipeline = `${steps}\nfunction run(x) {\n  return ${pad(14, (i) => `step${i}`)
      .split('\n')
      .reduce((acc, f) => `${f}(${acc})`, 'x')};\n}\nmodule.exports = { run };\n`;
    const loader = "const path = require('node:path');\nmodule.exports = (name) => require(path.join(__dirname, 'rules', name));\n";
    const rule = 'module.exports = { limit: 10 };\n';
    const base = { 'src/pipeline.js': pipeline, 'src/load.js': loader, 'src/rules/limit.js': rule };
    const test =
      "const test = require('node:test');\nconst assert = require('node:assert');\nconst { run } = require('../src/pipeline');\n\ntest('runs', () => {\n  assert.ok(run(1) > 0);\n});\n";
    const rules = pad(30, (i) => `  rule${i}: { min: ${i}, max: ${i * 10}, label: 'rule number ${i} of the table' },`);
    const change = { 'src/rules/limit.js': `module.exports = {\n  limit: -10, // ${BUG}\n${rules}\n};\n`, 'test/run.test.js': test };
    const ctx = firstMessage(base, change, {
      id: 'test/run.test.js > runs',
      file: 'test/run.test.js',
      name: 'runs',
      message: 'The expression evaluated to a falsy value',
      locations: [{ file: 'test/run.test.js', line: 6 }],
    });
    expect(ctx.text).toContain(`+  limit: -10, // ${BUG}`);
    expect(ctx.text).toContain('function step');
    expect(ctx.tokens).toBeLessThanOrEqual(BUDGET);
  });
});

describe('a long function the test calls', () => {
  it('is shown whole when the budget holds it (a long serializer with the bug in its middle)', () => {
    const opts = pad(45, (i) => `  if (options.opt${i}) out += '; Opt${i}';`);
    const body = [
      'function serialize(name, value, options) {',
      "  let out = name + '=' + value;",
      opts,
      `  if (options.partitioned) out += ''; // ${BUG}`,
      opts.replace(/opt(\d+)/g, 'more$1').replace(/Opt(\d+)/g, 'More$1'),
      '  return out;',
      '}',
      pad(30, (i) => `function unused${i}(x) {\n  return x + ${i};\n}`),
      'module.exports = { serialize };',
      '',
    ].join('\n');
    expect(body.split('\n').length).toBeGreaterThan(80);
    const test =
      "const assert = require('assert');\nconst cookie = require('../index');\n\nit('adds Partitioned', () => {\n  assert.equal(cookie.serialize('a', 'b', { partitioned: true }), 'a=b; Partitioned');\n});\n";
    const ctx = firstMessage(
      { 'package.json': '{"name":"c"}\n', 'index.js': body },
      { 'test/serialize.js': test },
      {
        id: 'adds Partitioned',
        file: 'test/serialize.js',
        name: 'adds Partitioned',
        message: "'a=b' == 'a=b; Partitioned'",
        locations: [{ file: 'test/serialize.js', line: 5 }],
      },
    );
    expectShown(ctx, 'index.js', body);
  });
});
