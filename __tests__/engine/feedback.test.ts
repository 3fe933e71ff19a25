import { describe, expect, it } from '@jest/globals';
import { feedbackMessage } from '../../src/engine/feedback.js';
import type { TestResult } from '../../src/engine/types.js';
import type { TestFailure } from '../../src/failures/test-report.js';

const failure: TestFailure = {
  id: 't.test.js > adds',
  file: 't.test.js',
  name: 'adds',
  message: 'Expected values to be strictly equal',
  expected: '3',
  actual: '4',
  locations: [],
};
const output = ['noise line', ...Array.from({ length: 400 }, (_, i) => `log line ${i}`), '\u001b[31m✖ adds\u001b[39m', 'expected 3, got 4'].join('\n');
const result: TestResult = {
  scope: 'full',
  report: { format: 'node-test-spec', failures: [failure], total: 2 },
  run: {
    command: 'node --test',
    exitCode: 1,
    timedOut: false,
    notFound: false,
    durationMs: 1,
    startedAt: 0,
    output,
    outputBytes: output.length,
    droppedBytes: 0,
  },
};
const base = { attempt: 1, maxAttempts: 3, result, stillFailing: [failure], newFailures: [], edits: [], changedFiles: ['src/a.js'], budget: 600 };

describe('feedbackMessage styles', () => {
  it('structured (default) names each failing test with expected vs actual', () => {
    const text = feedbackMessage(base);
    expect(text).toContain('### t.test.js > adds');
    expect(text).toMatch(/expected: 3\nactual: {3}4/);
    expect(text).not.toContain('log line');
  });

  it('raw gives the tail of the log, without colour codes, inside the budget', () => {
    const text = feedbackMessage({ ...base, style: 'raw' });
    expect(text).toContain('expected 3, got 4');
    expect(text).toContain('✖ adds');
    expect(text).not.toContain('\u001b[');
    expect(text).toContain('log line 399');
    expect(text).not.toContain('noise line');
    expect(text).toMatch(/earlier lines cut/);
    expect(text).not.toContain('### t.test.js > adds');
  });
});
