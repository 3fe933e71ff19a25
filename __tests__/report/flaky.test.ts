import { describe, expect, it } from '@jest/globals';
import { statusBody } from '../../src/report/status-body.js';
import { verdictLine } from '../../src/report/verdict.js';
import type { Outcome } from '../../src/engine/types.js';
import { outcome as build } from '../../testkit/outcomes.js';

const outcome = (o: Partial<Outcome>): Outcome => build({ failuresBefore: 2, ...o });

describe('the status comment names flaky tests', () => {
  it('says a flaky run is flaky, naming the tests that flipped', () => {
    expect(verdictLine(outcome({ status: 'flaky', flaky: ['t.test.js > a', 't.test.js > b'] }))).toBe(
      '🔀 **The failing tests passed when run again**: they are flaky, not broken; no model request, no change.',
    );
  });

  it('names the flaky ones left out of a fix', () => {
    expect(statusBody(outcome({ status: 'not-fixed', flaky: ['t.test.js > b'] }))).toContain(
      'Flaky, left out of the fix (failed, then passed when run again): `t.test.js > b`',
    );
    expect(statusBody(outcome({ status: 'not-fixed', flaky: [] }))).not.toContain('Flaky');
  });
});
