import type { Strength } from './finding.js';
import { DERIVED, derivedProperties } from './literal-answers.js';
import { comparedLiterals, literalsIn, norm, quote, stripComment } from './literals.js';
import type { Facts } from './test-facts.js';

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
export function guardedConstant(
  added: { text: string }[],
  i: number,
  facts: Facts,
  elsewhere: Set<string>,
  strip: (line: string) => string = stripComment,
): { strength: Strength; why: string; pair?: true } | undefined {
  const code = strip(added[i]!.text);
  const m = /(?:^|[\s:{)])return\s+(.+?)\s*;?\s*\}?\s*$/.exec(code);
  if (!m) return undefined;
  const constant = m[1]!.trim();
  if (!CONSTANT.test(constant)) return undefined;
  // The condition: on this line before the return, or the guard's line just above (`if …:` / `if … {`).
  let condition = code.slice(0, m.index + 1);
  if (!/\b(?:if|elif)\b/.test(condition)) {
    const above = i > 0 ? strip(added[i - 1]!.text) : '';
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
    const of = n === undefined ? undefined : own.strings.find((s) => derivedProperties(s).has(n));
    if (n !== undefined) points.push(`${n}, a property of the failing input "${of}" (its length, word count or a character's count)`);
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
  if (piece) points.push(`${quote(piece.value)}, a piece of the failing input "${own.strings.find((s) => s.includes(piece.value))}"`);
  if (/&&|\band\b/.test(condition)) points.push('several conditions joined');
  if (!points.length) return undefined;
  return {
    strength: 'strong',
    why: `a new guard answers ${constant}, the expected value of the failing test ${facts.names[test]}, under a condition that holds ${points.join('; ')}: the input is singled out, not handled`,
  };
}

/** A hunk that replaces a computation by returning a failing test's expected value. */
export function constantAnswer(
  added: { line: number; text: string }[],
  removed: string[],
  facts: Facts,
  strip: (line: string) => string = stripComment,
): { at: { line: number; text: string }; why: string } | undefined {
  const code = added.filter((a) => strip(a.text).trim());
  if (code.length !== 1 || !removed.length) return undefined;
  const m = /^\s*(?:return\s+)?(.+?);?\s*$/.exec(strip(code[0]!.text));
  const only = m ? literalsIn(m[1]!) : [];
  if (only.length !== 1 || m![1]!.trim().replace(/^['"`]|['"`]$/g, '') !== only[0]!.value) return undefined;
  const tests = facts.expected.get(only[0]!.key);
  // What was removed computed something: names or operators beyond a literal of its own.
  const computed = removed.some((r) => /[A-Za-z_]\w*\s*[([.]|[-+*/%]|\w+\s*[<>]=?\s*\w/.test(strip(r).replace(/^\s*return\b/, '')));
  if (!tests?.size || !computed) return undefined;
  return {
    at: code[0]!,
    why: `it replaces the computation with ${quote(only[0]!.value)}, the expected value of the failing test ${facts.names[[...tests][0]!]}`,
  };
}
