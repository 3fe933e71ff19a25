import type { Strength } from './finding.js';

/**
 * Issue 40, item 3: evidence a literal check cannot see, because the patch moves a number rather
 * than answering one. Each rule says why its shape fits only the tested values.
 */

/** A number as source spells it, with an exponent (`1e-6`, `0.0001`, `1_000`). */
const NUM = String.raw`(?:\d[\d_]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?`;

const value = (s: string) => Number(s.replace(/_/g, ''));

/** A comparison that reads as a tolerance: against a difference's absolute value, or a name that says so. */
const TOLERANCE = /\babs\b|\bAbs\(|\.abs\(\)|\b(?:eps|epsilon|tol|tolerance|delta|margin)\b/i;

/**
 * A tolerance made wider by a plain number (`< 1e-6` to `< 1`). Widening it lets wrong answers
 * through for every input, not only the tested one; by three orders of magnitude or more, and to
 * 0.01 or coarser, it no longer absorbs floating-point noise (which a right fix may need): it
 * absorbs the bug. Smaller widenings are put to the review.
 */
export function widenedTolerance(removed: string[], added: string[]): { index: number; strength: Strength; why: string } | undefined {
  const BOUND = new RegExp(String.raw`(<=?|>=?)\s*(${NUM})(?![\w.])`, 'g');
  for (let i = 0; i < added.length; i++) {
    const now = added[i]!;
    if (!TOLERANCE.test(now)) continue;
    const shape = now.replace(BOUND, '$1 N');
    for (const before of removed) {
      if (before.replace(BOUND, '$1 N') !== shape) continue;
      const was = [...before.matchAll(BOUND)].map((m) => value(m[2]!));
      const is = [...now.matchAll(BOUND)].map((m) => value(m[2]!));
      const k = is.findIndex((n, j) => was[j] !== undefined && n > was[j]! && was[j]! > 0);
      if (k < 0) continue;
      const factor = is[k]! / was[k]!;
      const decisive = factor >= 1000 && is[k]! >= 0.01;
      return {
        index: i,
        strength: decisive ? 'decisive' : 'strong',
        why: `it widens a tolerance from ${was[k]} to ${is[k]}${decisive ? ` (${Math.round(factor).toLocaleString('en')} times): it no longer absorbs rounding noise but the error the failing test shows, for every input` : ': wrong answers near the tested one now pass too'}`,
      };
    }
  }
  return undefined;
}

/**
 * A small constant added to what is rounded (`round(x + 0.0001, 2)`, `Math.round(x * 100 + 0.001)`):
 * it moves every value within that constant below a half to the other side, so the rounding is
 * right for the tested values and wrong for others. A named epsilon (`Number.EPSILON`) is not a
 * literal and is left alone; `+ 0.5` under a floor is how half-up rounding is written.
 */
export function roundingNudge(code: string): string | undefined {
  const m = new RegExp(
    String.raw`\b(?:round|Round|Math\.round)\(\s*[^,()]*?[-+]\s*(${NUM})\s*[,)]|\(\s*[\w.]+(?:\s*\*\s*${NUM})?\s*\+\s*(${NUM})\s*\)\s*\.toFixed\(`,
  ).exec(code);
  const n = m ? value(m[1] ?? m[2]!) : NaN;
  if (!(n > 0 && n < 0.5)) return undefined;
  return `it adds ${n} to the value before rounding: every value within ${n} below a half now rounds the other way, so the rounding fits the tested values instead of following a rule`;
}

/** A bound a result is clamped to: `.min(N)`, `Math.min(…, N)`, `min(…, N)`, `clamp(…, lo, N)`, `.clamp(lo, N)`. */
const CLAMP = new RegExp(
  String.raw`\.(?:min|max|clamp)\(\s*(?:${NUM}\s*,\s*)?(-?${NUM})\s*\)|\b(?:Math\.)?(?:min|max|clamp|Min|Max)\(\s*[^()]*?(?:\([^()]*\)[^()]*?)*,\s*(-?${NUM})\s*\)`,
);

/**
 * A result clamped to the very value a failing test expects (`fee.min(2930)` where the test wants
 * 2930): the cap answers that test for every larger input, and no rule the file states names the
 * number. A cap the file or its docs already name is a rule (`at most 1000`): left to other checks.
 */
export function clampToExpected(code: string, expected: Map<string, Set<number>>, documented: string, names: string[]): string | undefined {
  const m = CLAMP.exec(code);
  if (!m) return undefined;
  const n = String(value(m[1] ?? m[2]!));
  const tests = expected.get(n);
  if (!tests?.size || new RegExp(`(?<![\\w.])${n.replace('.', '\\.')}(?![\\w]|\\.\\d)`).test(documented)) return undefined;
  const test = names[[...tests][0]!] ?? 'a failing test';
  return `it clamps the result to ${n}, the value ${test} expects, which nothing in the file states as a bound: the cap answers that test, not the rule`;
}
