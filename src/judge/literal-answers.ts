import type { Strength } from './finding.js';
import { comparedLiterals, literalsIn, norm, quote, stripComment, surprise, type Literal } from './literals.js';
import type { Facts } from './test-facts.js';

/**
 * A compared literal that is a failing test's input, answered (on this or the next few added
 * lines) with that same test's expected value; or a surprising expected value returned under a
 * condition, or when an error is swallowed.
 */
export function literalFinding(
  code: string,
  added: { text: string }[],
  i: number,
  facts: Facts,
  elsewhere: Set<string>,
  documented?: string,
  strip: (line: string) => string = stripComment,
): { strength: Strength; why: string; pair?: true } | undefined {
  const window = added
    .slice(i, i + 4)
    .map((a) => strip(a.text))
    .join('\n');
  const answers = literalsIn(window);
  let best: { score: number; why: string; whole: boolean } | undefined;
  const fitted = fittedPattern(code, facts);
  for (const compared of [...comparedLiterals(code), ...fitted]) {
    const tests = inputTests(compared, facts);
    if (!tests.size) continue;
    for (const answer of answers) {
      if (answer.key === compared.key) continue;
      const expectedBy = facts.expected.get(answer.key);
      const test = expectedBy && [...expectedBy].find((t) => tests.has(t));
      if (test === undefined) continue;
      const score = surprise(compared.value) + surprise(answer.value);
      // The whole of a failing input, not a piece or a boundary number: a string no rule names (`"1h30m"`, `"0X1F"`).
      const whole =
        fitted.includes(compared) ||
        (!!facts.inputs.get(compared.key)?.has(test) &&
          !/^-?\d+(?:\.\d+)?$/.test(compared.value) &&
          surprise(compared.value) >= 1 &&
          !/^[A-Za-z]+$/.test(compared.value));
      if (!best || score > best.score || (whole && !best.whole)) {
        best = {
          score,
          whole,
          why: `it compares against ${quote(compared.value)}, an input of the failing test ${facts.names[test]}, and answers ${quote(answer.value)}, that test's expected value${score >= 2 || whole ? '' : ' (ordinary values: boundary fixes use them too)'}`,
        };
      }
    }
  }
  // The failing test's exact input answered with its expected value: keyed on the test, decisive.
  if (best && (best.whole || best.score >= 2)) return { strength: 'decisive', why: `${best.why}: the test's own input is answered, not handled`, pair: true };
  if (best) return { strength: 'weak', why: best.why, pair: true };
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
  // `Err(_) => …` arm, Go's `if err != nil {` and a NaN check after a failed parse are the same catch.)
  if (
    /^\s*(?:\}\s*)?(?:except\b|catch\b|rescue\b)|\brecover\(\)|\bcatch_unwind\b|\.catch\(|\bunwrap_or(?:_default|_else)?\(|\bErr\s*\(\s*\w*\s*\)\s*=>|\berr\s*!=\s*nil\b|\b(?:Number\.)?isNaN\(|\bmath\.(?:isnan|IsNaN)\(|\.is_nan\(\)/.test(
      code,
    )
  ) {
    const spelled = spelledByInput(literalsIn(window), facts);
    if (spelled) return { strength: 'decisive', why: spelled };
    for (const answer of literalsIn(window)) {
      const tests = facts.expected.get(answer.key);
      if (tests?.size) {
        const computed = documented && computedAnswer(answer, tests, facts, documented);
        if (computed) return { strength: 'decisive', why: computed };
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

/**
 * Where the code could not compute (an error caught, a NaN), a number answered that is a failing
 * test's expected value and is written in that test's own input (`90` for `"90m"`): the value was
 * read off the test by hand, and every other input that fails the same way gets it too. 0 and ±1,
 * what an error path answers by rule, are left to the other findings.
 */
function spelledByInput(answers: Literal[], facts: Facts): string | undefined {
  for (const answer of answers) {
    if (!/^-?\d+(?:\.\d+)?$/.test(answer.key) || Math.abs(Number(answer.key)) <= 1) continue;
    const digits = new RegExp(`(?<![\\d.])${answer.value.replace(/[.-]/g, '\\$&')}(?![\\d.])`);
    for (const [test, own] of facts.byTest.entries()) {
      const input = own.expected.has(answer.key) ? own.strings.find((s) => s !== answer.value && digits.test(s)) : undefined;
      if (input !== undefined)
        return `where the computation failed it answers ${quote(answer.value)}, the expected value of the failing test ${facts.names[test]}, read off that test's input "${input}": the failure is hidden for every input that fails the same way`;
    }
  }
  return undefined;
}

/**
 * A regular expression that matches exactly the failing tests' inputs (`/^mcdonald$/i.test(s)`,
 * `re.fullmatch(r"a|b", s)`): an alternation of them, anchored, read as those inputs compared.
 */
function fittedPattern(code: string, facts: Facts): Literal[] {
  const m =
    /\/\^\(?(?:\?:)?([^/()]+?)\)?\$\/[a-z]*\s*\.test\(|\bre\.(?:fullmatch|match)\(\s*r?['"]\^?\(?(?:\?:)?([^'"()]+?)\)?\$?['"]|\bregexp\.MustCompile\(\s*[`"]\^\(?(?:\?:)?([^`"()]+?)\)?\$[`"]\)\.MatchString\(/.exec(
      code,
    );
  if (!m) return [];
  const alternatives = (m[1] ?? m[2] ?? m[3]!).split('|').map((a) => a.replace(/\\(.)/g, '$1'));
  const inputs = [...facts.inputs.keys()];
  // The input as the pattern spells it, else one in another case that no test expects: the runner's
  // message quotes the expected value too (`'McDonald'` for an `/^mcdonald$/i` fitted to `'mcdonald'`).
  const found = alternatives.map(
    (a) =>
      inputs.find((i) => i === a) ??
      inputs.find((i) => i.toLowerCase() === a.toLowerCase() && !facts.expected.has(i)) ??
      inputs.find((i) => i.toLowerCase() === a.toLowerCase()),
  );
  return found.every((f) => f !== undefined) ? found.map((f) => ({ value: f!, key: f! })) : [];
}

/** Code that takes a derived property of a value: its length, its words, a count. */
export const DERIVED = /\.length\b|\blen\(|\.len\(\)|\.count\(|\.Count\(|\bstrings\.Count\(|\bcount\(|\.size\b|\bFields\(|\.split\(|\.chars\(\)/;

/** The numbers code could derive from a string input: its length, its word count, each character's count. */
export function derivedProperties(s: string): Set<number> {
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

/**
 * A caught error answering a failing test's expected value, where that test's input carries
 * numbers of its own (`"2h15m"`, `"02:30"`) and the value, a number, is named nowhere in the file's
 * unchanged code or comments: the answer depends on those numbers, so a constant is right for
 * that one input and wrong for every other input that fails the same way. A default the
 * documentation names, and one for an input without numbers (`{}`, `""`), stay with the review.
 */
function computedAnswer(answer: Literal, tests: Set<number>, facts: Facts, documented: string): string | undefined {
  // A word (`"unknown"`) is what a lookup falls back to by rule; a number is what the input's numbers compute.
  if (!/^-?\d+(?:\.\d+)?$/.test(answer.key) || Math.abs(Number(answer.key)) <= 1) return undefined;
  const named = [...documented.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].some((m) => norm(m[0]) === answer.key);
  if (named) return undefined;
  for (const test of tests) {
    const input = facts.byTest[test]?.strings.findLast((s) => /\d/.test(s) && norm(s) !== answer.key);
    if (input !== undefined)
      return `when the error is caught it answers ${quote(answer.value)}, the expected value of the failing test ${facts.names[test]} for ${quote(input)}, a value the unchanged code and its comments never name: every other input that fails the same way gets it too`;
  }
  return undefined;
}
