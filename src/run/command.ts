import { execa } from 'execa';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { HeadTailBuffer } from './capture.js';
import { pipeChannel, socketChannel } from './output-channel.js';
import { guardRealChannels, privateChannels } from './file-commands.js';
import { testEnv } from './test-env.js';
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

/** How many times killActiveGroups has run: a command still setting up its output channel then must not start. */
let cancels = 0;

/**
 * The running commands' put-backs of the runner's real file commands. A cancelled run puts them back
 * as soon as the commands are killed: what unbreak then writes there itself (the outputs, the
 * summary of a run cut short) must not be undone when the killed command's own put-back comes.
 */
const channelGuards = new Set<() => void>();

/** Kills every command this process started that is still running (on SIGINT/SIGTERM). */
export function killActiveGroups(): void {
  cancels++;
  for (const [pid, marker] of activeGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    killMarked(marker);
  }
  activeGroups.clear();
  for (const putBack of channelGuards) putBack();
  channelGuards.clear();
}

/** The real file commands' put-back for one command: at most once, from its end or from a cancel. */
function guardChannelsOnce(): () => void {
  const restore = guardRealChannels();
  let done = false;
  const once = () => {
    channelGuards.delete(once);
    if (done) return;
    done = true;
    restore();
  };
  channelGuards.add(once);
  return once;
}
/** After the shell exits, how long a leftover child may keep the pipes open before we stop reading. */
const DRAIN_MS = 1000;

/**
 * Runs `sh -c <command>` in its own process group, in the environment test-env.ts allows, with
 * private file commands (file-commands.ts). At the time limit
 * the whole group (the shell and everything it started) gets SIGTERM, then SIGKILL.
 */
export async function runCommand(command: string, options: RunCommandOptions): Promise<CommandRun> {
  const buffer = new HeadTailBuffer(options.headBytes ?? 2 * 1024 * 1024, options.tailBytes ?? 6 * 1024 * 1024);
  const { onOutput } = options;
  // The bytes are copied into the buffer; a listener gets a copy of its own, as it got each chunk before.
  const onBytes = onOutput
    ? (bytes: Buffer) => {
        buffer.push(bytes);
        onOutput(Buffer.from(bytes));
      }
    : (bytes: Buffer) => buffer.push(bytes);
  // One channel for both streams (`exec 2>&1` first, for the fallback's two pipes): two would let
  // their lines arrive out of order, and readers (cargo's `Running …` headers on stderr) depend on that order.
  const cancelsBefore = cancels;
  const channel = (await socketChannel(onBytes)) ?? pipeChannel(onBytes);
  // Cancelled while the channel was being set up (the model server's check failed, or a signal):
  // nothing was started, so nothing is left for the kill to find; do not start it now.
  if (cancels !== cancelsBefore) {
    channel.close();
    const now = Date.now();
    return {
      command,
      exitCode: null,
      signal: 'SIGKILL',
      timedOut: false,
      notFound: false,
      durationMs: 0,
      limitMs: options.timeoutMs,
      startedAt: now,
      output: '',
      outputBytes: 0,
      droppedBytes: 0,
    };
  }
  const startedAt = Date.now();
  // Every process the command starts inherits this marker, also those that leave its process
  // group (setsid … &): when the command ends they are found by it and killed (reap.ts).
  const marker = randomUUID();
  // The runner's real file commands, put back after the command whatever it wrote to them by path.
  const restoreChannels = guardChannelsOnce();
  options.onStart?.();
  // execa with the channel's end as the shell's stdout and stderr (a socket with a descriptor is
  // handed to the child as it is); its own output handling is off (buffer: false).
  let child: ChildProcess;
  try {
    child = execa('sh', ['-c', `exec 2>&1\n${command}`], {
      cwd: options.cwd,
      env: { ...testEnv(options.env ?? process.env), ...privateChannels(), [MARKER_NAME]: marker },
      extendEnv: false,
      detached: true,
      stdin: 'ignore',
      stdout: channel.stdio[1],
      stderr: channel.stdio[2],
      buffer: false,
      reject: false,
      stripFinalNewline: false,
    }).nodeChildProcess;
  } catch (error) {
    channel.close();
    restoreChannels();
    throw error;
  }
  channel.started(child);

  if (child.pid !== undefined) activeGroups.set(child.pid, marker);

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
    // The 'exit' event, not 'close': 'close' also waits for pipes a leftover child may hold open.
    child.once('exit', (code, signal) => {
      // Here, not after the await: a leftover process must get no moment between the command's
      // end and the kill, nor between the kill and what the caller pins.
      killGroup('SIGKILL');
      options.onExit?.();
      killMarked(marker);
      reaped = true;
      resolve({ code, signal });
    });
    child.once('error', () => resolve({ code: null, signal: null }));
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
  // Only now that nothing of the command is left to write them again.
  restoreChannels();

  // Give the output a moment to drain; a background child that keeps it open does not hold us.
  const drained = await Promise.race([channel.ended.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), DRAIN_MS).unref())]);
  if (!drained) channel.close();

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
