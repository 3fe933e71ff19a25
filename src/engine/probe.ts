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

/**
 * How long a server that cannot be reached is waited for before the first model request: about
 * what a job's service container gets to become healthy (a model server may load its weights first).
 */
export const SERVER_PATIENCE_MS = 60_000;
const RECHECK_EVERY_MS = 2_000;

/** The model server check running beside the first test run. */
export class Probe {
  private readonly controller = new AbortController();
  private readonly answer: Promise<ProbeFinding | undefined>;
  /** Settles only with a problem that stops the run, so a race with it is won by the work otherwise. */
  private readonly stop: Promise<string>;
  private running = true;
  /** The check's answer once it is in: read without waiting. */
  private settled: { found: ProbeFinding | undefined } | undefined;

  /** Whether the server was checked again before the first request, after it could not be reached. */
  private waited = false;

  constructor(
    private readonly check: ((signal: AbortSignal) => Promise<ProbeFinding | undefined>) | undefined,
    private readonly emit: (event: ProgressEvent) => void,
    private readonly patienceMs = SERVER_PATIENCE_MS,
  ) {
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

  /**
   * A problem that ends the run now that the model is needed, waited for (the check has a short
   * time limit of its own). A server that could not be reached while the tests ran is checked
   * again, every few seconds for up to `patienceMs`: a server started beside the job (a service
   * container, a model still loading) may come up after the first test run.
   */
  result(): Promise<string | undefined> {
    // Asked again later (before the first request after the flaky rerun), it does not wait twice.
    return (this.outcome ??= this.waitForServer());
  }

  private outcome: Promise<string | undefined> | undefined;

  private async waitForServer(): Promise<string | undefined> {
    let found = await this.answer;
    if (found?.stop === 'if-needed' && this.check && this.patienceMs > 0) {
      this.waited = true;
      const secs = Math.round(this.patienceMs / 1000);
      this.emit({ kind: 'note', text: `the model server could not be reached yet; checking again for up to ${secs} s before the first model request` });
      const until = Date.now() + this.patienceMs;
      while (found?.stop === 'if-needed' && Date.now() < until && !this.controller.signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(RECHECK_EVERY_MS, Math.max(0, until - Date.now()))));
        found = await this.check(this.controller.signal).catch(() => undefined);
      }
      if (found?.stop !== 'if-needed') this.emit({ kind: 'note', text: 'the model server answers now' });
    }
    return found && found.stop !== 'never' ? found.problem : undefined;
  }

  /** A problem that ends the run, if the check has already answered; never waits for it. */
  known(): string | undefined {
    const found = this.settled?.found;
    return found && found.stop !== 'never' ? found.problem : undefined;
  }

  end(problem: string): { status: Status; message: string } {
    const when = this.waited
      ? `checked while the tests ran and again for ${Math.round(this.patienceMs / 1000)} s before the first model request`
      : 'checked while the tests ran';
    return { status: 'error', message: `${problem} (${when}; no model request was made)` };
  }

  abort(): void {
    this.controller.abort();
  }
}
