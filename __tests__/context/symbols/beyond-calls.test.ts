import { beforeAll, describe, expect, it } from '@jest/globals';
import type { buildContext } from '../../../src/context/build.js';
import { loadOutlines } from '../../../src/context/symbols/outline.js';
import { firstMessageIn, pad } from '../../../testkit/first-message.js';

// Where following calls stops short: the bug sits in a module-level regex or table the failing
// function reads, in a function passed as a value whose error text the failure quotes, at a call of
// a library function the failure names, or in the function a module exports by default. Each is
// a shape of a real fix the benchmark's corpus missed (cookie's domain regex, go-semver's
// constraint regex built in init(), pflag's ipConv and ParseUint base, deepmerge's factory).

beforeAll(async () => {
  expect(await loadOutlines()).toEqual([]);
});

const BUDGET = 2500;
const BUG = 'BUG_IS_HERE';
const isTestFile = (f: string) => /(^|\/)(tests?\/|test_[^/]*\.py$)|_test\.go$/.test(f);
const firstMessage = firstMessageIn(BUDGET, isTestFile);

function shows(ctx: ReturnType<typeof buildContext>, file: string, text: string): boolean {
  const line = text.split('\n').findIndex((l) => l.includes(BUG)) + 1;
  expect(line).toBeGreaterThan(0);
  expect(ctx.tokens).toBeLessThanOrEqual(BUDGET);
  return ctx.shownRanges.some((r) => r.file === file && r.start <= line && line <= r.end);
}

describe('the first message shows what the failing code reads, not only what it calls', () => {
  it('JavaScript: a module-level regex the function at the frame tests, with its comment', () => {
    const index = [
      "'use strict';",
      pad(30, (i) => `var re${i} = /^x${i}$/;`),
      '/**',
      ' * RegExp to match domain-value in RFC 6265 sec 4.1.1',
      ' */',
      '',
      `var domainValueRegExp = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i; // ${BUG}`,
      pad(60, (i) => `function util${i}(s) {\n  return re${i % 30}.test(s) ? s.length + ${i} : -${i};\n}`),
      'function serialize(name, val, opt) {',
      "  var str = name + '=' + val;",
      '  if (opt && opt.domain) {',
      '    if (!domainValueRegExp.test(opt.domain)) {',
      "      throw new TypeError('option domain is invalid');",
      '    }',
      "    str += '; Domain=' + opt.domain;",
      '  }',
      '  return str;',
      '}',
      `module.exports = { serialize, ${pad(60, (i) => `util${i}`).replace(/\n/g, ', ')} };`,
      '',
    ].join('\n');
    const serializeLine = index.split('\n').findIndex((l) => l.includes("throw new TypeError('option domain")) + 1;
    const test =
      "const assert = require('node:assert');\nconst cookie = require('..');\n\nit('serializes a leading dot', () => {\n  assert.strictEqual(cookie.serialize('a', 'b', { domain: '.example.com' }), 'a=b; Domain=.example.com');\n});\n";
    const ctx = firstMessage(
      { 'package.json': '{"name":"cookie","main":"index.js"}\n', 'index.js': index },
      { 'test/serialize.js': test },
      {
        id: 'serializes a leading dot',
        file: 'test/serialize.js',
        name: 'serializes a leading dot',
        message: 'TypeError: option domain is invalid',
        locations: [
          { file: 'index.js', line: serializeLine },
          { file: 'test/serialize.js', line: 5 },
        ],
      },
    );
    expect(shows(ctx, 'index.js', index)).toBe(true);
    expect(ctx.text).toContain('RegExp to match domain-value');
  });

  it('Go: a package variable the function matches against, assigned in init() from a constant', () => {
    const constraints = [
      'package semver',
      '',
      'import (',
      '\t"errors"',
      '\t"fmt"',
      '\t"regexp"',
      ')',
      '',
      pad(40, (i) => `func op${i}(a, b int) bool {\n\treturn a+${i} > b\n}\n`),
      '// Used to validate a segment of ANDs',
      'var validConstraintRegex *regexp.Regexp',
      '',
      'const cvRegex string = `v?([0-9|x|X|\\*]+)(\\.[0-9|x|X|\\*]+)?(\\.[0-9|x|X|\\*]+)?`',
      '',
      'func init() {',
      '\tops := `=|!=|>|<|>=|<=|~|\\^`',
      '\tvalidConstraintRegex = regexp.MustCompile(fmt.Sprintf(',
      `\t\t\`^(\\s*(%s)\\s*(%s)\\s*\\,?)+$\`, // ${BUG}`,
      '\t\tops,',
      '\t\tcvRegex))',
      '}',
      '',
      pad(30, (i) => `func more${i}(s string) string {\n\treturn s + "${i}"\n}\n`),
      'func NewConstraint(c string) error {',
      '\tif !validConstraintRegex.MatchString(c) {',
      '\t\treturn errors.New("improper constraint: " + c)',
      '\t}',
      '\treturn nil',
      '}',
      '',
    ].join('\n');
    const at = constraints.split('\n').findIndex((l) => l.includes('validConstraintRegex.MatchString')) + 1;
    const test =
      'package semver\n\nimport "testing"\n\nfunc TestNewConstraint(t *testing.T) {\n\tif err := NewConstraint("12.23.4.1234"); err == nil {\n\t\tt.Errorf("expected but did not get error for: 12.23.4.1234")\n\t}\n}\n';
    const ctx = firstMessage(
      { 'go.mod': 'module example.com/semver\n\ngo 1.21\n', 'constraints.go': constraints },
      { 'constraints_test.go': test },
      {
        id: 'example.com/semver/TestNewConstraint',
        file: 'constraints_test.go',
        name: 'TestNewConstraint',
        message: 'expected but did not get error for: 12.23.4.1234',
        locations: [
          { file: 'constraints.go', line: at },
          { file: 'constraints_test.go', line: 7 },
        ],
      },
    );
    expect(shows(ctx, 'constraints.go', constraints)).toBe(true);
  });
});

describe('the first message finds the code whose words the failure quotes', () => {
  const ipGo = (bug: string) =>
    [
      'package pflag',
      '',
      'import (',
      '\t"fmt"',
      '\t"net"',
      ')',
      '',
      pad(50, (i) => `func (f *FlagSet) Get${i}(name string) (int, error) {\n\treturn len(name) + ${i}, nil\n}\n`),
      'func ipConv(sval string) (interface{}, error) {',
      `\tip := net.ParseIP(sval) // ${bug}`,
      '\tif ip != nil {',
      '\t\treturn ip, nil',
      '\t}',
      '\treturn nil, fmt.Errorf("invalid string being converted to IP address: %s", sval)',
      '}',
      '',
      'func (f *FlagSet) GetIP(name string) (net.IP, error) {',
      '\tval, err := f.getFlagType(name, "ip", ipConv)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn val.(net.IP), nil',
      '}',
      '',
    ].join('\n');
  const flagGo = [
    'package pflag',
    '',
    'type FlagSet struct{ values map[string]string }',
    '',
    'func (f *FlagSet) getFlagType(name string, ftype string, conv func(string) (interface{}, error)) (interface{}, error) {',
    '\treturn conv(f.values[name])',
    '}',
    '',
  ].join('\n');
  const ipTest =
    'package pflag\n\nimport "testing"\n\nfunc TestIPNilDefault(t *testing.T) {\n\tf := &FlagSet{values: map[string]string{"ip": "<nil>"}}\n\tif _, err := f.GetIP("ip"); err != nil {\n\t\tt.Fatalf("expected nil default IP to round-trip without error, got %v", err)\n\t}\n}\n';

  it('Go: an error text written in a function passed as a value, not called by name', () => {
    const ip = ipGo(BUG);
    const ctx = firstMessage(
      { 'go.mod': 'module example.com/pflag\n\ngo 1.21\n', 'flag.go': flagGo, 'ip.go': ip },
      { 'ip_test.go': ipTest },
      {
        id: 'example.com/pflag/TestIPNilDefault',
        file: 'ip_test.go',
        name: 'TestIPNilDefault',
        message: 'expected nil default IP to round-trip without error, got invalid string being converted to IP address: <nil>',
        locations: [{ file: 'ip_test.go', line: 8 }],
      },
    );
    expect(shows(ctx, 'ip.go', ip)).toBe(true);
  });

  it('Go: the calls of a library function the failure names, in the file the test reaches', () => {
    const slice = [
      'package pflag',
      '',
      'import (',
      '\t"strconv"',
      '\t"strings"',
      ')',
      '',
      pad(40, (i) => `func (f *FlagSet) Other${i}(name string) int {\n\treturn len(name) * ${i}\n}\n`),
      'func uintSliceConv(val string) (interface{}, error) {',
      '\tout := []uint{}',
      '\tfor _, d := range strings.Split(val, ",") {',
      `\t\tu, err := strconv.ParseUint(d, 10, 0) // ${BUG}`,
      '\t\tif err != nil {',
      '\t\t\treturn nil, err',
      '\t\t}',
      '\t\tout = append(out, uint(u))',
      '\t}',
      '\treturn out, nil',
      '}',
      '',
      'func (f *FlagSet) GetUintSlice(name string) ([]uint, error) {',
      '\tval, err := f.getFlagType(name, "uintSlice", uintSliceConv)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn val.([]uint), nil',
      '}',
      '',
    ].join('\n');
    // Other files call the same library function: the one the test reaches comes first.
    const others = Object.fromEntries(
      Array.from({ length: 5 }, (_, k) => [
        `uint${k}.go`,
        `package pflag\n\nimport "strconv"\n\n${pad(30, (i) => `func parse${k}x${i}(s string) uint64 {\n\tv, _ := strconv.ParseUint(s, 10, ${8 * (k + 1)})\n\treturn v + ${i}\n}\n`)}`,
      ]),
    );
    const test =
      'package pflag\n\nimport "testing"\n\nfunc TestUISHex(t *testing.T) {\n\tf := &FlagSet{values: map[string]string{"uis": "0x1,0x2"}}\n\tif _, err := f.GetUintSlice("uis"); err != nil {\n\t\tt.Fatalf("expected no error; got %v", err)\n\t}\n}\n';
    const ctx = firstMessage(
      { 'go.mod': 'module example.com/pflag\n\ngo 1.21\n', 'flag.go': flagGo, 'uint_slice.go': slice, ...others },
      { 'uint_slice_test.go': test },
      {
        id: 'example.com/pflag/TestUISHex',
        file: 'uint_slice_test.go',
        name: 'TestUISHex',
        message: 'expected no error; got strconv.ParseUint: parsing "0x1": invalid syntax',
        locations: [{ file: 'uint_slice_test.go', line: 8 }],
      },
    );
    expect(shows(ctx, 'uint_slice.go', slice)).toBe(true);
  });
});

describe('the first message follows a test into what a module exports by default', () => {
  it('JavaScript: require of the package root, called under a name of the test’s own', () => {
    const index = [
      "'use strict';",
      'function deepmergeConstructor(options) {',
      '  const onlyDefined = Boolean(options && options.onlyDefinedProperties);',
      pad(40, (i) => `  function step${i}(v) {\n    return typeof v === 'number' ? v + ${i} : v;\n  }`),
      '  function mergeObject(target, source) {',
      '    const result = Object.assign({}, target);',
      '    for (const key of Object.keys(source)) {',
      `      result[key] = source[key]; // ${BUG}`,
      '    }',
      '    return result;',
      '  }',
      '  return function deepmerge(target, source) {',
      '    return mergeObject(target, source);',
      '  };',
      '}',
      pad(60, (i) => `function unrelated${i}(x) {\n  return [x, ${i}].join('-');\n}`),
      'module.exports = deepmergeConstructor;',
      '',
    ].join('\n');
    const test =
      "const test = require('tape').test;\nconst deepmergeDefault = require('../index');\n\ntest('skips undefined', function (t) {\n  const merge = deepmergeDefault({ onlyDefinedProperties: true });\n  t.same(Object.keys(merge({ a: 1 }, { b: undefined })), ['a']);\n  t.end();\n});\n";
    const ctx = firstMessage(
      { 'package.json': '{"name":"deepmerge","main":"index.js"}\n', 'index.js': index },
      { 'test/skip.test.js': test },
      {
        id: 'skips undefined',
        file: 'test/skip.test.js',
        name: 'skips undefined',
        message: "should be deeply equivalent\nexpected: [ 'a' ]\nactual: [ 'a', 'b' ]",
        locations: [{ file: 'test/skip.test.js', line: 6 }],
      },
    );
    expect(shows(ctx, 'index.js', index)).toBe(true);
  });
});

describe('the first message reaches code the tests run without naming it', () => {
  it('Python: a filter object the code builds from an option, whose method the pipeline calls later', () => {
    const others = [
      // Every filter has a process method: the name alone leads nowhere.
      pad(8, (k) => `class Filter${k}:\n    def process(self, stmt):\n        return stmt[${k}:]\n`),
      'class StripCommentsFilter:',
      pad(30, (i) => `    def strip${i}(self, tlist):\n        return tlist[${i}:]\n`),
      '',
      'class StripWhitespaceFilter:',
      '    def _stripws(self, tlist):',
      `        return [t for t in tlist if t != " "]  # ${BUG}`,
      '',
      '    def process(self, stmt):',
      '        return self._stripws(stmt)',
      '',
      pad(40, (i) => `def helper${i}(x):\n    return x * ${i}\n`),
      '',
    ].join('\n');
    const formatter = [
      'from pkg.filters.others import StripCommentsFilter, StripWhitespaceFilter',
      '',
      'def build_filter_stack(stack, options):',
      "    if options.get('strip_comments'):",
      '        stack.append(StripCommentsFilter())',
      "    if options.get('strip_whitespace'):",
      '        stack.append(StripWhitespaceFilter())',
      '    return stack',
      '',
    ].join('\n');
    const init = [
      'from pkg.formatter import build_filter_stack',
      '',
      'def format(sql, **options):',
      '    stack = build_filter_stack([], options)',
      '    tokens = list(sql)',
      '    for f in stack:',
      '        tokens = f.process(tokens)',
      "    return ''.join(tokens)",
      '',
    ].join('\n');
    const test = 'import pkg\n\n\ndef test_strip_ws_removes_trailing_ws():\n    assert pkg.format("a ", strip_whitespace=True) == "a"\n';
    const ctx = firstMessage(
      { 'pkg/__init__.py': init, 'pkg/formatter.py': formatter, 'pkg/filters/__init__.py': '', 'pkg/filters/others.py': others },
      { 'tests/test_format.py': test },
      {
        id: 'tests/test_format.py::test_strip_ws_removes_trailing_ws',
        file: 'tests/test_format.py',
        name: 'test_strip_ws_removes_trailing_ws',
        message: "AssertionError: assert 'a ' == 'a'",
        locations: [{ file: 'tests/test_format.py', line: 5 }],
      },
    );
    expect(shows(ctx, 'pkg/filters/others.py', others)).toBe(true);
  });

  it('Python: an extension loaded by its name, found from the test file named after it', () => {
    const admonition = [
      pad(60, (i) => `def util${i}(block):\n    return block[${i}:]\n`),
      'class AdmonitionProcessor:',
      pad(3, (i) => `    def part${i}(self, block):\n${pad(20, (j) => `        block = block[${j}:] or block`)}\n        return block\n`),
      '    def run(self, parent, blocks):',
      `        sibling = parent[-1] if parent else None  # ${BUG}`,
      '        return sibling',
      '',
    ].join('\n');
    const core = [
      'import importlib',
      '',
      'def markdown(text, extensions=()):',
      '    for name in extensions:',
      "        importlib.import_module('md.extensions.' + name)",
      '    return text',
      '',
    ].join('\n');
    const others = Object.fromEntries(
      ['abbr', 'tables', 'footnotes', 'toc'].map((n) => [
        `md/extensions/${n}.py`,
        `class ${n.toUpperCase()}Processor:\n${pad(20, (i) => `    def run${i}(self, parent):\n        return parent[${i}]\n`)}`,
      ]),
    );
    const test =
      "import md\n\n\ndef test_admonition_first_indented():\n    assert md.markdown('!!! note\\n    x', extensions=['admonition']) == '<div>x</div>'\n";
    const ctx = firstMessage(
      {
        'md/__init__.py': 'from md.core import markdown\n',
        'md/core.py': core,
        'md/extensions/__init__.py': '',
        'md/extensions/admonition.py': admonition,
        ...others,
      },
      { 'tests/test_syntax/extensions/test_admonition.py': test },
      {
        id: 'tests/test_syntax/extensions/test_admonition.py::test_admonition_first_indented',
        file: 'tests/test_syntax/extensions/test_admonition.py',
        name: 'test_admonition_first_indented',
        message: "AssertionError: '!!! note\\n    x' != '<div>x</div>'",
        locations: [{ file: 'tests/test_syntax/extensions/test_admonition.py', line: 5 }],
      },
    );
    expect(shows(ctx, 'md/extensions/admonition.py', admonition)).toBe(true);
  });
});
