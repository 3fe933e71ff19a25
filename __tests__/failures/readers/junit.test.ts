import { describe, it, expect } from '@jest/globals';
import { readJunitXml } from '../../../src/failures/readers/junit.js';
import { pytestReader } from '../../../src/failures/readers/pytest.js';
import { emptyProject } from '../../../testkit/readers.js';

// The pytest and jest-junit recordings each ran in a project folder of their own: both are this empty one here.
const { root, fixture: recorded } = emptyProject();
const fixture = (dir: string, name: string) => recorded(`readers/${dir}/${name}`);
const xml = (name: string) => ({ path: name, text: fixture('junit', name) });
const pyRoot = root;
const jestRoot = root;

describe('readJunitXml', () => {
  it('gives pytest cases the pytest node ids, matching the text reader', () => {
    const report = readJunitXml([xml('pytest-failing.xml')], pyRoot)!;
    const text = pytestReader.read({ output: fixture('pytest', 'failing-v.txt'), root: pyRoot })!;
    expect(report.format).toBe('junit');
    expect(report.total).toBe(8); // the skipped case is not counted
    expect(report.failures.map((f) => f.id)).toEqual(text.failures.map((f) => f.id));
    expect(report.passed).toEqual(text.passed);

    const [deep, sum, param] = report.failures;
    expect(deep!.id).toBe('tests/test_price.py::test_many_decimals');
    expect(deep!.file).toBe('tests/test_price.py');
    expect(deep!.message).toBe("ValueError: too many decimals: '999'");
    expect(deep!.locations).toEqual([
      { file: 'tests/test_price.py', line: 13 },
      { file: 'src/slugs/core.py', line: 10 },
      { file: 'src/slugs/core.py', line: 15 },
      { file: 'src/slugs/core.py', line: 20 },
    ]);
    expect(sum!.id).toBe('tests/test_price.py::TestTotals::test_sum');
    expect(sum!.expected).toBe('326');
    expect(sum!.actual).toBe('325');
    expect(param!.id).toBe('tests/test_slug.py::test_slug[a_b-a_b]');
    expect(param!.expected).toBe("'a_b'");
    expect(param!.actual).toBe("'a-b'");
    expect(param!.locations).toEqual([{ file: 'tests/test_slug.py', line: 14 }]);
  });

  it('reads pytest collection errors with the same ids as the text reader', () => {
    const report = readJunitXml([xml('pytest-collection-error.xml')], pyRoot)!;
    const text = pytestReader.read({ output: fixture('pytest', 'collection-error.txt'), root: pyRoot })!;
    expect(report.failures.map((f) => f.id)).toEqual(['tests/test_import.py', 'tests/test_syntax.py']);
    expect(report.failures.map((f) => f.id)).toEqual(text.failures.map((f) => f.id));
    expect(report.failures[0]!.message).toMatch(/^ImportError: cannot import name 'normalize'/);
    expect(report.failures[1]!.locations).toEqual([{ file: 'tests/test_syntax.py', line: 1 }]);
    expect(report.total).toBe(2);
  });

  it('uses the file attribute of jest-junit', () => {
    const report = readJunitXml([xml('jest-junit-file.xml')], jestRoot)!;
    expect(report.total).toBe(6); // 7 cases, 1 skipped
    expect(report.failures.map((f) => f.id)).toEqual([
      '__tests__/nested/price.test.js > price parse rejects many decimals',
      '__tests__/nested/price.test.js > price sums',
      '__tests__/slug.test.js > slugify slugify("a_b") is "a-b"',
    ]);
    expect(report.passed).toEqual([
      '__tests__/nested/price.test.js > price parse parses dollars',
      '__tests__/slug.test.js > slugify slugify("Hello World") is "hello-world"',
      '__tests__/slug.test.js > slugify handles empty',
    ]);

    const [deep, sums, param] = report.failures;
    expect(deep!.file).toBe('__tests__/nested/price.test.js');
    expect(deep!.message).toBe('RangeError: too many decimals: 999');
    // Test file first, then the source frames; node_modules frames are dropped.
    expect(deep!.locations).toEqual([
      { file: '__tests__/nested/price.test.js', line: 9, column: 14 },
      { file: 'src/price.js', line: 9, column: 30 },
      { file: 'src/price.js', line: 6, column: 32 },
      { file: 'src/price.js', line: 2, column: 10 },
    ]);
    expect(deep!.stack).not.toContain('node_modules');
    expect(sums!.expected).toBe('326');
    expect(sums!.actual).toBe('325');
    expect(param!.expected).toBe('"a-b"');
    expect(param!.actual).toBe('"a_b"');
    expect(param!.locations).toEqual([{ file: '__tests__/slug.test.js', line: 8, column: 28 }]);
  });

  it('falls back to the names when jest-junit gives no file', () => {
    const report = readJunitXml([xml('jest-junit-default.xml')], jestRoot)!;
    expect(report.total).toBe(6);
    expect(report.failures.map((f) => f.id)).toEqual(['price parse rejects many decimals', 'price sums', 'slugify slugify("a_b") is "a-b"']);
    expect(report.failures[0]!.file).toBeUndefined();
    expect(report.failures[0]!.locations[0]).toEqual({ file: 'src/price.js', line: 9, column: 30 });
  });

  it('adds up several files and nested suites, classname + name otherwise', () => {
    const nested = [
      '<?xml version="1.0"?>',
      '<testsuite name="all" tests="3">',
      '  <testsuite name="com.example.SlugTest">',
      '    <testcase classname="com.example.SlugTest" name="spaces"/>',
      '    <testcase classname="com.example.SlugTest" name="unicode">',
      '      <failure message="expected: &lt;ü&gt; but was: &lt;u&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;ü&gt; but was: &lt;u&gt;</failure>',
      '    </testcase>',
      '    <testcase classname="com.example.SlugTest" name="skipped"><skipped/></testcase>',
      '  </testsuite>',
      '</testsuite>',
    ].join('\n');
    const report = readJunitXml([xml('pytest-failing.xml'), { path: 'nested.xml', text: nested }], pyRoot)!;
    expect(report.total).toBe(10);
    expect(report.failures).toHaveLength(4);
    const java = report.failures[3]!;
    expect(java.id).toBe('com.example.SlugTest > unicode');
    expect(java.expected).toBe('ü');
    expect(java.actual).toBe('u');
    expect(report.passed).toContain('com.example.SlugTest > spaces');
  });

  it('returns undefined for files that are not JUnit XML', () => {
    expect(readJunitXml([], pyRoot)).toBeUndefined();
    expect(readJunitXml([{ path: 'x.xml', text: '<coverage line-rate="1"/>' }], pyRoot)).toBeUndefined();
    expect(readJunitXml([{ path: 'x.txt', text: 'not xml at all' }], pyRoot)).toBeUndefined();
  });
});
