import type { Facts } from './test-facts.js';

/**
 * A one-step offset (`n === 11 ? 1 : 0`, `if (n == 11) r += 1`) taken when a value equals a failing
 * test's input and under no other condition: the result is moved for that input alone, and every
 * other input the same bug hits keeps the wrong answer. A number the unchanged file names (a rule
 * about sevens) and a condition joined with others (February and a leap year) are the rule's own.
 */
const TERNARY = /([\w$.]+)\s*={2,3}\s*(\d+)\s*\)?\s*\?\s*(?:-?1\s*:\s*0|0\s*:\s*-?1)\b/;
const BUMP =
  /\bif\s*\(?\s*([\w$.]+)\s*={2,3}\s*(\d+)\s*\)?\s*[:{]?\s*[\w$.[\]]+\s*(?:\+=|-=)\s*1\b|\bif\s*\(?\s*([\w$.]+)\s*={2,3}\s*(\d+)\s*\)?\s*[:{]?\s*[\w$.[\]]+(?:\+\+|--)/;

export function offsetAtInput(code: string, facts: Facts, documented: string): string | undefined {
  const m = TERNARY.exec(code) ?? BUMP.exec(code);
  if (!m) return undefined;
  const value = m[2] ?? m[4]!;
  const n = Number(value);
  // Joined conditions name more than the value; 0 and 1 are every rule's boundaries.
  if (n < 2 || /&&|\|\||\band\b|\bor\b/.test(code)) return undefined;
  const tests = facts.inputs.get(String(n));
  if (!tests?.size) return undefined;
  if ([...documented.matchAll(/(?<![\w.])\d+(?!\w|\.\d)/g)].some((d) => Number(d[0]) === n)) return undefined;
  return `it moves the result by one only when ${m[1] ?? m[3]} is ${n}, an input of the failing test ${facts.names[[...tests][0]!]} that the unchanged code names nowhere: the tested value is nudged, the rule is not fixed`;
}
