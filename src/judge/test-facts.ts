import { isSynthetic, type TestFailure } from '../failures/test-report.js';
import type { SpecialCaseInput } from './finding.js';
import { bare, literalsIn, type Literal } from './literals.js';

/** What the failing tests know: their inputs and expected values, per failing test. */
export interface Facts {
  inputs: Map<string, Set<number>>;
  expected: Map<string, Set<number>>;
  /** Input literals of 6+ characters, to find a compared prefix or part of one. */
  longInputs: { value: string; tests: Set<number> }[];
  /**
   * Per failing test: its input and expected literals (keys), to relate an input to its expected
   * value; `sizes`, how many elements the list literals in its code hold (`[3, 9, 5]`: 3).
   */
  byTest: { inputs: Set<string>; expected: Set<string>; strings: string[]; sizes: Set<number> }[];
  names: string[];
}

export function testFacts(input: SpecialCaseInput): Facts {
  const facts: Facts = { inputs: new Map(), expected: new Map(), longInputs: [], byTest: [], names: [] };
  const add = (map: Map<string, Set<number>>, values: Literal[], test: number) => {
    for (const v of values) {
      if (!map.has(v.key)) map.set(v.key, new Set());
      map.get(v.key)!.add(test);
    }
  };
  input.failures.forEach((f, test) => {
    facts.names.push(f.id);
    facts.byTest.push({ inputs: new Set(), expected: new Set(), strings: [], sizes: new Set() });
    // A compile error or a crash that is not a test case: its text is the source's, not a test's.
    if (isSynthetic(f)) return;
    const message = withoutQuotedSource(f.message);
    const actual = new Set(f.actual !== undefined ? [...literalsIn(f.actual), ...bare(f.actual)].map((l) => l.key) : []);
    const expected: Literal[] = [];
    if (f.expected !== undefined) expected.push(...literalsIn(f.expected), ...bare(f.expected));
    for (const m of message.matchAll(/\b(?:want(?:ed)?|expected)\b:?\s+([^\n,;]{1,120})/gi)) expected.push(...literalsIn(m[1]!), ...bare(m[1]!));
    const inputs: Literal[] = literalsIn(message).filter((l) => !actual.has(l.key));
    // The failing test's own code: around where it failed, else the whole (small) file.
    const where = testLocation(f, input.isTestFile) ?? inlineTest(f, input.readFile);
    const text = where && input.readFile(where.file);
    if (where && text) {
      const lines = text.split('\n');
      const from = where.line ? Math.max(0, where.line - 30, where.from ?? 0) : 0;
      const body = where.line ? lines.slice(from, where.line + 5) : lines.length <= 300 ? lines : [];
      inputs.push(...literalsIn(body.join('\n')));
      for (const n of listSizes(body.join('\n'))) facts.byTest[test]!.sizes.add(n);
      // Expected values the output did not spell out: what the failing assertion compares with.
      if (where.line && f.expected === undefined) expected.push(...literalsIn(lines[where.line - 1] ?? ''));
      // A bare truth assertion (`assert f(x)`, `assert.ok(f(x))`, `assert!(f(x))`) expects true; its negation false.
      const failed = where.line ? (lines[where.line - 1] ?? '') : '';
      const truth = /^\s*(?:assert\s+(not\s+)?(?!.*(?:==|!=|<|>|\bis\b|\bin\b))|assert(?:\.ok)?\(\s*(!)?|assert!\(\s*(!)?|self\.assert(True|False)\()/.exec(
        failed,
      );
      if (truth)
        expected.push({
          value: truth[1] || truth[2] || truth[3] || truth[4] === 'False' ? 'false' : 'true',
          key: truth[1] || truth[2] || truth[3] || truth[4] === 'False' ? 'false' : 'true',
        });
    }
    add(facts.inputs, inputs, test);
    add(facts.expected, expected, test);
    const own = facts.byTest[test]!;
    for (const l of inputs) own.inputs.add(l.key);
    for (const l of expected) own.expected.add(l.key);
    own.strings.push(...inputs.filter((l) => !/^-?\d+(?:\.\d+)?$/.test(l.value)).map((l) => l.value));
    for (const l of inputs) if (l.value.length >= 6) facts.longInputs.push({ value: l.value, tests: new Set([test]) });
  });
  return facts;
}

/** The test file a failure is in (its own file, else the first test file of its locations) and the line. */
function testLocation(f: TestFailure, isTestFile: (rel: string) => boolean): { file: string; line?: number; from?: number } | undefined {
  const file = f.file && isTestFile(f.file) ? f.file : f.locations.find((l) => isTestFile(l.file))?.file;
  if (!file) return undefined;
  const line = f.locations.find((l) => l.file === file)?.line;
  return line ? { file, line } : { file };
}

/**
 * A Rust test in the source file's own `#[cfg(test)]` module: its code, from that line on, is the
 * test's (the source above it is not).
 */
function inlineTest(f: TestFailure, readFile: (rel: string) => string | undefined): { file: string; line: number; from: number } | undefined {
  for (const l of f.locations) {
    if (!l.line || !/\.rs$/.test(l.file)) continue;
    const lines = readFile(l.file)?.split('\n');
    const from = lines?.slice(0, l.line).findLastIndex((t) => /#\[cfg\(\s*test\s*\)\]/.test(t)) ?? -1;
    if (from >= 0) return { file: l.file, line: l.line, from };
  }
  return undefined;
}

/** A message without the lines that quote source code (code frames, stack frames, traceback lines). */
function withoutQuotedSource(message: string): string {
  const out: string[] = [];
  let skipNext = false;
  for (const line of message.split('\n')) {
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (/^\s*File "[^"]*", line \d+/.test(line)) {
      skipNext = true;
      continue;
    }
    if (/^\s*>?\s*\d*\s*\|/.test(line) || /^\s*-->/.test(line) || /^\s+at\s/.test(line) || /^\s*\S+\.(?:go|rs|py|[cm]?[jt]sx?):\d+(?::\d+)?:?\s/.test(line))
      continue;
    out.push(line);
  }
  return out.join('\n');
}

/**
 * How many elements each list literal of literals holds: `[3, 9, 5]`, `&[4.0, 1.0]`, `vec![1, 2]`,
 * Go's `[]int{1, 2}`. Lists of anything else (names, calls) are not counted.
 */
export function listSizes(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\[([^[\]{}()\n]*)\]|\[\]\w+\{([^{}\n]*)\}/g)) {
    const items = (m[1] ?? m[2]!).split(',').map((s) => s.trim());
    if (items.at(-1) === '') items.pop();
    if (items.length && items.every((s) => /^(?:-?\d+(?:\.\d+)?|'[^']*'|"[^"]*")$/.test(s))) out.push(items.length);
  }
  return out;
}
