import { parsePatch } from 'diff';
import type { TestFailure } from '../testing/report.js';

/**
 * A green run is not enough: a patch that answers the failing tests' own inputs with their
 * expected values, or that behaves differently under a test runner, passes the tests and fixes
 * nothing. This finds both in the lines a patch adds to source files.
 */
export interface SpecialCaseFinding {
  file: string;
  /** Line in the new version of the file. */
  line: number;
  kind: 'test-literal' | 'test-environment';
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

/** Ways code tells it is running under a test runner, across the languages unbreak reads. */
const ENVIRONMENT_SNIFFS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bNODE_ENV\b[^\n]{0,40}?['"`]test['"`]|['"`]test['"`][^\n]{0,40}?\bNODE_ENV\b/, what: 'NODE_ENV === "test"' },
  { pattern: /\bJEST_WORKER_ID\b/, what: 'JEST_WORKER_ID' },
  { pattern: /\bNODE_TEST_CONTEXT\b/, what: 'NODE_TEST_CONTEXT (node --test)' },
  {
    pattern: /\bprocess\.(?:argv|execArgv)\b[^\n]{0,60}?['"`](?:--test\b|[^'"`\n]*\b(?:jest|vitest|mocha|ava|tap)\b)/,
    what: 'the test runner in process.argv',
  },
  { pattern: /\bprocess\.env\.VITEST\b|\bimport\.meta\.env\.VITEST\b|['"`]VITEST['"`]/, what: 'VITEST' },
  { pattern: /\bPYTEST_CURRENT_TEST\b/, what: 'PYTEST_CURRENT_TEST' },
  { pattern: /['"]pytest['"]\s+in\s+sys\.modules|['"]unittest['"]\s+in\s+sys\.modules/, what: "'pytest' in sys.modules" },
  { pattern: /\btesting\.Testing\(\)/, what: 'testing.Testing()' },
  { pattern: /\bcfg!\(\s*test\s*\)/, what: 'cfg!(test)' },
  // Not Error.captureStackTrace: every custom Node error class calls it, and it reads nothing.
  {
    pattern: /\bnew Error\(\)\.stack\b|\binspect\.stack\(\)|\bsys\._getframe\(|\btraceback\.(?:extract|format)_stack\(|\bruntime\.Caller\(|\bcallsite\b/,
    what: 'reading the call stack',
  },
  {
    pattern:
      /\b(?:readFileSync|readFile|open|Path|read_to_string|include_str!|ReadFile|createReadStream)\b[^\n]{0,80}?(?:__tests__|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|test_\w+\.py|_test\.(?:go|py)|['"`/]tests?\/)/,
    what: 'reading a test file',
  },
];

/** Values too common to say anything when a fix compares against them. */
const TRIVIAL = new Set(['', '0', '1', '-1', '2', 'true', 'false', 'null', 'None', 'undefined', 'nil', ' ', 'NaN']);

/** Quoted strings (no interpolation) and numbers: how tests spell inputs and expected values. */
const LITERAL = /'((?:[^'\\\n]|\\.){0,200})'|"((?:[^"\\\n]|\\.){0,200})"|`((?:[^`\\$\n]|\\.){0,200})`|(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])/g;

/** How code compares a value against a literal: `=== 'x'`, `'x' ==`, `case 'x':`, `'x' =>`, `in ('x', …)`. */
const COMPARISON =
  /(?:===?|!==?|\bis\b|\bin\b)\s*[([]?\s*$|^\s*(?:===?|!==?)|\bcase\s*$|^\s*[:|]|^\s*=>|\bif\s+let\s+\S*\s*=\s*$|\bmatches\(\s*$|\b(?:equals|startsWith|endsWith|includes|startswith|endswith)\(\s*$/;

export function findSpecialCasing(input: SpecialCaseInput): SpecialCaseFinding[] {
  const findings: SpecialCaseFinding[] = [];
  const { inputs, expected } = testLiterals(input);
  for (const file of parsePatch(input.patch)) {
    const name = (file.newFileName ?? file.oldFileName ?? '').replace(/^[ab]\//, '');
    if (!name || name === '/dev/null' || input.isTestFile(name)) continue;
    for (const hunk of file.hunks) {
      const added: { line: number; text: string }[] = [];
      let line = hunk.newStart;
      for (const raw of hunk.lines) {
        if (raw.startsWith('+')) added.push({ line: line++, text: raw.slice(1) });
        else if (raw.startsWith(' ')) line++;
      }
      for (let i = 0; i < added.length; i++) {
        const { line: at, text } = added[i]!;
        const code = stripComment(text);
        // `#[cfg(test)]` is how Rust marks its test module: only code under it that is not a module counts.
        const next = added.slice(i + 1).find((a) => a.text.trim())?.text ?? '';
        const cfgTest = /#\[cfg\(\s*test\s*\)\]/.test(code) && !/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s/.test(next);
        for (const sniff of [...ENVIRONMENT_SNIFFS, ...(cfgTest ? [{ pattern: /cfg/, what: 'cfg(test) outside a test module' }] : [])]) {
          if (sniff.pattern.test(code)) {
            findings.push({
              file: name,
              line: at,
              kind: 'test-environment',
              text: text.trim(),
              why: `it detects the test environment (${sniff.what}), so the code behaves differently under test than in use`,
            });
            break;
          }
        }
        const compared = comparedLiterals(code).filter((l) => inputs.has(l));
        if (!compared.length) continue;
        // The answer: the expected value of a failing test, on this line or the next few added ones.
        const window = added
          .slice(i, i + 4)
          .map((a) => stripComment(a.text))
          .join('\n');
        const answered = literalsIn(window).filter((l) => expected.has(l) && !compared.includes(l));
        if (answered.length) {
          findings.push({
            file: name,
            line: at,
            kind: 'test-literal',
            text: text.trim(),
            why: `it compares against ${quote(compared[0]!)}, an input of a failing test, and answers ${quote(answered[0]!)}, that test's expected value: this satisfies the test without fixing the cause`,
          });
        }
      }
    }
  }
  return findings;
}

/** One message for the model: what was found and what to do instead. */
export function specialCaseFeedback(findings: SpecialCaseFinding[]): string {
  const lines = findings.slice(0, 6).map((f) => `- ${f.file}:${f.line}: \`${f.text.slice(0, 160)}\`: ${f.why}`);
  return `The tests pass, but the change special-cases them, so it was not accepted:\n${lines.join('\n')}\nFix the cause in general code that works for any input; do not detect tests or answer their particular inputs.`;
}

function testLiterals(input: SpecialCaseInput): { inputs: Set<string>; expected: Set<string> } {
  const inputs = new Set<string>();
  const expected = new Set<string>();
  const add = (set: Set<string>, values: string[]) => values.filter((v) => !TRIVIAL.has(v.trim())).forEach((v) => set.add(v));
  for (const f of input.failures) {
    if (f.expected !== undefined) add(expected, literalsIn(f.expected).concat(bare(f.expected)));
    const text = f.file ? input.readFile(f.file) : undefined;
    if (!text) continue;
    const lines = text.split('\n');
    const at = f.locations.find((l) => l.file === f.file)?.line;
    // The failing test's own code: around where it failed, else the whole (small) file.
    const body = at ? lines.slice(Math.max(0, at - 30), at + 5) : lines.length <= 300 ? lines : [];
    const values = literalsIn(body.join('\n'));
    add(inputs, values);
    // Expected values the output did not spell out: what the failing assertion compares with.
    if (at) add(expected, literalsIn(lines[at - 1] ?? ''));
  }
  return { inputs, expected };
}

function literalsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(LITERAL)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** An expected value as the runner printed it without quotes (`42`, `foo`). */
function bare(value: string): string[] {
  const v = value.trim();
  return /^[^'"`\n]{1,200}$/.test(v) ? [v] : [];
}

/** The literals a line compares something against. */
function comparedLiterals(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(LITERAL)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const before = code.slice(Math.max(0, m.index - 24), m.index);
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (COMPARISON.test(before) || /^\s*(?:===?|!==?|=>)/.test(after) || (/^\s*:/.test(after) && /\bcase\s*$/.test(before))) out.push(value);
  }
  return out;
}

function stripComment(line: string): string {
  return line.replace(/\s(?:\/\/|#)(?![[!]).*$/, '');
}

function quote(value: string): string {
  return /^-?\d/.test(value) ? value : `"${value}"`;
}
