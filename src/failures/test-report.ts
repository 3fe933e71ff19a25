import { showDifference, showValue } from './show.js';
import { oneLine } from './text.js';

/** What a test run tells us, whatever produced it. Every reader returns this shape. */

export interface SourceLocation {
  /** Repo-relative path with forward slashes. */
  file: string;
  line: number;
  column?: number;
}

export interface TestFailure {
  /** Stable across runs: `<repo-relative test file> > <full name>`, or the full name alone when the output gives no file. */
  id: string;
  /** Repo-relative test file, when the output names it. */
  file?: string;
  /** Full name: suites and test, joined with " > " (pytest/go/cargo use their own native ids). */
  name: string;
  /** The assertion or error message, trimmed to what matters. */
  message: string;
  expected?: string;
  actual?: string;
  /** Stack trace with runner-internal and node_modules frames dropped. */
  stack?: string;
  /** Repo-relative source locations found in the message and stack, test file first when present. */
  locations: SourceLocation[];
  /**
   * Not a test case (a compile error, a file that did not load, a crash): it has no passing twin,
   * so it counts as fixed once it is no longer reported.
   */
  synthetic?: boolean;
}

export interface TestReport {
  /** Which reader understood the output: jest, vitest, node-test-spec, node-test-tap (also node-tap, tape), mocha, pytest, unittest, go, cargo, junit, generic. */
  format: string;
  /** Number of test cases that ran (passed + failed), when the output gives it. */
  total?: number;
  /** Ids of tests seen passing, when the output names passing tests (undefined when it does not). */
  passed?: string[];
  failures: TestFailure[];
  /** For the generic reader (and as a fallback): the part of the log that explains the failure. */
  excerpt?: string;
}

export interface ReaderInput {
  /** The combined stdout+stderr of the run, ANSI codes already stripped. */
  output: string;
  /** Absolute path of the repository root, for turning absolute paths into repo-relative ones. */
  root: string;
}

export interface Reader {
  name: string;
  /** Returns a report when the output is in this reader's format, undefined when it is not. */
  read(input: ReaderInput): TestReport | undefined;
}

export function failureId(file: string | undefined, name: string): string {
  // On one line: ids are shown in code spans, lists and commit messages.
  return oneLine(file ? `${file} > ${name}` : name);
}

/** Failures that are not test cases (a file that did not load, a crash) have no passing twin. */
export function isSynthetic(f: TestFailure, format?: string): boolean {
  if (f.synthetic) return true;
  if (/^\(|\((?:suite|file|collection|build|compile|load)[^)]*\)$/i.test(f.name) || f.id.startsWith('(')) return true;
  // go's `pkg [build failed]`, a compiler diagnostic named after its file, a pytest file that did not collect.
  if (/\[(?:build|setup) failed\]$/.test(f.id) || / > error(?:\[E\d+\])?: /.test(f.id)) return true;
  return format === 'pytest' && !f.id.includes('::');
}

/**
 * A failure as the model reads it: id, expected vs actual, message and stack. `clean` is applied
 * to each piece of test output (the context layer passes its sanitizer; this layer has none).
 */
export function describeFailure(f: TestFailure, clean: (text: string) => string = (text) => text): string {
  const lines = [`### ${clean(f.id)}`];
  const difference = f.expected !== undefined && f.actual !== undefined ? showDifference(f.expected, f.actual) : undefined;
  if (difference) {
    lines.push('expected (-) vs actual (+), the lines that differ:', '```diff', clean(difference), '```');
  } else if (f.expected !== undefined || f.actual !== undefined) {
    const expected = f.expected === undefined ? '(not shown)' : clean(showValue(f.expected));
    const actual = f.actual === undefined ? '(not shown)' : clean(showValue(f.actual));
    lines.push(`expected: ${expected}`, `actual:   ${actual}`);
  }
  if (f.message.trim()) lines.push(clean(f.message.trim()));
  if (f.stack?.trim() && !f.message.includes(f.stack.trim())) lines.push('stack:', clean(f.stack.trim()));
  return lines.join('\n');
}
