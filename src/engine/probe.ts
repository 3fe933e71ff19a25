import type { ProgressEvent, Status, TestRunner } from './types.js';

/** What the model server check found: `stopNow` when it is certain the run cannot succeed. */
export interface ModelProblem {
  problem: string;
  stopNow: boolean;
}

/** The model server check running beside the first test run. */
export class Probe {
  private readonly controller = new AbortController();
  private readonly answer: Promise<ModelProblem | undefined>;
  /** Settles only with a problem that stops the run, so a race with it is won by the work otherwise. */
  private readonly stop: Promise<string>;
  private running = true;

  constructor(check: ((signal: AbortSignal) => Promise<ModelProblem | undefined>) | undefined, emit: (event: ProgressEvent) => void) {
    this.answer = check ? check(this.controller.signal).catch(() => undefined) : Promise.resolve(undefined);
    this.stop = new Promise((resolve) => {
      void this.answer.then((found) => {
        if (found?.stopNow) resolve(found.problem);
        else if (found && this.running) emit({ kind: 'note', text: `${found.problem}; the run stops there if a test fails` });
      });
    });
  }

  /** The work's value, or the probe's problem if that comes first (then the running command is stopped). */
  async orStop<T>(work: Promise<T>, tests: TestRunner): Promise<{ value: T } | { problem: string }> {
    const first = await Promise.race([work.then((value) => ({ value })), this.stop.then((problem) => ({ problem }))]);
    if ('problem' in first) {
      tests.cancel?.();
      await work.catch(() => undefined);
    }
    return first;
  }

  firstRunDone(): void {
    this.running = false;
  }

  /** The probe's answer, waited for (it has a short time limit of its own). */
  async result(): Promise<string | undefined> {
    return (await this.answer)?.problem;
  }

  end(problem: string): { status: Status; message: string } {
    return { status: 'error', message: `${problem} (checked while the tests ran; no model request was made)` };
  }

  abort(): void {
    this.controller.abort();
  }
}
