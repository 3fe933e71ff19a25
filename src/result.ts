import type { Outcome, Status, Usage } from './engine/types.js';

/** The result object of CONTRACT.md §1 (`--json`); the action's outputs carry the same facts. */
export interface ResultObject {
  status: Status;
  attempts: number;
  changedFiles: string[];
  failuresBefore: number;
  failuresAfter: number;
  /** The run's totals; `review` is the self-review's share of them, when one ran. */
  usage: Usage;
  /** Failing tests that passed when run again before any model request. */
  flaky: string[];
  message: string;
}

export function resultObject(outcome: Outcome): ResultObject {
  return {
    status: outcome.status,
    attempts: outcome.attempts.length,
    changedFiles: outcome.changedFiles,
    failuresBefore: outcome.failuresBefore,
    failuresAfter: outcome.failuresAfter,
    usage: { ...outcome.usage },
    flaky: [...(outcome.flaky ?? [])],
    message: outcome.message,
  };
}
