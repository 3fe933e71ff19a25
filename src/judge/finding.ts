import type { TestFailure } from '../failures/test-report.js';

/**
 * A green run is not enough: a patch that answers the failing tests' own inputs with their
 * expected values, that behaves differently under a test runner, or that patches the test
 * machinery passes the tests and fixes nothing. This weighs the lines a patch adds to source
 * files as evidence, each finding with a strength:
 *
 * - `decisive`: reading the test environment (NODE_ENV=test, JEST_WORKER_ID, VITEST,
 *   PYTEST_CURRENT_TEST, sys.modules['pytest'], testing.Testing(), cfg(test), the runner in argv,
 *   the call stack, a test file) or changing the test machinery (assertion libraries, the runner's
 *   configuration). The fix is refused.
 * - `strong`: a failing test's input and its expected value appearing together where one of them
 *   is surprising (a long or unusual string or number), a table keyed by the failing inputs that
 *   answers their expected values, an expected value answered when an error is swallowed or in
 *   place of the computation. The self-review is asked about it.
 * - `weak`: the same pairing with ordinary literals (small integers, calendar numbers, empty
 *   values, common words): boundary fixes compare against exactly these. Noted only.
 *
 * Literals count as the tests' only where the tests hold them (test files, the expected values
 * the runner printed, the failing assertion's message); what the output quotes from the source
 * itself (compiler errors quoting source lines, stack frames) is not evidence.
 */
export type Strength = 'weak' | 'strong' | 'decisive';

export interface SpecialCaseFinding {
  file: string;
  /** Line in the new version of the file. */
  line: number;
  /**
   * `test-literal`: a failing test's input with its expected value, or its expected value alone
   * where it replaces the computation or a swallowed error; `test-table`: a table keyed by the
   * failing inputs; `test-environment`: reads whether it runs under test; `test-machinery`:
   * changes the assertion library or the runner's configuration; `fitted`: a number moved so the
   * tested values come out (a tolerance widened, a nudge before rounding, a constant moved off the
   * tested input, a number worked back from the test's), or a branch taken only at the tested size.
   */
  kind: 'test-literal' | 'test-table' | 'test-environment' | 'test-machinery' | 'suppression' | 'test-data' | 'fitted';
  strength: Strength;
  /** The added line, trimmed. */
  text: string;
  /** One line for the model and for people. */
  why: string;
}

export interface SpecialCaseInput {
  /** Unified diff of what the fix changes. */
  patch: string;
  /** The tests that failed before the fix. */
  failures: TestFailure[];
  /** A test file's text, or undefined where it cannot be read. */
  readFile: (rel: string) => string | undefined;
  isTestFile: (rel: string) => boolean;
}

/** Decisive, strong and weak findings apart: what refuses, what is asked, what is noted. */
export function weighFindings(findings: SpecialCaseFinding[]): Record<Strength, SpecialCaseFinding[]> {
  return {
    decisive: findings.filter((f) => f.strength === 'decisive'),
    strong: findings.filter((f) => f.strength === 'strong'),
    weak: findings.filter((f) => f.strength === 'weak'),
  };
}

/** One message for the model: what was found and what to do instead. */
export function specialCaseFeedback(findings: SpecialCaseFinding[]): string {
  const lines = findings.slice(0, 6).map((f) => `- ${f.file}:${f.line}: \`${f.text.slice(0, 160)}\`: ${f.why}`);
  return `The tests pass, but the change special-cases them, so it was not accepted:\n${lines.join('\n')}\nFix the cause in general code that works for any input; do not detect tests, change how they run or check, or answer their particular inputs.`;
}

/** A finding in one line, with its strength: for notes, the self-review's question, and reports. */
export function describeFinding(f: SpecialCaseFinding): string {
  return `${f.file}:${f.line} (${f.strength}): \`${f.text.slice(0, 160)}\`: ${f.why}`;
}

/** What a refused patch does, in a few words, from its first finding. */
export function findingSummary(f: SpecialCaseFinding): string {
  if (f.kind === 'test-environment') return 'detects the test environment';
  if (f.kind === 'test-machinery') return 'changes the test machinery';
  if (f.kind === 'suppression') return 'silences the failing check';
  if (f.kind === 'test-data') return 'edits a file the failing tests read';
  if (f.kind === 'fitted') return 'fits a number or a branch to the tested values';
  if (f.kind === 'test-table') return "answers the failing tests' inputs from a table";
  return "answers a failing test's input with its expected value";
}
