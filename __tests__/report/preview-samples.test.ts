import { describe, expect, it } from '@jest/globals';
import { SAMPLES } from '../../scripts/preview/outcomes.js';
import { notFixedSummary } from '../../src/engine/outcome.js';
import type { TestResult } from '../../src/engine/types.js';

/**
 * The preview samples are built by hand, so they are checked for what a real run could never
 * contradict: counts that follow from attempt to attempt, totals that add up, and a not-fixed
 * headline made by the engine's own words from the sample's own figures.
 */
describe.each(SAMPLES.map((s) => [s.name, s] as const))('sample %s holds together', (_name, s) => {
  const o = s.outcome;

  it('tests before are the failures listed', () => {
    if (o.before && o.status !== 'skipped') expect(o.failuresBefore).toBe(o.before.failures.length);
  });

  it('each attempt starts with what the previous one left failing', () => {
    if (!o.attempts.length || o.mergedWith) return;
    expect(o.attempts[0]!.failing.length).toBe(o.failuresBefore - (o.flaky?.length ?? 0));
    for (let i = 1; i < o.attempts.length; i++) {
      const before = o.attempts[i - 1]!;
      if (before.failuresAfter !== undefined && before.result !== 'special-cased' && before.result !== 'review-flagged')
        expect({ n: o.attempts[i]!.n, failing: o.attempts[i]!.failing.length }).toEqual({ n: o.attempts[i]!.n, failing: before.failuresAfter });
    }
  });

  it('the totals add up: attempts plus the self-review', () => {
    const inAttempts = o.attempts.reduce((n, a) => n + (a.usage?.requests ?? a.requests), 0);
    expect(o.usage.requests).toBe(inAttempts + (o.usage.review?.requests ?? 0));
    if (!o.attempts.every((a) => a.usage)) return;
    const prompt = o.attempts.reduce((n, a) => n + (a.usage?.promptTokens ?? 0), 0) + (o.usage.review?.promptTokens ?? 0);
    expect(o.usage.promptTokens).toBe(prompt);
  });

  it('the end agrees with the last attempt', () => {
    if (o.status === 'fixed') {
      expect(o.failuresAfter).toBe(0);
      expect(o.attempts.at(-1)!.result).toBe('fixed');
    }
    if (o.status === 'not-fixed' && !o.mergedWith) {
      const last = [...o.attempts].reverse().find((a) => a.failuresAfter !== undefined)!;
      expect(o.failuresAfter).toBe(last.failuresAfter);
      const failing = (o.before?.failures ?? []).filter((f) => o.attempts.at(-1)!.failing.includes(f.id));
      expect(o.message).toBe(notFixedSummary(o.attempts, { report: { failures: failing } } as unknown as TestResult));
    }
  });
});
