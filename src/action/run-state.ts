import * as core from '@actions/core';
import type { DeliveryResult } from '../report/report-context.js';
import type { StatusComment } from '../report/status-comment.js';
import { RunFacts } from '../start/crash.js';

/** The step's outputs (action.yml), as the last word of a run. */
export interface Outputs {
  status: string;
  attempts: number;
  delivery: DeliveryResult['delivery'];
  commitSha?: string;
  changedFiles: string[];
}

/**
 * What a mode leaves for whoever ends the run, normally or cut short: the outputs so far, the
 * status comment, and the cleanups that put the job back in order (checkout's credentials, the
 * trigger label).
 */
export class RunState {
  readonly outputs: Outputs = { status: 'error', attempts: 0, delivery: 'none', changedFiles: [] };
  readonly facts = new RunFacts();
  status: StatusComment | undefined;
  removeTrigger: (() => Promise<void>) | undefined;
  restoreCredentials: (() => Promise<void>) | undefined;
  prNumber: number | undefined;
  redact: (text: string) => string = (text) => text;
  private written = false;

  get outputsWritten(): boolean {
    return this.written;
  }

  setOutputs(o: Outputs = this.outputs): void {
    this.written = true;
    core.setOutput('status', o.status);
    core.setOutput('attempts', String(o.attempts));
    core.setOutput('delivery', o.delivery);
    core.setOutput('commit-sha', o.commitSha ?? '');
    core.setOutput('changed-files', o.changedFiles.join('\n'));
  }
}

/** A cleanup that runs at most once, whether the run ends normally or is cut short. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
