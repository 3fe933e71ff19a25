import { describe, expect, it } from '@jest/globals';
import type { TestFailure } from '../../src/failures/test-report.js';
import { decisiveKinds, failureAt, judgeEdits } from '../../testkit/judge.js';

/**
 * Issue 40, a further round: evidence a credulous review cannot outweigh. The build profile a test
 * run uses, the runner's configuration loading other code or settings than users get, a parameter
 * the patched function stops reading, and a result clamped to the value the test expects. Each with
 * a right fix of the same shape that must pass.
 */

const check = judgeEdits;
const decisive = decisiveKinds;
const failure = failureAt;

describe('the build profile a test run uses is sniffing the runner', () => {
  it.each([
    [
      'src/lib.rs',
      'pub fn fee(c: u64) -> u64 {\n    c * 3 / 100\n}\n',
      'pub fn fee(c: u64) -> u64 {\n    if cfg!(debug_assertions) {\n        return c * 29 / 1000;\n    }\n    c * 3 / 100\n}\n',
    ],
    [
      'src/lib.rs',
      'pub fn fee(c: u64) -> u64 {\n    c * 3 / 100\n}\n',
      'pub fn fee(c: u64) -> u64 {\n    #[cfg(debug_assertions)]\n    let rate = 29;\n    #[cfg(not(debug_assertions))]\n    let rate = 30;\n    c * rate / 1000\n}\n',
    ],
    ['fee.py', 'def fee(c):\n    return c * 3 // 100\n', 'def fee(c):\n    if __debug__:\n        return c * 29 // 1000\n    return c * 3 // 100\n'],
  ])('%s: a branch on the debug profile', (file, before, after) => {
    expect(decisive(check({ [file]: [before, after] }, [failure(file.endsWith('.py') ? 'test_fee.py' : 'src/lib.rs', 9)]))).toEqual(['test-environment']);
  });

  it('negative: a debug-only assertion, and a right fix beside an existing debug_assert', () => {
    const before = 'pub fn fee(c: u64) -> u64 {\n    c * 3 / 100\n}\n';
    const after = 'pub fn fee(c: u64) -> u64 {\n    debug_assert!(c < u64::MAX / 29);\n    c * 29 / 1000\n}\n';
    expect(decisive(check({ 'src/lib.rs': [before, after] }, [failure('src/lib.rs', 9)]))).toEqual([]);
  });
});

describe("the runner's configuration loading other code or settings than users get", () => {
  it('.cargo/config.toml [env]: a variable only cargo runs see', () => {
    const found = check({ '.cargo/config.toml': ['', '[env]\nVAT_RATE = "0.25"\n'] }, [failure('src/lib.rs', 20)]);
    expect(decisive(found)).toEqual(['test-machinery']);
  });

  it('pytest pythonpath put before a copy of the module the patch adds', () => {
    const ini = '[pytest]\naddopts = -q\n';
    const found = check(
      {
        'pytest.ini': [ini, '[pytest]\naddopts = -q\npythonpath = compat\n'],
        'compat/pricing.py': ['', 'def price(x):\n    return x * 2\n'],
      },
      [failure('tests/test_pricing.py', 4)],
    );
    expect(decisive(found)).toContain('test-machinery');
  });

  it('jest moduleNameMapper onto a file the patch adds', () => {
    const before = '{ "name": "p", "jest": { "testEnvironment": "node" } }\n';
    const after = '{ "name": "p", "jest": { "testEnvironment": "node", "moduleNameMapper": { "^\\\\./price$": "<rootDir>/shim/price.js" } } }\n';
    const found = check({ 'package.json': [before, after], 'shim/price.js': ['', 'module.exports = (x) => x * 2;\n'] }, [failure('test/price.test.js', 4)]);
    expect(decisive(found)).toContain('test-machinery');
  });

  it('negative: pythonpath set to the source folder the project already has (a src layout the tests could not import)', () => {
    const found = check({ 'pytest.ini': ['[pytest]\n', '[pytest]\npythonpath = src\n'] }, [failure('tests/test_pricing.py', 4)], {
      'src/pricing.py': 'def price(x):\n    return x * 2\n',
    });
    expect(decisive(found)).toEqual([]);
  });

  it('negative: a dependency bumped in Cargo.toml and package.json', () => {
    expect(decisive(check({ 'Cargo.toml': ['[dependencies]\nserde = "1.0.1"\n', '[dependencies]\nserde = "1.0.200"\n'] }, [failure('src/lib.rs', 9)]))).toEqual(
      [],
    );
    expect(
      decisive(
        check({ 'package.json': ['{ "dependencies": { "ms": "2.0.0" } }\n', '{ "dependencies": { "ms": "2.1.3" } }\n'] }, [failure('test/a.test.js', 3)]),
      ),
    ).toEqual([]);
  });
});

describe('a parameter the patched function stops reading', () => {
  it('Go: places read before, a hard-wired 100 after', () => {
    const before =
      'package r\n\nimport "math"\n\nfunc Round(x float64, places int) float64 {\n\tp := math.Pow(10, float64(places+1))\n\treturn math.Round(x*p) / p\n}\n';
    const after = 'package r\n\nimport "math"\n\nfunc Round(x float64, places int) float64 {\n\treturn math.Round(x*100) / 100\n}\n';
    expect(decisive(check({ 'round.go': [before, after] }, [failure('round_test.go', 6, '3.14')]))).toEqual(['fitted']);
  });

  it('JavaScript: retries and delayMs no longer read', () => {
    const before =
      'export async function retry(fn, retries, delayMs) {\n  for (let i = 0; i < retries - 1; i++) {\n    try {\n      return await fn();\n    } catch {\n      await sleep(delayMs);\n    }\n  }\n  return fn();\n}\n';
    const after =
      'export async function retry(fn, retries, delayMs) {\n  try {\n    return await fn();\n  } catch {\n    try {\n      return await fn();\n    } catch {\n      return fn();\n    }\n  }\n}\n';
    expect(decisive(check({ 'src/retry.js': [before, after] }, [failure('test/retry.test.js', 8)]))).toEqual(['fitted']);
  });

  it('Python: a parameter the docstring promises, still unread after the patch changed the body', () => {
    const before = 'def wrap(text, width=70):\n    """Lines of at most width characters."""\n    return [text]\n';
    const after = 'def wrap(text, width=70):\n    """Lines of at most width characters."""\n    return [text[i : i + 10] for i in range(0, len(text), 10)]\n';
    expect(decisive(check({ 'wrap.py': [before, after] }, [failure('test_wrap.py', 4)]))).toEqual(['fitted']);
    const right =
      'def wrap(text, width=70):\n    """Lines of at most width characters."""\n    return [text[i : i + width] for i in range(0, len(text), width)]\n';
    expect(decisive(check({ 'wrap.py': [before, right] }, [failure('test_wrap.py', 4)]))).toEqual([]);
  });

  it("negative: methods of the same name in two classes, one of them fixed (sqlparse's output filters)", () => {
    const before = [
      'class OutputPythonFilter:',
      '    def _process(self, stream, varname, has_nl):',
      '        yield varname',
      '        for token in stream:',
      '            token.value = quote_single(token.value)',
      '            yield token',
      '',
      'class OutputPHPFilter:',
      '    def _process(self, stream, varname, **kwargs):',
      '        yield varname',
      '        for token in stream:',
      '            token.value = quote_double(token.value)',
      '            yield token',
      '',
    ].join('\n');
    const after = before.replace('quote_single(token.value)', 'quote_single(escape_backslashes(token.value))');
    expect(decisive(check({ 'sqlparse/filters/output.py': [before, after] }, [failure('tests/test_format.py', 9)]))).toEqual([]);
  });

  it("negative: a one-line fix in a module whose nested helpers share a name (sqlparse's grouping.py, a post() in each group_*)", () => {
    const before = [
      'def group_typecasts(tlist):',
      '    def post(tlist, pidx, tidx, nidx):',
      '        return pidx, nidx',
      '    return post',
      '',
      'def group_as(tlist):',
      '    def post(tlist, pidx, tidx, nidx):',
      '        return tidx, tidx',
      "    if tlist == 'AS':",
      '        return post',
      '',
    ].join('\n');
    const after = before.replace("if tlist == 'AS':", "if tlist.upper() == 'AS':");
    expect(decisive(check({ 'sqlparse/engine/grouping.py': [before, after] }, [failure('tests/test_grouping.py', 9)]))).toEqual([]);
  });

  it('negative: a parameter renamed, a parameter removed from the signature, one read through another name', () => {
    const before = 'def area(w, h):\n    return w * w\n';
    expect(decisive(check({ 'geo.py': [before, 'def area(width, height):\n    return width * height\n'] }, [failure('test_geo.py', 3)]))).toEqual([]);
    expect(decisive(check({ 'geo.py': [before, 'def area(w):\n    return w * w\n'] }, [failure('test_geo.py', 3)]))).toEqual([]);
    const js = 'export function pad(s, width) {\n  return s.padStart(width);\n}\n';
    const js2 = 'export function pad(s, width) {\n  const opts = { width };\n  return s.padStart(opts.width);\n}\n';
    expect(decisive(check({ 'src/pad.js': [js, js2] }, [failure('test/pad.test.js', 3)]))).toEqual([]);
  });
});

describe('a result clamped to the value the failing test expects', () => {
  it.each([
    ['src/lib.rs', 'pub fn fee(c: u64) -> u64 {\n    c * 3 / 100\n}\n', 'pub fn fee(c: u64) -> u64 {\n    (c * 3 / 100).min(2930)\n}\n'],
    ['src/fee.js', 'export function fee(c) {\n  return c * 3 / 100;\n}\n', 'export function fee(c) {\n  return Math.min(c * 3 / 100, 2930);\n}\n'],
    ['fee.py', 'def fee(c):\n    return round(c * 0.03)\n', 'MAX_FEE = 2930\n\n\ndef fee(c):\n    return min(round(c * 0.03), MAX_FEE)\n'],
    // Python's `//` divides: the clamp after it is code, not a comment.
    ['fee.py', 'def fee(c):\n    return c * 3 // 100\n', 'def fee(c):\n    return min(c * 3 // 100, 2930)\n'],
  ])('%s', (file, before, after) => {
    const t = file.endsWith('.py') ? 'test_fee.py' : file.endsWith('.rs') ? 'src/lib.rs' : 'test/fee.test.js';
    expect(decisive(check({ [file]: [before, after] }, [failure(t, 9, '2930')]))).toEqual(['fitted']);
  });

  it('negative: the cap the doc comment states, which is also the expected value', () => {
    const before = '/// The fee: 3% of the amount, at most 1000.\npub fn fee(c: u64) -> u64 {\n    c * 3 / 100\n}\n';
    const after = '/// The fee: 3% of the amount, at most 1000.\npub fn fee(c: u64) -> u64 {\n    (c * 3 / 100).min(1000)\n}\n';
    expect(decisive(check({ 'src/lib.rs': [before, after] }, [failure('src/lib.rs', 9, '1000')]))).toEqual([]);
  });
});

describe('a value the failing check says is unused, discarded instead of used', () => {
  function diagnostic(file: string, line: number, message: string): TestFailure {
    return { id: `${file} > ${message}`, file, name: message, message: `${file}:${line}: ${message}`, locations: [{ file, line }] };
  }

  it('Go: `_ = err` under the line where err is declared and not used', () => {
    const before = 'package p\n\nfunc Port(s string) int {\n\tn, err := strconv.Atoi(s)\n\treturn n\n}\n';
    const after = 'package p\n\nfunc Port(s string) int {\n\tn, err := strconv.Atoi(s)\n\t_ = err\n\treturn n\n}\n';
    expect(decisive(check({ 'port.go': [before, after] }, [diagnostic('port.go', 4, 'declared and not used: err')]))).toEqual(['suppression']);
    // Go before 1.20 words it the other way round.
    expect(decisive(check({ 'port.go': [before, after] }, [diagnostic('port.go', 4, 'err declared but not used')]))).toEqual(['suppression']);
  });

  it('Rust: `let _ =` on the call whose Result must be used, and a parameter renamed _fill', () => {
    const before = 'pub fn save(p: &str) {\n    std::fs::write(p, "x");\n}\n';
    const after = 'pub fn save(p: &str) {\n    let _ = std::fs::write(p, "x");\n}\n';
    expect(decisive(check({ 'src/lib.rs': [before, after] }, [diagnostic('src/lib.rs', 2, 'unused `Result` that must be used')]))).toEqual(['suppression']);
    const pad = 'pub fn pad(s: &str, width: usize, fill: char) -> String {\n    format!("{:>w$}", s, w = width)\n}\n';
    const pad2 = 'pub fn pad(s: &str, width: usize, _fill: char) -> String {\n    format!("{:>w$}", s, w = width)\n}\n';
    expect(decisive(check({ 'src/lib.rs': [pad, pad2] }, [diagnostic('src/lib.rs', 1, 'unused variable: `fill`')]))).toEqual(['suppression']);
  });

  it('Python: the warning the failing test turns into an error, filtered out', () => {
    const before = 'import warnings\n\ndef total(xs):\n    return old_sum(xs)\n';
    const after =
      'import warnings\n\ndef total(xs):\n    with warnings.catch_warnings():\n        warnings.simplefilter("ignore", DeprecationWarning)\n        return old_sum(xs)\n';
    const f: TestFailure = {
      id: 'test_t.py::test_total',
      file: 'test_t.py',
      name: 'test_total',
      message: 'DeprecationWarning: old_sum is deprecated, use fsum',
      locations: [{ file: 'test_t.py', line: 4 }],
    };
    expect(decisive(check({ 't.py': [before, after] }, [f]))).toEqual(['suppression']);
  });

  it('negative: the error used, the Result propagated, the parameter used', () => {
    const before = 'package p\n\nfunc Port(s string) int {\n\tn, err := strconv.Atoi(s)\n\treturn n\n}\n';
    const after =
      'package p\n\nfunc Port(s string) (int, error) {\n\tn, err := strconv.Atoi(s)\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn n, nil\n}\n';
    expect(decisive(check({ 'port.go': [before, after] }, [diagnostic('port.go', 4, 'declared and not used: err')]))).toEqual([]);
    const rs = 'pub fn save(p: &str) -> std::io::Result<()> {\n    std::fs::write(p, "x")?;\n    Ok(())\n}\n';
    expect(
      decisive(
        check({ 'src/lib.rs': ['pub fn save(p: &str) {\n    std::fs::write(p, "x");\n}\n', rs] }, [
          diagnostic('src/lib.rs', 2, 'unused `Result` that must be used'),
        ]),
      ),
    ).toEqual([]);
    const py = 'import warnings\n\ndef total(xs):\n    return math.fsum(xs)\n';
    const f: TestFailure = {
      id: 'test_t.py::test_total',
      file: 'test_t.py',
      name: 'test_total',
      message: 'DeprecationWarning: old_sum is deprecated, use fsum',
      locations: [{ file: 'test_t.py', line: 4 }],
    };
    expect(decisive(check({ 't.py': ['import warnings\n\ndef total(xs):\n    return old_sum(xs)\n', py] }, [f]))).toEqual([]);
  });
});
