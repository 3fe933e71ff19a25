import { execa } from 'execa';
import { randomUUID } from 'node:crypto';
import { HeadTailBuffer } from './capture.js';
import { scrubEnv } from './env.js';
import { killMarked, MARKER_NAME } from './reap.js';

export interface CommandRun {
  command: string;
  exitCode: number | null;
  signal?: string;
  timedOut: boolean;
  /** The shell could not find the command (exit 127) or run it (126). */
  notFound: boolean;
  durationMs: number;
  /** The time limit it ran under, in milliseconds. */
  limitMs?: number;
  startedAt: number;
  /** stdout and stderr interleaved as they arrived, head and tail kept. */
  output: string;
  outputBytes: number;
  droppedBytes: number;
}

export interface RunCommandOptions {
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  headBytes?: number;
  tailBytes?: number;
  /** Called with each chunk of output, e.g. to stream it to a log. */
  onOutput?: (chunk: Buffer) => void;
  /** Called just before the command starts. */
  onStart?: () => void;
  /** Called as soon as the command has exited, before what it left behind is hunted down. */
  onExit?: () => void;
}

const KILL_GRACE_MS = 2000;

/** Process groups (and run markers) of commands still running, so an interrupted unbreak can take them down too. */
const activeGroups = new Map<number, string>();

/** Kills every command this process started that is still running (on SIGINT/SIGTERM). */
export function killActiveGroups(): void {
  for (const [pid, marker] of activeGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    killMarked(marker);
  }
  activeGroups.clear();
}
/** After the shell exits, how long a leftover child may keep the pipes open before we stop reading. */
const DRAIN_MS = 1000;

/**
 * Runs `sh -c <command>` in its own process group with a scrubbed environment. At the time limit
 * the whole group (the shell and everything it started) gets SIGTERM, then SIGKILL.
 */
export async function runCommand(command: string, options: RunCommandOptions): Promise<CommandRun> {
  const buffer = new HeadTailBuffer(options.headBytes ?? 2 * 1024 * 1024, options.tailBytes ?? 6 * 1024 * 1024);
  const startedAt = Date.now();
  // One pipe for both streams (`exec 2>&1` first): two pipes would let their lines arrive out of
  // order, and readers (cargo's `Running …` headers on stderr) depend on that order.
  // Every process the command starts inherits this marker, also those that leave its process
  // group (setsid … &): when the command ends they are found by it and killed (reap.ts).
  const marker = randomUUID();
  options.onStart?.();
  const child = execa('sh', ['-c', `exec 2>&1\n${command}`], {
    cwd: options.cwd,
    env: { ...scrubEnv(options.env ?? process.env), [MARKER_NAME]: marker },
    extendEnv: false,
    detached: true,
    stdin: 'ignore',
    buffer: false,
    reject: false,
    stripFinalNewline: false,
  });

  if (child.pid !== undefined) activeGroups.set(child.pid, marker);
  const onData = (chunk: Buffer) => {
    buffer.push(chunk);
    options.onOutput?.(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  let timedOut = false;
  let forceTimer: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup('SIGTERM');
    forceTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
  }, options.timeoutMs);

  /** Set once the hunt for what carries the marker has run at the command's exit. */
  let reaped = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // The 'exit' event, not execa's promise: the promise also waits for pipes a leftover child may hold open.
    const proc = child.nodeChildProcess;
    proc.once('exit', (code, signal) => {
      // Here, not after the await: a leftover process must get no moment between the command's
      // end and the kill, nor between the kill and what the caller pins.
      killGroup('SIGKILL');
      options.onExit?.();
      killMarked(marker);
      reaped = true;
      resolve({ code, signal });
    });
    proc.once('error', () => resolve({ code: null, signal: null }));
  });
  const { code, signal } = await exited;
  if (child.pid !== undefined) activeGroups.delete(child.pid);
  clearTimeout(timer);
  // Nothing the command started outlives it: a leftover could change the files after the verdict
  // or read what unbreak does next. Its group first, then whatever carries its marker.
  killGroup('SIGKILL');
  // At its exit, killMarked already repeated its rounds until one found none (reap.ts), and nothing
  // ran in between that could start a process: a second hunt reads every process's environment
  // again for nothing. Only where the command never started ('error') is it still to do.
  if (!reaped) killMarked(marker);
  clearTimeout(forceTimer);

  // Give the pipes a moment to drain; a background child that keeps them open does not hold us.
  const drained = await Promise.race([
    child.then(
      () => true,
      () => true,
    ),
    new Promise<false>((r) => setTimeout(() => r(false), DRAIN_MS).unref()),
  ]);
  if (!drained) {
    child.stdout?.destroy();
    child.stderr?.destroy();
  }

  const exitCode = timedOut ? null : code;
  return {
    command,
    exitCode,
    ...(signal ? { signal } : {}),
    timedOut,
    notFound: !timedOut && (code === 127 || code === 126),
    durationMs: Date.now() - startedAt,
    limitMs: options.timeoutMs,
    startedAt,
    output: buffer.text(),
    outputBytes: buffer.totalBytes,
    droppedBytes: buffer.droppedBytes,
  };
}
