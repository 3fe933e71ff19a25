import type { AttemptRecord, Outcome } from '../src/engine/types.js';
import { bareOutcome } from '../src/report/bare-outcome.js';

/**
 * Builders for what a run comes to, for the report, delivery and summary tests: a sensible whole
 * object, with only what a test is about given. (Failures and test results: fakes.ts.)
 */

export function attempt(a: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    n: 1,
    failing: ['t.test.js > t'],
    edits: [],
    filesChanged: [],
    requests: 1,
    promptTokens: [10],
    summary: '',
    result: 'still-failing',
    note: '',
    testRuns: 1,
    ...a,
  };
}

export function outcome(o: Partial<Outcome> = {}): Outcome {
  const status = o.status ?? 'fixed';
  return { ...bareOutcome(status, ''), failuresBefore: 1, failuresAfter: status === 'fixed' ? 0 : 1, testRuns: 2, testMs: 10, ...o };
}
