import type { ProgressEvent, Usage } from '../engine/types.js';
import { killActiveGroups } from '../run/command.js';

/**
 * However a run ends, the work tree, the job and the caller are left in order: an uncaught error,
 * a promise rejected with nobody waiting, SIGTERM from a cancelled job (the runner sends SIGINT,
 * then SIGTERM 7.5 s later, then kills), Ctrl-C. The entry points (the action, the CLI) install
 * the handlers; whoever holds something to put back registers it with `atCrash` while it holds it.
 * A V8 abort (out of memory) cannot be caught in the process: the bounds on what is read keep
 * unbreak from reaching one.
 */

export interface Crash {
  /** What ended the run, for people: `stopped by SIGTERM (exit 143)`, or the error's message. */
  reason: string;
  signal?: NodeJS.Signals;
  /** The exit status: 130 after SIGINT, 143 after SIGTERM, 129 after SIGHUP, 1 after an error. */
  code: number;
}

export type Cleanup = (crash: Crash) => void | Promise<void>;

const cleanups: Cleanup[] = [];
let installed = false;
let crashing = false;
/** How long one cleanup step may take: the runner kills the job 10 s after its first signal. */
const STEP_MS = 4000;

/** Registers what must be done if the process ends early; newest first. Returns the unregister function. */
export function atCrash(cleanup: Cleanup): () => void {
  cleanups.push(cleanup);
  return () => {
    const at = cleanups.indexOf(cleanup);
    if (at >= 0) cleanups.splice(at, 1);
  };
}

/** Whether an entry point has installed the handlers (a library caller, like the benchmark, has not). */
export function crashHandlersInstalled(): boolean {
  return installed;
}

const SIGNALS: [NodeJS.Signals, number][] = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
];

/** Installs the process-wide handlers, once. `log` gets one line per problem, for people. */
export function installCrashHandlers(log: (line: string) => void): void {
  if (installed) return;
  installed = true;
  // A reader that went away (`unbreak … | head`, a killed parent) makes every later write fail
  // with EPIPE. Unheard, each failure was an uncaught error whose log line failed again: an
  // endless loop at full CPU that starved the timers and ignored SIGTERM. The run goes on without
  // its output and ends as it would have.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const quiet = (line: string) => {
    try {
      log(line);
    } catch {
      // Nowhere to write to.
    }
  };
  const onError = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    quiet(`unbreak: internal error: ${error instanceof Error ? (error.stack ?? text) : text}`);
    void crash({ reason: `internal error: ${text.split('\n')[0]}`, code: 1 }, quiet);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  for (const [signal, code] of SIGNALS) process.on(signal, () => void crash({ reason: `stopped by ${signal} (exit ${code})`, signal, code }, log));
}

/** Runs every registered cleanup (newest first, each bounded in time), then exits with the crash's status. */
export async function crash(what: Crash, log: (line: string) => void): Promise<void> {
  // A second signal (the runner's SIGTERM after its SIGINT) or an error inside a cleanup: the cleanup under way goes on.
  if (crashing) return;
  crashing = true;
  // The test command's process group first: nothing it started outlives the run.
  killActiveGroups();
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await bounded(Promise.resolve().then(() => cleanup(what)));
    } catch (error) {
      log(`unbreak: while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(what.code);
}

function bounded(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((resolve) => {
    timer = setTimeout(resolve, STEP_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** What is known of a run so far, from its progress events: what a result after a crash carries. */
export class RunFacts {
  failuresBefore = 0;
  failuresAfter = 0;
  attempts = 0;
  testRuns = 0;
  /** The model usage so far, filled in by the pipeline when the run is cut short. */
  usage: Usage = { promptTokens: 0, completionTokens: 0, requests: 0 };
  private first = true;

  see(event: ProgressEvent): void {
    if (event.kind === 'attempt') this.attempts = Math.max(this.attempts, event.n);
    if (event.kind === 'tests') this.testRuns++;
    if (event.kind === 'tests' && event.scope === 'full') {
      const failing = event.result.report.failures.length;
      if (this.first) this.failuresBefore = failing;
      this.first = false;
      this.failuresAfter = failing;
    }
  }
}
