import { describe, it, expect } from '@jest/globals';
import { cargoReader } from '../../../src/failures/readers/cargo.js';
import { emptyProject } from '../../../testkit/readers.js';

const { root, fixture: recorded } = emptyProject();
const fixture = (name: string) => recorded(`readers/cargo/${name}`);
const read = (name: string) => cargoReader.read({ output: fixture(name), root });

describe('cargoReader', () => {
  it('reads the unit test binary of a failing `cargo test` (it stops at the first failing binary)', () => {
    const report = read('failing.txt')!;
    expect(report.format).toBe('cargo');
    expect(report.total).toBe(6);
    expect(report.passed).toEqual(['price::tests::dollars', 'tests::slugify_spaces']);
    expect(report.failures.map((f) => f.id)).toEqual([
      'price::tests::many_decimals',
      'price::tests::sum',
      'tests::slugify_double_space',
      'tests::slugify_underscore',
    ]);

    const byId = new Map(report.failures.map((f) => [f.id, f]));
    const underscore = byId.get('tests::slugify_underscore')!;
    expect(underscore.name).toBe('tests::slugify_underscore');
    expect(underscore.file).toBe('src/lib.rs'); // `mod tests` of the crate root
    expect(underscore.message).toBe('assertion `left == right` failed\n  left: "a_b"\n right: "a-b"');
    expect(underscore.actual).toBe('"a_b"');
    expect(underscore.expected).toBe('"a-b"');
    expect(underscore.locations).toEqual([{ file: 'src/lib.rs', line: 25, column: 9 }]);

    const doubleSpace = byId.get('tests::slugify_double_space')!;
    expect(doubleSpace.message).toMatch(/^assertion `left == right` failed: double spaces should collapse\n/);
    expect(doubleSpace.actual).toBe('"a--b"');
    expect(doubleSpace.expected).toBe('"a-b"');

    const deep = byId.get('price::tests::many_decimals')!;
    expect(deep.message).toBe('too many decimals: "999"');
    expect(deep.locations).toEqual([{ file: 'src/price.rs', line: 17, column: 9 }]);
    expect(deep.expected).toBeUndefined();

    expect(byId.get('price::tests::sum')!.message).toBe('total was 325');
  });

  it('sums every binary (unit, tests/*.rs, doc-tests) and prefixes integration tests with their target', () => {
    const report = read('failing-no-fail-fast.txt')!;
    expect(report.total).toBe(10); // 2+4 unit, 1+1 tests/api.rs (1 ignored), 1+1 doc-tests
    expect(report.passed).toEqual(['price::tests::dollars', 'tests::slugify_spaces', 'api::slug_of_price', 'src/lib.rs - slugify (line 7)']);
    expect(report.failures.map((f) => f.id)).toEqual([
      'price::tests::sum',
      'tests::slugify_double_space',
      'tests::slugify_underscore',
      'price::tests::many_decimals',
      'api::price_with_comma',
      'src/price.rs - price::parse (line 3)',
    ]);

    const integration = report.failures.find((f) => f.id === 'api::price_with_comma')!;
    expect(integration.name).toBe('price_with_comma');
    expect(integration.file).toBe('tests/api.rs');
    expect(integration.message).toBe('called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }');
    expect(integration.locations).toEqual([{ file: 'src/price.rs', line: 12, column: 26 }]);

    const doc = report.failures.find((f) => f.id === 'src/price.rs - price::parse (line 3)')!;
    expect(doc.file).toBe('src/price.rs');
    expect(doc.actual).toBe('50');
    expect(doc.expected).toBe('5');
    // The doctest's own temp file is outside the repo; the doc comment's line is what points at it.
    expect(doc.locations).toEqual([{ file: 'src/price.rs', line: 3 }]);
  });

  it('follows RUST_BACKTRACE frames into the repo and drops std frames', () => {
    const report = read('failing-backtrace.txt')!;
    const deep = report.failures.find((f) => f.id === 'price::tests::many_decimals')!;
    expect(deep.file).toBe('src/price.rs');
    expect(deep.locations).toEqual([
      { file: 'src/price.rs', line: 17, column: 9 },
      { file: 'src/price.rs', line: 12, column: 43 },
      { file: 'src/price.rs', line: 7, column: 5 },
      { file: 'src/price.rs', line: 33, column: 20 },
      { file: 'src/price.rs', line: 32, column: 23 },
    ]);
    expect(deep.stack).toContain('shop::price::fraction at ./src/price.rs:17:9');
    expect(deep.stack).not.toContain('/rustc/');
  });

  it('reads an all-passing run', () => {
    const report = read('passing.txt')!;
    expect(report.failures).toEqual([]);
    expect(report.total).toBe(10);
    expect(report.passed).toHaveLength(10);
    expect(report.passed).toContain('api::price_with_comma');
    expect(report.passed).not.toContain('api::slow_roundtrip'); // ignored
  });

  it('turns compile errors into failures', () => {
    const report = read('compile-error.txt')!;
    expect(report.total).toBeUndefined();
    expect(report.passed).toBeUndefined();
    expect(report.failures.map((f) => f.id)).toEqual([
      'src/lib.rs > error[E0425]: cannot find value `sep` in this scope',
      'src/price.rs > error[E0308]: mismatched types',
    ]);
    const [notFound, mismatch] = report.failures;
    expect(notFound!.locations).toEqual([{ file: 'src/lib.rs', line: 11, column: 37 }]);
    expect(notFound!.message).toContain('not found in this scope');
    expect(mismatch!.locations).toEqual([{ file: 'src/price.rs', line: 8, column: 22 }]);
    expect(mismatch!.message).toContain('expected `u32`, found `usize`');
  });

  it('does not claim other output', () => {
    expect(cargoReader.read({ output: 'error: something\nrunning late\n', root })).toBeUndefined();
  });
});
