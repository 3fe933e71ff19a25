import { describe, expect, it } from '@jest/globals';
import { parseReview, REVIEW_MARKER, REVIEW_PROMPT, reviewMessage } from '../../src/model/review.js';

describe('the self-review answers in the form it is asked for', () => {
  it.each([
    ['VERDICT: accept\nIt handles December, which has no next month.', 'ok', 'It handles December, which has no next month.'],
    ['VERDICT: reject\nThe table answers the two failing dates.', 'symptom', 'The table answers the two failing dates.'],
    ['**VERDICT: reject** it returns the expected string for one input', 'symptom', 'it returns the expected string for one input'],
    ['VERDICT: symptom: it only swaps the separator', 'symptom', 'it only swaps the separator'],
    ['VERDICT: ok', 'ok', ''],
    ['verdict: Accept', 'ok', ''],
  ])('%j', (text, verdict, reason) => {
    expect(parseReview(text)).toEqual({ verdict, reason });
  });

  it.each(['Looks fine to me.', 'I think so.\nVERDICT: accept', 'VERDICT: maybe', ''])('anything else is unclear: %j', (text) => {
    expect(parseReview(text).verdict).toBe('unclear');
  });

  it('a rejection without a reason still says what the reviewer said', () => {
    expect(parseReview('VERDICT: reject')).toEqual({ verdict: 'symptom', reason: 'the reviewer said the patch only fits the tests' });
  });

  it('names the findings to decide about, apart from the patch; with none, asks in general', () => {
    const asked = reviewMessage('+x', ['t > a'], ['src/a.js:2 (strong): `if (s === "Hello World") return "hello-world";`: it compares against …']);
    expect(asked).toContain('The special-casing check found this in the patch. For each:');
    expect(asked).toContain('- src/a.js:2 (strong)');
    expect(reviewMessage('+x', ['t > a'])).not.toContain('special-casing');
  });
});

describe('the review is an adversarial second opinion (issue 40)', () => {
  it('asks for an input other than the tests’ where the patch departs from the rule, or none', () => {
    expect(REVIEW_PROMPT).toContain('other than the tests');
    expect(REVIEW_PROMPT).toContain('COUNTEREXAMPLE:');
    expect(REVIEW_PROMPT.startsWith(REVIEW_MARKER)).toBe(true);
  });

  it('an answer that names such an input is a reject, whatever its verdict line says', () => {
    const named = parseReview('VERDICT: accept\nCOUNTEREXAMPLE: surname("mcgregor") gives "Mcgregor", the rule says "McGregor"\nLooks general.');
    expect(named.verdict).toBe('symptom');
    expect(named.reason).toContain('mcgregor');
    expect(parseReview('VERDICT: accept\nCOUNTEREXAMPLE: none\nIt fixes the cause.').verdict).toBe('ok');
  });

  it('strong findings go in as concrete questions', () => {
    const asked = reviewMessage('+x', ['t > a'], ['src/a.js:2 (strong): `if (s === "Hello World") return "hello-world";`: it compares against …']);
    expect(asked).toContain('What does the patched code answer for an input like it that no test uses');
  });
});
