import { runCost, type Price, type RunCost } from '../model/cost.js';
import type { Outcome, Status, Usage } from '../engine/types.js';

/** The result object of `--json` (README, "Command line"); the action's outputs carry the same facts. */
export interface ResultObject {
  status: Status;
  attempts: number;
  changedFiles: string[];
  failuresBefore: number;
  failuresAfter: number;
  /** The run's totals; `review` is the self-review's share of them, when one ran, `cases` the further cases' request's. */
  usage: Usage;
  /** Failing tests that passed when run again before any model request. */
  flaky: string[];
  message: string;
  /** A fixed run whose fix the self-review could not confirm (the message says why): kept in the work tree, never committed. */
  unconfirmed?: true;
  /** Only with a price (--price, input price): dollars, from the usage the model server reported. */
  cost?: RunCost;
  /** The last self-review's verdict (`ok`, `symptom` or `unclear`) and its reason, when one was asked for or skipped. */
  review?: { verdict: 'ok' | 'symptom' | 'unclear'; reason: string };
}

/** The self-review of the last attempt that had one. */
export function lastReview(outcome: Pick<Outcome, 'attempts'>): ResultObject['review'] {
  const review = outcome.attempts.findLast((a) => a.review)?.review;
  return review ? { verdict: review.verdict, reason: review.reason } : undefined;
}

export function resultObject(outcome: Outcome, price?: Price, maxCost?: number): ResultObject {
  return {
    status: outcome.status,
    attempts: outcome.attempts.length,
    changedFiles: outcome.changedFiles,
    failuresBefore: outcome.failuresBefore,
    failuresAfter: outcome.failuresAfter,
    usage: { ...outcome.usage },
    flaky: [...(outcome.flaky ?? [])],
    message: outcome.message,
    ...(outcome.status === 'fixed' && outcome.unconfirmed ? { unconfirmed: true as const } : {}),
    ...(price ? { cost: runCost(outcome, price) } : {}),
    ...(price ? { cost: runCost(outcome, price, maxCost) } : {}),
    ...(lastReview(outcome) ? { review: lastReview(outcome)! } : {}),
  };
}
