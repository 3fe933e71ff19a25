import type { ProgressEvent, Status, TestRunner } from './types.js';

/**
 * What the model server check found, and what it means for the run: `now`, the server said no
 * (a refused key, a model id its authoritative list lacks): stop at once; `if-needed`, the server
 * cannot be reached: end the run when the model is needed (a green or flaky run needs none);
 * `never`, worth saying but not a verdict (a list that may not hold every id the server takes).
 */
export interface ProbeFinding {
  problem: string;
  stop: 'now' | 'if-needed' | 'never';
}

/** The model server check running beside the first test run. */
export class Probe {
  private readonly controller = new AbortController();
  private readonly answer: Promise<ProbeFinding | undefined>;
  /** Settles only with a problem that stops the run, so a race with it is won by the work otherwise. */
  private readonly stop: Promise<string>;
  private running = true;
  /** The check's answer once it is in: read without waiting. */
  private settled: { found: ProbeFinding | undefined } | undefined;

  constructor(check: ((signal: AbortSignal) => Promise<ProbeFinding | undefined>) | undefined, emit: (event: ProgressEvent) => void) {
    this.answer = check ? check(this.controller.signal).catch(() => undefined) : Promise.resolve(undefined);
    void this.answer.then((found) => (this.settled = { found }));
    this.stop = new Promise((resolve) => {
      void this.answer.then((found) => {
        if (found?.stop === 'now') resolve(found.problem);
        else if (found?.stop === 'never') emit({ kind: 'note', text: `${found.problem} (a warning: the first model request will tell)` });
        else if (found && this.running) emit({ kind: 'note', text: `${found.problem}; the run stops there if a test fails` });
      });
    });
  }

  /** The work's value, or the probe's problem if that comes first (then the running command is stopped). */
  async orStop<T>(work: Promise<T>, tests: TestRunner, onStop?: () => void): Promise<{ value: T } | { problem: string }> {
    const first = await Promise.race([work.then((value) => ({ value })), this.stop.then((problem) => ({ problem }))]);
    if ('problem' in first) {
      // The run it stops is cut short by us, not by the tests: not a result to show.
      onStop?.();
      tests.cancel?.();
      await work.catch(() => undefined);
    }
    return first;
  }

  firstRunDone(): void {
    this.running = false;
  }

  /** A problem that ends the run now that the model is needed, waited for (the check has a short time limit of its own). */
  async result(): Promise<string | undefined> {
    const found = await this.answer;
    return found && found.stop !== 'never' ? found.problem : undefined;
  }

  /** A problem that ends the run, if the check has already answered; never waits for it. */
  known(): string | undefined {
    const found = this.settled?.found;
    return found && found.stop !== 'never' ? found.problem : undefined;
  }

  end(problem: string): { status: Status; message: string } {
    return { status: 'error', message: `${problem} (checked while the tests ran; no model request was made)` };
  }

  abort(): void {
    this.controller.abort();
  }
}
