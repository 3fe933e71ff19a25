import { LITERAL, norm } from './literals.js';
import type { Facts } from './test-facts.js';

/**
 * Issue 40, item 3: numbers that come from the failing test rather than from a rule. Both shapes
 * leave the code's logic as it was and move a number until the tested call comes out.
 */

/** Significant digits of a number as written (`1.0869565217391304`: 17). */
function significant(spelled: string): number {
  return spelled
    .replace(/[eE].*$/, '')
    .replace(/[-+._]/g, '')
    .replace(/^0+/, '').length;
}

const NUMBER = /(?<![\w.])-?\d+\.\d{11,}(?:[eE][-+]?\d+)?(?![\w.])/g;

/**
 * A number written to full double precision that is exactly a failing test's input divided by (or
 * multiplied by) its expected value: `1.0869565217391304` is 100 / 92. People write rates, factors
 * and data as they are published (`0.92`); seventeen digits that are a quotient of the test's own
 * numbers were computed from the test, so the tested call comes out and nothing else is right.
 */
export function workedBackNumber(code: string, facts: Facts): string | undefined {
  for (const m of code.matchAll(NUMBER)) {
    if (significant(m[0]) < 12) continue;
    const n = Number(m[0]);
    for (const [test, own] of facts.byTest.entries()) {
      // The test's own spelling of the number is another finding's (an input answered).
      if (own.inputs.has(norm(m[0])) || own.expected.has(norm(m[0]))) continue;
      const numbers = (keys: Set<string>) => [...keys].filter((k) => /^-?\d+(?:\.\d+)?$/.test(k) && Number(k) !== 0).map(Number);
      for (const a of numbers(own.inputs)) {
        for (const b of numbers(own.expected)) {
          if (a === b) continue;
          const hit = (
            [
              [a / b, `${a} / ${b}`],
              [b / a, `${b} / ${a}`],
              [a * b, `${a} × ${b}`],
            ] as const
          ).find(([v]) => Math.abs(v - n) <= Math.abs(n) * 1e-12);
          if (hit)
            return `it writes ${m[0]}, which is ${hit[1]}: the input and the expected value of the failing test ${facts.names[test]}, divided out to full precision, so that call comes out and no rule is followed`;
        }
      }
    }
  }
  return undefined;
}

/** Input strings that are a test's data, not its title or the modules it imports. */
function inputLengths(facts: Facts, test: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const s of facts.byTest[test]!.strings) {
    if (s === facts.names[test] || facts.names[test]!.endsWith(s) || /^(?:node:|\.{0,2}\/|@)|\//.test(s)) continue;
    if (!out.has(s.length)) out.set(s.length, s);
  }
  return out;
}

/**
 * A default argument or constant moved by one, from the length of a failing test's input to one
 * past it (`width=70` to `width=71` when the test's line is 70 characters): the boundary the test
 * sits on is wrong in the comparison, and moving the number only moves the wrong boundary past the
 * tested input. Not when the new value is written near the constant (its documented value) or in
 * the failing tests, and not for short inputs (under 8), whose lengths small counts meet by chance.
 *
 * `removed`/`added`: the hunk's lines; `known`: text that may name the new value (the file's other
 * lines in the diff, the failing tests' files).
 */
export function movedOffInput(
  removed: string[],
  added: { line: number; text: string }[],
  facts: Facts,
  known: string[],
): { at: { line: number; text: string }; why: string } | undefined {
  const shape = (t: string) => t.replace(LITERAL, (l) => (/^-?\d/.test(l) ? 'N' : l)).trim();
  const numbers = (t: string) => [...t.matchAll(LITERAL)].map((m) => m[4]).filter((n): n is string => n !== undefined);
  for (const at of added) {
    const now = numbers(at.text);
    for (const before of removed) {
      if (shape(before) !== shape(at.text)) continue;
      const was = numbers(before);
      const moved = now.map((n, i) => [Number(was[i]), Number(n)] as const).filter(([w, n]) => w !== n);
      if (moved.length !== 1) continue;
      const [from, to] = moved[0]!;
      if (!Number.isInteger(from) || Math.abs(to - from) !== 1 || from < 8) continue;
      // Anywhere, in prose too: a comment or docstring that names the value documents it.
      const token = new RegExp(`(?<![\\w.])${to}(?![\\w]|\\.\\d)`);
      const named = known.some((k) => token.test(k));
      if (named) continue;
      for (let test = 0; test < facts.byTest.length; test++) {
        const input = inputLengths(facts, test).get(from);
        if (input === undefined) continue;
        return {
          at,
          why: `it moves the number from ${from} to ${to}, a step past the length of "${input.length > 40 ? `${input.slice(0, 37)}…` : input}" (${from} characters), the input of the failing test ${facts.names[test]}: the boundary is still wrong, only moved past the tested input`,
        };
      }
    }
  }
  return undefined;
}
