import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** The variable that marks every process of one command run (its value is random per run). */
export const MARKER_NAME = 'UNBREAK_RUN_MARK';

const ROUNDS = 10;
/** Rounds that run even when one finds nothing: a process caught mid-exec shows no environment for a moment. */
const MIN_ROUNDS = 3;
const PAUSE_MS = 15;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Reused between reads: a scan reads every process's environment, several times per command. */
let scratch = Buffer.alloc(64 * 1024);

/** The start-up environment of process `pid` (a view into a shared buffer, valid until the next call), or undefined when it cannot be read. */
function readEnviron(pid: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/environ`, 'r');
  } catch {
    return undefined;
  }
  try {
    let length = 0;
    for (;;) {
      if (length === scratch.length) {
        const bigger = Buffer.alloc(scratch.length * 2);
        scratch.copy(bigger);
        scratch = bigger;
      }
      const n = readSync(fd, scratch, length, scratch.length - length, null);
      if (n === 0) return scratch.subarray(0, length);
      length += n;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Kills every process whose start-up environment carries this run's marker, wherever it moved
 * (another process group, another session, reparented to init). Repeats until a round finds
 * none (and at least a few times), so a process that forks or execs while we kill is caught too. On systems without /proc it finds
 * nothing; the process-group kill is then the only one. What it cannot find: a process that
 * replaced its environment (exec with env -i), and one running as another user (sudo).
 */
export function killMarked(marker: string): number {
  const needle = Buffer.from(`${MARKER_NAME}=${marker}\0`);
  let killed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let found = 0;
    let names: string[];
    try {
      names = readdirSync('/proc');
    } catch {
      return killed;
    }
    for (const name of names) {
      if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
      const environ = readEnviron(name);
      if (!environ?.includes(needle)) continue;
      try {
        process.kill(Number(name), 'SIGKILL');
        found++;
      } catch {
        // Gone meanwhile.
      }
    }
    killed += found;
    if (!found && round + 1 >= MIN_ROUNDS) break;
    Atomics.wait(pause, 0, 0, PAUSE_MS);
  }
  return killed;
}
