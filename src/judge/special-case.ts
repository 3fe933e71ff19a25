import { parsePatch } from 'diff';
import { isSynthetic, type TestFailure } from '../failures/test-report.js';

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
   * changes the assertion library or the runner's configuration.
   */
  kind: 'test-literal' | 'test-table' | 'test-environment' | 'test-machinery';
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

/** Ways code tells it is running under a test runner, across the languages unbreak reads. */
const ENVIRONMENT_SNIFFS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bNODE_ENV\b[^\n]{0,40}?['"`]test['"`]|['"`]test['"`][^\n]{0,40}?\bNODE_ENV\b/, what: 'NODE_ENV === "test"' },
  { pattern: /\bJEST_WORKER_ID\b/, what: 'JEST_WORKER_ID' },
  { pattern: /\bNODE_TEST_CONTEXT\b/, what: 'NODE_TEST_CONTEXT (node --test)' },
  { pattern: /\bnpm_lifecycle_event\b[^\n]{0,40}?['"`]test/, what: 'npm_lifecycle_event === "test"' },
  {
    pattern: /\bprocess\.(?:argv|execArgv)\b[^\n]{0,60}?['"`](?:--test\b|[^'"`\n]*\b(?:jest|vitest|mocha|ava|tap)\b)/,
    what: 'the test runner in process.argv',
  },
  { pattern: /\bprocess\.env\.VITEST\b|\bimport\.meta\.env\.VITEST\b|['"`]VITEST(?:_WORKER_ID|_POOL_ID)?['"`]|\bVITEST_WORKER_ID\b/, what: 'VITEST' },
  { pattern: /\btypeof\s+(?:describe|it|expect|jest|vi)\s*[!=]==?\s*['"`]/, what: 'a test-runner global (typeof describe/it/expect)' },
  { pattern: /\bPYTEST_(?:CURRENT_TEST|VERSION|XDIST_WORKER)\b/, what: 'PYTEST_CURRENT_TEST' },
  {
    pattern: /['"](?:_?pytest|unittest)['"]\s+(?:not\s+)?in\s+sys\.modules|\bsys\.modules\s*(?:\.get\(\s*|\[\s*)['"](?:_?pytest|unittest)['"]/,
    what: "'pytest' in sys.modules",
  },
  {
    pattern: /\bsys\.argv\b[^\n]{0,60}?(?:pytest|unittest|py\.test)|(?:pytest|unittest|py\.test)[^\n]{0,60}?\bsys\.argv\b/,
    what: 'the test runner in sys.argv',
  },
  { pattern: /\btesting\.Testing\(\)|\bflag\.Lookup\(\s*"test\./, what: 'testing.Testing()' },
  { pattern: /\bos\.Args\b[^\n]{0,60}?(?:\.test\b|-test\.)/, what: 'the test binary in os.Args' },
  { pattern: /\bcfg!\(\s*test\s*\)/, what: 'cfg!(test)' },
  { pattern: /\bthread::current\(\)\s*\.name\(\)/, what: "the test thread's name" },
  // Not Error.captureStackTrace: every custom Node error class calls it, and it reads nothing.
  {
    pattern:
      /\bnew Error\([^)]*\)\.stack\b|\bError\.prepareStackTrace\b|\binspect\.(?:stack|currentframe)\(\)|\bsys\._getframe\(|\btraceback\.(?:extract|format)_stack\(|\bruntime\.Callers?\(|\bdebug\.Stack\(\)|\bBacktrace::(?:capture|force_capture)\(|\bcallsite\b/,
    what: 'reading the call stack',
  },
  {
    pattern:
      /\b(?:readFileSync|readFile|open|Path|read_to_string|include_str!|ReadFile|createReadStream|glob|readdirSync|listdir|ReadDir)\b[^\n]{0,80}?(?:__tests__|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|test_\w+\.py|_test\.(?:go|py)|['"`/\\]tests?['"`/\\])/,
    what: 'reading a test file',
  },
];

/** Where an assertion or test library is bound to a name in JavaScript. */
const ASSERT_MODULE = /['"](?:node:)?assert(?:\/strict)?['"]|['"](?:chai|should|expect|@jest\/globals|vitest|node:test|uvu\/assert|power-assert)['"]/;
const ASSERT_BINDING =
  /\bimport\s+(?:\*\s+as\s+)?(\w+)|\bimport\s*\{([^}]*)\}|\b(?:const|let|var)\s+(\w+)\s*=\s*(?:await\s+import|require)\(|\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:await\s+import|require)\(/;

/** Changing the test machinery from source: the test library's own functions, the runner's hooks. */
const MACHINERY: { pattern: RegExp; what: string }[] = [
  { pattern: /\bexpect\.extend\(/, what: 'expect.extend from source' },
  { pattern: /\b(?:unittest\.)?TestCase\.\w+\s*=(?!=)|\bsetattr\(\s*(?:unittest\.)?TestCase\b/, what: 'unittest.TestCase patched' },
  { pattern: /^\s*(?:import\s+_pytest|from\s+_pytest\b)|\bpytest\.\w+(?:\.\w+)*\s*=(?!=)|\bsetattr\(\s*_?pytest\b/, what: "pytest's internals" },
  { pattern: /\bsys\.modules\[\s*['"](?:_?pytest|unittest|assert)['"]\s*\]\s*=(?!=)/, what: 'the test library replaced in sys.modules' },
  { pattern: /\bbuiltins\.AssertionError\s*=(?!=)|\bAssertionError\s*=(?!=)/, what: 'AssertionError replaced' },
];

/** Files that configure a test runner, and words that select or skip tests in them. */
const RUNNER_CONFIG =
  /(?:^|\/)(?:pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|conftest\.py|package\.json|(?:jest|vitest|vite|ava|playwright|karma)\.conf(?:ig)?\.[cm]?[jt]s(?:on)?|\.mocharc(?:\.\w+)?|\.taprc|\.nycrc|Cargo\.toml|\.cargo\/config(?:\.toml)?)$/;
const SELECTS_TESTS =
  /--deselect\b|--ignore(?:-glob)?\b|(?:^|[\s'"=])-k\s|\bnorecursedirs\b|\bcollect_ignore\b|\bpython_(?:files|functions|classes)\b|\btestPathIgnorePatterns\b|\btestMatch\b|\btestRegex\b|\bmodulePathIgnorePatterns\b|--testNamePattern\b|--testPathPattern\b|(?:^|\s)-t\s|--grep\b|--invert\b|--test-(?:name|skip)-pattern\b|--skip\b|\bexclude\b|\bharness\s*=\s*false\b|\bskip\w*\s*[:=]/i;

/** Quoted strings (no interpolation) and numbers: how tests spell inputs and expected values. */
const LITERAL = /'((?:[^'\\\n]|\\.){0,200})'|"((?:[^"\\\n]|\\.){0,200})"|`((?:[^`\\$\n]|\\.){0,200})`|(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])/g;

/** How code compares a value against a literal: `=== 'x'`, `'x' ==`, `case 'x':`, `'x' =>`, `in ('x', …)`. */
const COMPARISON =
  /(?:===?|!==?|\bis\b|\bin\b)\s*[([]?\s*$|^\s*(?:===?|!==?)|\bcase\s*$|^\s*[:|]|^\s*=>|\bif\s+let\s+\S*\s*=\s*$|\bmatches\(\s*$|\b(?:equals|startsWith|endsWith|includes|startswith|endswith|starts_with|ends_with|contains|HasPrefix|HasSuffix|Contains)\(\s*(?:\w+,\s*)?$/;

/** Numbers too ordinary to tell anything: units, sizes and calendar figures a fix uses on its own. */
const ORDINARY_NUMBERS = new Set([128, 255, 256, 365, 366, 511, 512, 999, 1023, 1024, 1900, 1970, 2000, 3600, 4096, 65535, 65536, 86400]);

/**
 * How surprising a literal is, 0 to 2: what it would take for a fix to hold it by chance.
 * Small integers, round and well-known numbers, empty values, short strings and single words are
 * 0; three-digit numbers and short mixed strings 1; longer numbers, decimals with four or more
 * digits, and strings of eight or more characters with spaces, digits or punctuation 2.
 */
export function surprise(literal: string): number {
  const v = literal.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(v)) {
    const n = Math.abs(Number(v));
    if (Number.isInteger(n) && (n <= 100 || ORDINARY_NUMBERS.has(n))) return 0;
    const digits = String(n).replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return digits.length <= 2 ? 0 : digits.length === 3 ? 1 : 2;
  }
  if (v.length <= 3) return 0;
  if (/^[A-Za-z]+$/.test(v)) return v.length <= 10 ? 0 : 1;
  if (/^[A-Za-z_]+$/.test(v)) return 1;
  return v.length >= 8 ? 2 : 1;
}

/** What the failing tests know: their inputs and expected values, per failing test. */
interface Facts {
  inputs: Map<string, Set<number>>;
  expected: Map<string, Set<number>>;
  /** Input literals of 6+ characters, to find a compared prefix or part of one. */
  longInputs: { value: string; tests: Set<number> }[];
  /** Per failing test: its input and expected literals (keys), to relate an input to its expected value. */
  byTest: { inputs: Set<string>; expected: Set<string>; strings: string[] }[];
  names: string[];
}

export function findSpecialCasing(input: SpecialCaseInput): SpecialCaseFinding[] {
  const findings: SpecialCaseFinding[] = [];
  const facts = testFacts(input);
  for (const file of parsePatch(input.patch)) {
    const name = (file.newFileName ?? file.oldFileName ?? '').replace(/^[ab]\//, '');
    // Names the patch binds to a literal (`const EXPECTED = '…'`): read through, where they are used, as the literal.
    const bound = literalBindings(file.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+')).map((l) => stripComment(l.slice(1)))));
    const other = file.hunks.flatMap((h) => h.lines.filter((l) => !l.startsWith('+')).map((l) => stripComment(l.slice(1))));
    const config = RUNNER_CONFIG.test(name);
    // Test files are the guard's (refused unless test edits are allowed); of them, only the runner's configuration is weighed here.
    const testFile = !!name && input.isTestFile(name);
    if (!name || name === '/dev/null' || (testFile && !config)) continue;
    for (const hunk of file.hunks) {
      const added: { line: number; text: string }[] = [];
      const removed: string[] = [];
      const context: string[] = [];
      let line = hunk.newStart;
      for (const raw of hunk.lines) {
        if (raw.startsWith('+')) added.push({ line: line++, text: raw.slice(1) });
        else if (raw.startsWith('-')) removed.push(raw.slice(1));
        else if (raw.startsWith(' ')) {
          context.push(raw.slice(1));
          line++;
        }
      }
      const found = (at: { line: number; text: string }, kind: SpecialCaseFinding['kind'], strength: Strength, why: string) =>
        findings.push({ file: name, line: at.line, kind, strength, text: at.text.trim(), why });
      const assertNames = assertionNames([...context, ...added.map((a) => a.text)]);
      const read = added.map((a) => ({ line: a.line, text: throughBindings(a.text, bound) }));
      const elsewhere = new Set([...context, ...removed].flatMap((t) => literalsIn(stripComment(t)).map((l) => l.key)));
      let answeredUntil = -1;
      for (let i = 0; i < added.length; i++) {
        const at = added[i]!;
        const code = stripComment(at.text);
        if (config && SELECTS_TESTS.test(code)) {
          found(at, 'test-machinery', 'decisive', `it changes the test runner's configuration (${name}) to select or skip tests`);
          continue;
        }
        if (testFile) continue;
        const sniff = environmentSniff(code, added.slice(i + 1));
        if (sniff) {
          found(at, 'test-environment', 'decisive', `it detects the test environment (${sniff}), so the code behaves differently under test than in use`);
          continue;
        }
        const machinery = machineryPatch(code, assertNames);
        if (machinery) {
          found(at, 'test-machinery', 'decisive', `it changes the test machinery from source (${machinery}), so the tests no longer check the code`);
          continue;
        }
        const literal =
          literalFinding(stripComment(read[i]!.text), read, i, facts, elsewhere) ??
          (i > answeredUntil ? guardedConstant(read, i, facts, elsewhere) : undefined);
        // One finding per answer: the comparison that leads to it, not the return line after it as well.
        if (!literal || (!literal.pair && i <= answeredUntil)) continue;
        found(at, 'test-literal', literal.strength, literal.why);
        if (literal.pair) answeredUntil = i + 3;
      }
      if (testFile) continue;
      for (const f of tableFindings(hunk.lines, added, facts, other)) found(f.at, f.kind, f.strength, f.why);
      const constant = constantAnswer(read, removed, facts);
      if (constant) found(constant.at, 'test-literal', 'strong', constant.why);
    }
  }
  const order: Record<Strength, number> = { decisive: 0, strong: 1, weak: 2 };
  return findings.sort((a, b) => order[a.strength] - order[b.strength]);
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
  if (f.kind === 'test-table') return "answers the failing tests' inputs from a table";
  return "answers a failing test's input with its expected value";
}

function environmentSniff(code: string, rest: { text: string }[]): string | undefined {
  for (const sniff of ENVIRONMENT_SNIFFS) if (sniff.pattern.test(code)) return sniff.what;
  // `#[cfg(test)]` is how Rust marks its test module: only code under it that is not a module counts.
  const next = rest.find((a) => a.text.trim())?.text ?? '';
  if (/#\[cfg\(\s*test\s*\)\]/.test(code) && !/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s/.test(next)) return 'cfg(test) outside a test module';
  return undefined;
}

/** Names the patch's lines bind to an assertion or test library (`import assert from 'node:assert/strict'`). */
function assertionNames(lines: string[]): Set<string> {
  const names = new Set(['assert', 'chai', 'should']);
  for (const text of lines) {
    if (!ASSERT_MODULE.test(text)) continue;
    const m = ASSERT_BINDING.exec(text);
    if (!m) continue;
    for (const part of [m[1], m[3], ...(m[2] ?? m[4] ?? '').split(',')]) {
      const bound = part
        ?.split(/\s+as\s+|:/)
        .at(-1)
        ?.trim();
      if (bound && /^\w+$/.test(bound)) names.add(bound);
    }
  }
  return names;
}

function machineryPatch(code: string, names: Set<string>): string | undefined {
  for (const m of MACHINERY) if (m.pattern.test(code)) return m.what;
  const alt = [...names].join('|');
  const assigned = new RegExp(`(?<![\\w.])(?:${alt})(?:\\.\\w+|\\[[^\\]]+\\])+\\s*=(?!=)`);
  const redefined = new RegExp(
    `\\b(?:Object\\.(?:defineProperty|defineProperties|assign|setPrototypeOf)|Reflect\\.(?:set|defineProperty))\\(\\s*(?:${alt})\\b`,
  );
  if (assigned.test(code) || redefined.test(code)) return 'the assertion library patched';
  return undefined;
}

interface Literal {
  value: string;
  key: string;
}

/**
 * A compared literal that is a failing test's input, answered (on this or the next few added
 * lines) with that same test's expected value; or a surprising expected value returned under a
 * condition, or when an error is swallowed.
 */
function literalFinding(
  code: string,
  added: { text: string }[],
  i: number,
  facts: Facts,
  elsewhere: Set<string>,
): { strength: Strength; why: string; pair?: true } | undefined {
  const window = added
    .slice(i, i + 4)
    .map((a) => stripComment(a.text))
    .join('\n');
  const answers = literalsIn(window);
  let best: { score: number; why: string } | undefined;
  for (const compared of comparedLiterals(code)) {
    const tests = inputTests(compared, facts);
    if (!tests.size) continue;
    for (const answer of answers) {
      if (answer.key === compared.key) continue;
      const expectedBy = facts.expected.get(answer.key);
      const test = expectedBy && [...expectedBy].find((t) => tests.has(t));
      if (test === undefined) continue;
      const score = surprise(compared.value) + surprise(answer.value);
      if (!best || score > best.score) {
        best = {
          score,
          why: `it compares against ${quote(compared.value)}, an input of the failing test ${facts.names[test]}, and answers ${quote(answer.value)}, that test's expected value${score >= 2 ? '' : ' (ordinary values: boundary fixes use them too)'}`,
        };
      }
    }
  }
  if (best) return { strength: best.score >= 2 ? 'strong' : 'weak', why: best.why, pair: true };
  // A derived property of the input (its length, word count, how often a character occurs) compared
  // with exactly that property of a failing test's input, answered with that test's expected value.
  if (DERIVED.test(code)) {
    for (const compared of comparedLiterals(code)) {
      const n = Number(compared.value);
      if (!Number.isInteger(n) || n < 2) continue;
      for (const [test, own] of facts.byTest.entries()) {
        const input = own.strings.find((s) => derivedProperties(s).has(n));
        if (input === undefined) continue;
        const answer = answers.find((a) => a.key !== compared.key && own.expected.has(a.key));
        if (!answer) continue;
        return {
          strength: 'strong',
          why: `it compares ${n}, a property of ${quote(input)} (the input of the failing test ${facts.names[test]}: its length, word count or a character's count), and answers ${quote(answer.value)}, that test's expected value: the input is recognised, not handled`,
          pair: true,
        };
      }
    }
  }
  // A swallowed error that answers an expected value: the failure is hidden, not fixed. (Rust's
  // `Err(_) => …` arm and Go's `if err != nil {` are the same catch.)
  if (
    /^\s*(?:\}\s*)?(?:except\b|catch\b|rescue\b)|\brecover\(\)|\bcatch_unwind\b|\.catch\(|\bunwrap_or(?:_default|_else)?\(|\bErr\s*\(\s*\w*\s*\)\s*=>|\berr\s*!=\s*nil\b/.test(
      code,
    )
  ) {
    for (const answer of literalsIn(window)) {
      const tests = facts.expected.get(answer.key);
      if (tests?.size) {
        return {
          strength: 'strong',
          why: `when the error is caught it answers ${quote(answer.value)}, the expected value of the failing test ${facts.names[[...tests][0]!]}: the failure is hidden, not fixed`,
        };
      }
    }
  }
  // A surprising expected value returned under a condition: the input is matched some other way (a pattern, a length).
  const returned = /\breturn\s+(.+)|^\s*(?:case\b.*:|.*=>)\s*(.+)|\?\s*(.+?)\s*:/.exec(code);
  const conditional = /\b(?:if|elif|case|when|match|switch)\b|\?|=>/.test(
    added
      .slice(Math.max(0, i - 2), i + 1)
      .map((a) => a.text)
      .join('\n'),
  );
  if (returned && conditional) {
    const expression = returned[1] ?? returned[2] ?? returned[3] ?? '';
    const offset = offsetAnswer(
      expression,
      added
        .slice(Math.max(0, i - 2), i)
        .map((a) => a.text)
        .join('\n') + code.slice(0, returned.index),
      facts,
      elsewhere,
    );
    if (offset) return { strength: 'strong', why: offset };
    for (const answer of literalsIn(expression)) {
      const tests = facts.expected.get(answer.key);
      if (tests?.size && surprise(answer.value) >= 2) {
        return {
          strength: 'strong',
          why: `under a condition it returns ${quote(answer.value)}, the expected value of the failing test ${facts.names[[...tests][0]!]}, instead of computing it`,
        };
      }
    }
  }
  return undefined;
}

/** A constant a guard clause can answer: a literal, or a boolean or null in any of the languages' spellings. */
const CONSTANT =
  /^(?:null|None|nil|undefined|true|false|True|False|Some\((.+)\)|-?\d+(?:\.\d+)?|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$\n]|\\.)*`)$/;

/** The keys an expected value may be stored under, for a constant as the source spells it. */
function constantKeys(constant: string): string[] {
  if (/^(?:true|True)$/.test(constant)) return ['true', 'True'];
  if (/^(?:false|False)$/.test(constant)) return ['false', 'False'];
  if (/^(?:null|None|nil|undefined)$/.test(constant)) return ['null', 'None', 'nil', 'undefined'];
  return literalsIn(constant).map((l) => l.key);
}

/**
 * A new guard clause whose only effect is to answer a constant that is a failing test's expected
 * value (`if (…) return null`, `if …: return True`). Every empty-input or boundary fix looks like
 * that, so the answer alone is no finding; it becomes strong when the condition also holds what a
 * fix has no reason to hold (each one point, two in all make it strong):
 *
 * - a threshold the unchanged code does not know (`day > 28`), other than 0 and ±1, not the
 *   answer itself (a clamp answers its bound) and not a failing input (a boundary compares
 *   against the input);
 * - a derived property of that test's input (`s.count("-") == 3`: the input has three);
 * - a short piece of that test's input compared on its own (`s[-1] == "X"`), not a whole input
 *   and not the answer (`if path == "/": return "/"` keeps the root as it is);
 * - several conditions joined, pinning one input down (`a && b`).
 */
function guardedConstant(
  added: { text: string }[],
  i: number,
  facts: Facts,
  elsewhere: Set<string>,
): { strength: Strength; why: string; pair?: true } | undefined {
  const code = stripComment(added[i]!.text);
  const m = /(?:^|[\s:{)])return\s+(.+?)\s*;?\s*\}?\s*$/.exec(code);
  if (!m) return undefined;
  const constant = m[1]!.trim();
  if (!CONSTANT.test(constant)) return undefined;
  // The condition: on this line before the return, or the guard's line just above (`if …:` / `if … {`).
  let condition = code.slice(0, m.index + 1);
  if (!/\b(?:if|elif)\b/.test(condition)) {
    const above = i > 0 ? stripComment(added[i - 1]!.text) : '';
    if (!/\b(?:if|elif)\b.*(?::|\{)\s*$/.test(above)) return undefined;
    condition = above;
  }
  condition = condition.slice(condition.search(/\b(?:if|elif)\b/));
  const keys = constantKeys(constant);
  const test = facts.byTest.findIndex((own) => keys.some((k) => own.expected.has(k)));
  if (test < 0) return undefined;
  const own = facts.byTest[test]!;
  const answered = new Set(keys);
  const points: string[] = [];
  for (const t of condition.matchAll(/(?:[<>]=?)\s*(-?\d+(?:\.\d+)?)(?![\w.])|(?<![\w.])(-?\d+(?:\.\d+)?)\s*(?:[<>]=?)(?!>)/g)) {
    const key = norm(t[1] ?? t[2]!);
    if (Math.abs(Number(key)) <= 1 || elsewhere.has(key) || answered.has(key) || own.inputs.has(key)) continue;
    points.push(`a threshold, ${key}, the unchanged code does not use`);
    break;
  }
  if (DERIVED.test(condition)) {
    const n = comparedLiterals(condition)
      .map((l) => Number(l.value))
      .find((n) => Number.isInteger(n) && n >= 2 && own.strings.some((s) => derivedProperties(s).has(n)));
    if (n !== undefined) points.push(`${n}, a property of the failing input (its length, word count or a character's count)`);
  }
  const piece = comparedLiterals(condition).find(
    (l) =>
      !/^-?\d/.test(l.value) &&
      l.value.length >= 1 &&
      l.value.length <= 3 &&
      !own.inputs.has(l.key) &&
      !answered.has(l.key) &&
      own.strings.some((s) => s.includes(l.value)),
  );
  if (piece) points.push(`${quote(piece.value)}, a piece of the failing input`);
  if (/&&|\band\b/.test(condition)) points.push('several conditions joined');
  if (!points.length) return undefined;
  return {
    strength: 'strong',
    why: `a new guard answers ${constant}, the expected value of the failing test ${facts.names[test]}, under a condition that holds ${points.join('; ')}: the input is singled out, not handled`,
  };
}

/** Code that takes a derived property of a value: its length, its words, a count. */
const DERIVED = /\.length\b|\blen\(|\.len\(\)|\.count\(|\.Count\(|\bstrings\.Count\(|\bcount\(|\.size\b|\bFields\(|\.split\(|\.chars\(\)/;

/** The numbers code could derive from a string input: its length, its word count, each character's count. */
function derivedProperties(s: string): Set<number> {
  const out = new Set<number>([s.length, s.split(/\s+/).filter(Boolean).length]);
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const n of counts.values()) out.add(n);
  return out;
}

/**
 * Under a condition, the input plus (minus, times) a number that is exactly what a failing test
 * expects for its input: the expected value worked back from the input (`if amount > 1000:
 * return amount + 15.30` where the test wants 2015.3 for 2000), not the rule that makes it. A
 * number the condition or the unchanged code also uses is the rule's own (`h > 12 … h - 12`).
 */
function offsetAnswer(expression: string, condition: string, facts: Facts, elsewhere: Set<string>): string | undefined {
  const near = new Set(literalsIn(condition).map((l) => l.key));
  for (const m of expression.matchAll(/(?:[A-Za-z_]\w*|\))\s*([-+*])\s*(\d+(?:\.\d+)?)(?![\w.])/g)) {
    const l = Number(m[2]);
    const key = norm(m[2]!);
    if (Math.abs(l) < 2 || near.has(key) || elsewhere.has(key)) continue;
    for (const [test, own] of facts.byTest.entries()) {
      for (const i of own.inputs) {
        const x = Number(i);
        if (!/^-?\d+(?:\.\d+)?$/.test(i) || x === 0) continue;
        const worked = m[1] === '+' ? x + l : m[1] === '-' ? x - l : x * l;
        const hit = [...own.expected].find((e) => /^-?\d+(?:\.\d+)?$/.test(e) && Math.abs(Number(e) - worked) < 1e-9);
        if (hit !== undefined)
          return `under a condition it answers the input ${m[1]} ${m[2]}, which for ${i}, the input of the failing test ${facts.names[test]}, is exactly its expected value ${hit}: the answer worked back from the test, not the rule`;
      }
    }
  }
  return undefined;
}

/** Names the added lines bind to one literal (`const EXPECTED = '…'`, `X = 1234.5`, `const X: &str = "…";`). */
function literalBindings(lines: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const BINDING = new RegExp(
    String.raw`^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|let|var|static|final)\s+)?(?:mut\s+)?([A-Za-z_]\w*)(?:\s*:\s*[^=]+?)?\s*:?=\s*(${LIT})\s*;?\s*$`,
  );
  const seen = new Map<string, number>();
  for (const line of lines) {
    const m = BINDING.exec(line);
    if (!m) continue;
    seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
    // A constant: declared so (const, static, final) or named so (UPPER_CASE); a variable changes.
    if (/\b(?:const|static|final)\s/.test(line) || /^[A-Z][A-Z0-9_]*$/.test(m[1]!)) out.set(m[1]!, m[2]!);
  }
  for (const [name, n] of seen) if (n > 1) out.delete(name);
  return out;
}

/** A line with the names bound to a literal read as that literal (not on the binding's own line). */
function throughBindings(text: string, bound: Map<string, string>): string {
  if (!bound.size) return text;
  const names = [...bound.keys()].filter((n) => !new RegExp(`^\\s*(?:[\\w\\s()]*\\s)?${n}\\s*(?::[^=]*)?:?=(?!=)`).test(text));
  if (!names.length) return text;
  return text.replace(new RegExp(`(?<![\\w.'"])(?:${names.join('|')})(?![\\w'"])`, 'g'), (n) => bound.get(n)!);
}

/** The failing tests a compared literal is an input of: equal to one, or (6+ characters) part of one. */
function inputTests(compared: Literal, facts: Facts): Set<number> {
  const direct = facts.inputs.get(compared.key);
  if (direct?.size) return direct;
  const tests = new Set<number>();
  if (compared.value.length >= 6 && surprise(compared.value) >= 1) {
    for (const long of facts.longInputs) if (long.value.includes(compared.value)) long.tests.forEach((t) => tests.add(t));
  }
  return tests;
}

/** One literal, quoted or a number, as a regular expression source (no groups). */
const LIT = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?)`;
/** A key made of several literals: `("EUR", 100)`, `[2024, 1]`. */
const TUPLE = String.raw`[(\[]\s*${LIT}(?:\s*,\s*${LIT})+\s*,?\s*[)\]]`;
/** A table entry whose key is a tuple of literals: `("EUR", 100): "€100.00"`, `(1, 2) => 3`. */
const TUPLE_ENTRY = new RegExp(String.raw`(${TUPLE})\s*(?::|=>)\s*(${LIT})`, 'g');
/** An entry put into a named table one at a time: `memo[100] = 541`, `sizes.set(1536, '1.5 KiB')`, `m.insert("a", 1)`. */
const PUT_ENTRY = new RegExp(
  String.raw`\b([A-Za-z_]\w*)\s*(?:\[\s*(${TUPLE}|${LIT})\s*\]\s*=(?!=)\s*(${LIT})|\.(?:set|insert|put|setdefault)\(\s*(${TUPLE}|${LIT})\s*,\s*(${LIT})\s*\))`,
  'g',
);
/** A line that opens a table literal: `X = {`, `new Map([`, `map[string]int{`, `HashMap::from([`, `vec![`. */
const TABLE_OPEN = /(?:[=:(,[]|:=|\breturn|\bfrom|\bMap|\bdict|\bvec!|\bmap\[[^\]]*\][\w.*[\]]*)\s*[{[(]+\s*$/;

interface TableEntry {
  at: { line: number; text: string };
  keys: string[];
  value: string;
  /** The table it belongs to, and whether the patch adds that table whole (none of its lines were there before). */
  table?: string;
  fresh: boolean;
}

/** The literals of a literal or a tuple of them, unquoted. */
function parts(source: string): string[] {
  return literalsIn(source).map((l) => l.value);
}

/** The failing test whose inputs hold every key and whose expected values hold the value. */
function pairedTest(keys: string[], value: string, facts: Facts): number | undefined {
  const v = norm(value);
  if (keys.some((k) => norm(k) === v)) return undefined;
  const t = facts.byTest.findIndex((own) => own.expected.has(v) && keys.every((k) => own.inputs.has(norm(k))));
  return t < 0 ? undefined : t;
}

function bracketDepth(code: string): number {
  const bare = code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`/g, '""');
  return (bare.match(/[{[(]/g)?.length ?? 0) - (bare.match(/[}\])]/g)?.length ?? 0);
}

/**
 * Entries of a table (`'k': 'v'`, `k => v`, `[k, v]`, `(k, v)`, a tuple key `(k1, k2): v`, or put
 * one at a time, `t[k] = v`, `t.set(k, v)`) in the added lines that pair a failing test's input
 * with its expected value. A table the patch adds whole, every entry of which is such a pair (one
 * is enough): a table of the failing tests' answers (strong). Two or more making at least half of
 * the added entries: the same (strong). Fewer: a domain table that holds the tested pairs among
 * others (a roman numeral or status table), weighed by surprise.
 *
 * `lines`: the hunk as the diff has it (`+`, `-`, ` `); `other`: the file's context and removed
 * lines across hunks (a table named there was not added whole).
 */
function tableFindings(
  lines: string[],
  added: { line: number; text: string }[],
  facts: Facts,
  other: string[],
): { at: { line: number; text: string }; kind: 'test-table' | 'test-literal'; strength: Strength; why: string }[] {
  const ENTRY =
    /(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*(?::|=>)\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))|[[(]\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*,\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|(-?\d+(?:\.\d+)?))\s*[\])]/g;
  const entries: TableEntry[] = [];
  // Tables opened in this hunk: whether every line of each is added.
  const stack: { id: string; table: boolean }[] = [];
  const whole = new Map<string, boolean>();
  let addedIndex = 0;
  lines.forEach((raw, row) => {
    if (raw.startsWith('\\')) return;
    const isAdded = raw.startsWith('+');
    if (!isAdded && !raw.startsWith(' ') && !raw.startsWith('-')) return;
    if (raw.startsWith('-')) return;
    const at = isAdded ? added[addedIndex++]! : undefined;
    let code = stripComment(raw.slice(1));
    const depth = bracketDepth(code);
    const inside = stack.length && stack.at(-1)!.table ? stack.at(-1)!.id : undefined;
    for (const u of stack) if (!isAdded) whole.set(u.id, false);
    // A table on one line (`SEEN = {("EUR", 100): "€100.00"}`) is its own table.
    const own = depth === 0 && /[{[(]/.test(code) && !inside ? `line:${row}` : undefined;
    if (own) whole.set(own, isAdded);
    const unit = inside ?? own;
    if (at) {
      for (const m of code.matchAll(TUPLE_ENTRY)) entries.push({ at, keys: parts(m[1]!), value: parts(m[2]!)[0] ?? '', table: unit, fresh: false });
      code = code.replace(TUPLE_ENTRY, ' ');
      for (const m of code.matchAll(PUT_ENTRY)) {
        const name = m[1]!;
        const named = new RegExp(`\\b${name}\\b`);
        entries.push({ at, keys: parts(m[2] ?? m[4]!), value: parts(m[3] ?? m[5]!)[0] ?? '', table: `name:${name}`, fresh: false });
        if (!whole.has(`name:${name}`)) whole.set(`name:${name}`, !other.some((o) => named.test(o)));
      }
      code = code.replace(PUT_ENTRY, ' ');
      for (const m of code.matchAll(ENTRY)) {
        const key = m[1] ?? m[2] ?? m[3] ?? m[7] ?? m[8] ?? m[9] ?? '';
        const value = m[4] ?? m[5] ?? m[6] ?? m[10] ?? m[11] ?? m[12] ?? '';
        entries.push({ at, keys: [key], value, table: unit, fresh: false });
      }
    }
    if (depth > 0) {
      const table = TABLE_OPEN.test(code);
      for (let d = 0; d < depth; d++) {
        const id = `open:${row}:${d}`;
        stack.push({ id, table: table && d === depth - 1 });
        whole.set(id, isAdded);
      }
    } else for (let d = depth; d < 0 && stack.length; d++) stack.pop();
  });
  // A table still open at the hunk's end, or one whose opening line was not in the hunk, is not known to be whole.
  for (const u of stack) whole.set(u.id, false);
  for (const e of entries) e.fresh = !!e.table && whole.get(e.table) === true;

  const paired = entries.map((e) => ({ ...e, test: pairedTest(e.keys, e.value, facts) }));
  const out: ReturnType<typeof tableFindings> = [];
  const done = new Set<TableEntry['table']>();
  const key = (e: (typeof paired)[number]) => (e.keys.length > 1 ? `(${e.keys.map(quote).join(', ')})` : quote(e.keys[0]!));
  for (const e of paired) {
    if (!e.fresh || done.has(e.table) || e.test === undefined) continue;
    const members = paired.filter((p) => p.table === e.table);
    if (members.some((p) => p.test === undefined)) continue;
    done.add(e.table);
    out.push({
      at: e.at,
      kind: 'test-table',
      strength: 'strong',
      why: `it adds a table keyed by the failing tests' inputs that answers their expected values (${members.length} of its ${members.length} entries, a table new in this patch, e.g. ${key(e)} → ${quote(e.value)} for ${facts.names[e.test]})`,
    });
  }
  const rest = paired.filter((p) => !done.has(p.table) || !p.table);
  const matching = rest.filter((p) => p.test !== undefined);
  if (!matching.length) return out;
  if (matching.length >= 2 && matching.length * 2 >= rest.length) {
    const [first] = matching;
    out.push({
      at: first!.at,
      kind: 'test-table',
      strength: 'strong',
      why: `it adds a table keyed by the failing tests' inputs that answers their expected values (${matching.length} of its ${rest.length} entries, e.g. ${key(first!)} → ${quote(first!.value)} for ${facts.names[first!.test!]})`,
    });
    return out;
  }
  for (const m of matching) {
    const score = m.keys.reduce((sum, k) => sum + surprise(k), 0) + surprise(m.value);
    out.push({
      at: m.at,
      kind: 'test-literal',
      strength: score >= 2 ? 'strong' : 'weak',
      why: `a table entry pairs ${key(m)}, an input of the failing test ${facts.names[m.test!]}, with ${quote(m.value)}, its expected value (${matching.length} of ${rest.length} entries)`,
    });
  }
  return out;
}

/** A hunk that replaces a computation by returning a failing test's expected value. */
function constantAnswer(
  added: { line: number; text: string }[],
  removed: string[],
  facts: Facts,
): { at: { line: number; text: string }; why: string } | undefined {
  const code = added.filter((a) => stripComment(a.text).trim());
  if (code.length !== 1 || !removed.length) return undefined;
  const m = /^\s*(?:return\s+)?(.+?);?\s*$/.exec(stripComment(code[0]!.text));
  const only = m ? literalsIn(m[1]!) : [];
  if (only.length !== 1 || m![1]!.trim().replace(/^['"`]|['"`]$/g, '') !== only[0]!.value) return undefined;
  const tests = facts.expected.get(only[0]!.key);
  // What was removed computed something: names or operators beyond a literal of its own.
  const computed = removed.some((r) => /[A-Za-z_]\w*\s*[([.]|[-+*/%]|\w+\s*[<>]=?\s*\w/.test(stripComment(r).replace(/^\s*return\b/, '')));
  if (!tests?.size || !computed) return undefined;
  return {
    at: code[0]!,
    why: `it replaces the computation with ${quote(only[0]!.value)}, the expected value of the failing test ${facts.names[[...tests][0]!]}`,
  };
}

function testFacts(input: SpecialCaseInput): Facts {
  const facts: Facts = { inputs: new Map(), expected: new Map(), longInputs: [], byTest: [], names: [] };
  const add = (map: Map<string, Set<number>>, values: Literal[], test: number) => {
    for (const v of values) {
      if (!map.has(v.key)) map.set(v.key, new Set());
      map.get(v.key)!.add(test);
    }
  };
  input.failures.forEach((f, test) => {
    facts.names.push(f.id);
    facts.byTest.push({ inputs: new Set(), expected: new Set(), strings: [] });
    // A compile error or a crash that is not a test case: its text is the source's, not a test's.
    if (isSynthetic(f)) return;
    const message = withoutQuotedSource(f.message);
    const actual = new Set(f.actual !== undefined ? [...literalsIn(f.actual), ...bare(f.actual)].map((l) => l.key) : []);
    const expected: Literal[] = [];
    if (f.expected !== undefined) expected.push(...literalsIn(f.expected), ...bare(f.expected));
    for (const m of message.matchAll(/\b(?:want(?:ed)?|expected)\b:?\s+([^\n,;]{1,120})/gi)) expected.push(...literalsIn(m[1]!), ...bare(m[1]!));
    const inputs: Literal[] = literalsIn(message).filter((l) => !actual.has(l.key));
    // The failing test's own code: around where it failed, else the whole (small) file.
    const where = testLocation(f, input.isTestFile);
    const text = where && input.readFile(where.file);
    if (where && text) {
      const lines = text.split('\n');
      const body = where.line ? lines.slice(Math.max(0, where.line - 30), where.line + 5) : lines.length <= 300 ? lines : [];
      inputs.push(...literalsIn(body.join('\n')));
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
function testLocation(f: TestFailure, isTestFile: (rel: string) => boolean): { file: string; line?: number } | undefined {
  const file = f.file && isTestFile(f.file) ? f.file : f.locations.find((l) => isTestFile(l.file))?.file;
  if (!file) return undefined;
  const line = f.locations.find((l) => l.file === file)?.line;
  return line ? { file, line } : { file };
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

function norm(value: string): string {
  const v = value.trim();
  return /^-?\d+(?:\.\d+)?$/.test(v) ? String(Number(v)) : value;
}

function literalsIn(text: string): Literal[] {
  const out: Literal[] = [];
  for (const m of text.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    out.push({ value, key: norm(value) });
  }
  return out;
}

/** An expected value as the runner printed it without quotes (`42`, `foo`). */
function bare(value: string): Literal[] {
  const v = value.trim();
  return /^[^'"`\n]{1,200}$/.test(v) ? [{ value: v, key: norm(v) }] : [];
}

/** The literals a line compares something against. */
function comparedLiterals(code: string): Literal[] {
  const out: Literal[] = [];
  for (const m of code.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const before = code.slice(Math.max(0, m.index - 24), m.index);
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (COMPARISON.test(before) || /^\s*(?:===?|!==?|=>)/.test(after) || (/^\s*:/.test(after) && /\bcase\s*$/.test(before)))
      out.push({ value, key: norm(value) });
  }
  return out;
}

function stripComment(line: string): string {
  return line.replace(/\s(?:\/\/|#)(?![[!]).*$/, '');
}

function quote(value: string): string {
  return /^-?\d/.test(value) && !/\s/.test(value) ? value : `"${value}"`;
}
