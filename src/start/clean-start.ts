import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSecretName } from '../run/secrets.js';

/**
 * A clean start. On Linux, /proc/<pid>/environ shows the environment a process was exec'd with,
 * whatever it does to process.env later, and any test process can read it from its ancestors.
 * So, before any work, unbreak takes every secret-named variable (testing/env.ts's rule, in the README) out of
 * its environment and replaces itself (process.execve, same pid) with a copy started without
 * them. The secrets cross the exec through a short-lived helper that holds them in memory and
 * hands them, once, over a Unix socket in a private directory to the new image; then it exits,
 * before any test code runs. The new image puts them in process.env, which lives in its heap,
 * not in what /proc shows.
 */

/** The only thing that survives the exec in the environment: where to collect the secrets. */
const HANDOFF = 'UNBREAK_HANDOFF';
/** Set on globalThis once this process runs clean: every bundle loaded in it shares the answer. */
const STARTED = Symbol.for('unbreak.cleanStart');
/** How long the helper waits for the new image before it gives up and forgets the secrets. */
const HOLD_MS = 30_000;

// The helper: reads the secrets from stdin, serves them to the first connection, and exits.
const HOLDER = `
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const sock = process.argv[1];
const parts = [];
process.stdin.on('data', (c) => parts.push(c));
process.stdin.on('end', () => {
  const data = Buffer.concat(parts);
  const done = () => { try { fs.rmSync(path.dirname(sock), { recursive: true, force: true }); } catch {} process.exit(0); };
  const server = net.createServer((c) => { server.close(); c.end(data, done); });
  server.listen(sock, () => process.stdout.write('ready\\n'));
  setTimeout(done, ${HOLD_MS}).unref();
});
`;

export function secretEntries(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && isSecretName(name)) out[name] = value;
  return out;
}

/**
 * Call first thing in an entry point. Returns when this process runs with a clean environment
 * (its secrets back in process.env only), or, where that cannot be done, after logging why.
 */
export async function cleanStart(log: (line: string) => void): Promise<void> {
  // The launcher (a bundle of its own, same process) may have made the clean start already.
  const done = globalThis as { [STARTED]?: true };
  if (done[STARTED]) return;
  const handoff = process.env[HANDOFF];
  if (handoff) {
    delete process.env[HANDOFF];
    // Only what the handoff is for: a name that is not a secret's cannot come in this way.
    Object.assign(process.env, secretEntries(await collect(handoff)));
    done[STARTED] = true;
    return;
  }
  const secrets = secretEntries(process.env);
  if (!Object.keys(secrets).length) {
    done[STARTED] = true;
    return;
  }
  if (typeof process.execve !== 'function') {
    log(
      `unbreak: process.execve is not available (Node ${process.versions.node} on ${process.platform}), so the secrets stay in this process's start-up environment, where test code can read them (/proc/<pid>/environ on Linux); use Node 23.11 or newer on Linux or macOS to close that`,
    );
    return;
  }
  const data = JSON.stringify(secrets);
  let where = await holdInMemory(data);
  if (!where) {
    where = path.join(mkdtempSync(path.join(tmpdir(), 'unbreak-handoff-')), 's');
    await hold(where, data);
  }
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !(name in secrets)) clean[name] = value;
  clean[HANDOFF] = where;
  process.execve(process.execPath, [process.execPath, ...engineFlags(), ...process.execArgv, ...process.argv.slice(1)], clean);
}

/**
 * V8 flags for the new image, for a run that lasts seconds and spends most of them waiting for
 * tests and the model:
 * - `--liftoff-only`: the HTTP parser of Node's fetch is WebAssembly, and V8 otherwise recompiles
 *   it with its optimising compiler in the background, about 0.1–0.3 s of CPU and 10 MB for a few
 *   small model replies it parses just as well with the baseline compiler.
 * - `--single-threaded`: no background compile and GC threads. They run work the main thread would
 *   otherwise do later or never (optimising code that is run a few times, concurrent marking of a
 *   heap that is thrown away at exit), about 0.3 s of CPU of a plain run; the work that matters
 *   is done on the main thread instead.
 * - `--max-semi-space-size=4`: the young generation's halves stay at 4 MB. V8 sizes them by the
 *   machine's memory (16 MB and more on a machine with gigabytes), and reading a run's 8 MB of kept
 *   output (100 MB printed) filled them: with `--no-maglev` the peak went from 197 to 156 MB, the
 *   CPU the same within noise (direct runs and bench --overhead, 2026-11-28).
 * V8's mid tier (Maglev) stays on: the loops over a large diff or index get hot within a run, and
 * with it a 10,000-file diff cost 0.06 s less CPU, a plain run the same (medians of 8 runs each, in
 * turn, 2026-11-28; `--no-maglev` had been chosen on a slower machine). The price: with 100 MB of
 * output the peak is 153–154 MB in about half the runs and 177–187 MB in the others (151–152 MB
 * with `--no-maglev`), under the 200 MB goal either way.
 * Only on Node versions known to have the flags: an unknown flag would stop the new image from
 * starting. A flag given on the command line (execArgv, after ours) wins; one in NODE_OPTIONS does
 * not (V8 reads those first), though the test commands still get NODE_OPTIONS as it was.
 */
function engineFlags(): string[] {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22 || major > 26) return [];
  return ['--liftoff-only', '--single-threaded', '--max-semi-space-size=4'].filter((flag) => !process.execArgv.includes(flag));
}

/** Starts the helper with a clean environment and waits until it listens. */
function hold(socket: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const holder = spawn(process.execPath, ['-e', HOLDER, socket], { env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'inherit'] });
    holder.once('error', reject);
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`the start-up helper exited (${code}) before it was ready`)));
    holder.stdin.end(data);
  });
}

/** What `holdInMemory` hands over: the pid of the process whose stdin holds the secrets. */
const HELD = 'fd:';

/**
 * Linux, without starting a second Node (about 0.15 s of CPU): the secrets go into a file in memory
 * (/dev/shm, a private directory), which is unlinked at once and stays open only as the stdin of a
 * `sleep` that the new image reads it through (/proc/<pid>/fd/0) and then kills; the sleep ends on
 * its own after the same time as the helper. Undefined where any of that is not at hand: the helper
 * takes over.
 */
async function holdInMemory(data: string): Promise<string | undefined> {
  if (process.platform !== 'linux' || !existsSync('/proc/self/fd') || !existsSync('/dev/shm')) return undefined;
  // A fixed path: a `sleep` earlier on PATH would be handed the secrets.
  const sleep = ['/bin/sleep', '/usr/bin/sleep'].find((p) => existsSync(p));
  if (!sleep) return undefined;
  let dir: string;
  try {
    dir = mkdtempSync('/dev/shm/unbreak-handoff-');
  } catch {
    return undefined;
  }
  let fd: number | undefined;
  let pid: number | undefined;
  try {
    fd = openSync(path.join(dir, 's'), 'wx', 0o600);
    writeSync(fd, data);
    const holder = spawn(sleep, [String(HOLD_MS / 1000)], { stdio: [fd, 'ignore', 'ignore'], env: {} });
    pid = await new Promise<number | undefined>((resolve) => {
      holder.once('spawn', () => resolve(holder.pid));
      holder.once('error', () => resolve(undefined));
    });
    if (pid === undefined) return undefined;
    // The way the new image reads it must work here, or the secrets would be lost across the exec.
    closeSync(openSync(`/proc/${pid}/fd/0`, 'r'));
    return `${HELD}${pid}`;
  } catch {
    if (pid !== undefined) endHolder(pid);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `pid` is our own child (a pid from the environment could name any process, or a reused one). */
function ownChild(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
  } catch {
    return false;
  }
}

/** Kills the holder, only if it is our own child. */
function endHolder(pid: number): void {
  try {
    if (ownChild(pid)) process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function collect(where: string): Promise<Record<string, string>> {
  if (where.startsWith(HELD)) {
    const pid = Number(where.slice(HELD.length));
    try {
      // Read only from the holder we started: if it is gone, its pid may be another process's by now.
      if (!ownChild(pid)) throw new Error('the process holding them is gone');
      return Promise.resolve(JSON.parse(readFileSync(`/proc/${pid}/fd/0`, 'utf8')) as Record<string, string>);
    } catch (error) {
      return Promise.reject(
        new Error(`could not collect the secrets handed over at start-up (${error instanceof Error ? error.message : String(error)}); run unbreak again`),
      );
    } finally {
      endHolder(pid);
    }
  }
  const socket = where;
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const c = createConnection(socket);
    c.on('data', (chunk: Buffer) => parts.push(chunk));
    c.once('error', (error) => reject(new Error(`could not collect the secrets handed over at start-up (${error.message}); run unbreak again`)));
    c.once('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, string>);
      } catch {
        reject(new Error('the secrets handed over at start-up were cut short; run unbreak again'));
      }
    });
  });
}
