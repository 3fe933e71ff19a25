import type { Outcome, Status } from '../engine/types.js';

/** An outcome for a run that stopped before the engine (a skip, a bad input, an API error). */
export function bareOutcome(status: Status, message: string): Outcome {
  return {
    status,
    message,
    attempts: [],
    changedFiles: [],
    failuresBefore: 0,
    failuresAfter: 0,
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
    patch: '',
    testRuns: 0,
    testMs: 0,
  };
}
