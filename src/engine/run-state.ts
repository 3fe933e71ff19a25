import type { TestFailure } from '../failures/test-report.js';
import type { Fixer, ProgressEvent, Status, TestResult } from './types.js';
import type { AskedCases } from './further-cases.js';

/** How the run ends, before the work tree is settled. */
export interface End {
  status: Status;
  message: string;
  /** unbreak's own lines for the report (a gate's links). */
  notes?: string[];
}

/** Test runs and their time, counted as they happen (each run is also announced). */
export class Tally {
  runs = 0;
  ms = 0;
  /** A run stopped from outside (the model server check said no) is not reported as a test result. */
  silent = false;
  constructor(private readonly emit: (event: ProgressEvent) => void) {}

  /** Announces the run before it starts (`why`), then counts it. */
  async count<T extends TestResult | undefined>(scope: 'full' | 'targeted', why: string, start: () => Promise<T>): Promise<T> {
    this.emit({ kind: 'running', scope, why });
    const result = await start();
    if (result && !this.silent) {
      this.runs++;
      this.ms += result.run.durationMs;
      this.emit({ kind: 'tests', scope: result.scope, result });
    }
    return result;
  }
}

/** What the run has seen so far: the first and the latest test results, and the model. */
export interface Seen {
  before?: TestResult;
  last?: TestResult;
  fixer?: Fixer;
  /** Failing tests that passed when run again before any model request. */
  flaky?: TestFailure[];
  /** Why the delivered fix is not confirmed by the self-review, when it is not. */
  unconfirmed?: string;
  /** The further cases of the rule, asked once in a run (further-cases.ts). */
  cases?: AskedCases;
  /** Further cases that failed on a refused patch: failing tests for the check from then on. */
  counterexamples?: TestFailure[];
}
