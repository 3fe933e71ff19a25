import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** Bytes per read of the output: one buffer of this size, reused for every read of a run. */
const READ_BYTES = 64 * 1024;

/** Where the command writes: the stdio of its shell, and a promise of the end of what it wrote. */
export interface OutputChannel {
  stdio: ['ignore', net.Socket, net.Socket] | ['ignore', 'pipe', 'pipe'];
  /** Called once the command has been spawned (or failed to be). */
  started(child: ChildProcess): void;
  /** Resolves when every writer has closed its end and everything written has been read. */
  ended: Promise<void>;
  /** Stops reading now (a leftover still holds the channel open). */
  close(): void;
}

/** How long the two ends of the output channel may take to find each other before the pipes are used instead. */
const HANDSHAKE_MS = 2000;

/**
 * The command's output channel: a connected pair of Unix stream sockets, as Node makes for
 * `stdio: 'pipe'` (libuv's socketpair), one end the shell's stdout and stderr, the other read into
 * one buffer reused for every read (net's `onread`). Through `stdio: 'pipe'`, every read is a new
 * 64 KB Buffer: 100 MB of output left ~70 MB of them awaiting the GC, the largest part of the peak.
 *
 * Node has no socketpair call: the pair is made by connecting to a listening socket in Linux's
 * abstract namespace under a random name, closed before the command starts. An abstract socket is
 * no file: nothing on disk that another process could rename or replace to sit between the two
 * ends, and nothing left after. The end we hand the command is told from any other connection by a
 * random nonce our end sends first. Undefined elsewhere, or where that does not work out within
 * HANDSHAKE_MS: the caller then reads through `stdio: 'pipe'`.
 */
export async function socketChannel(onBytes: (bytes: Buffer) => void): Promise<OutputChannel | undefined> {
  if (process.platform !== 'linux') return undefined;
  const where = `\0unbreak-out-${randomBytes(16).toString('hex')}`;
  const nonce = randomBytes(16);
  const server = net.createServer();
  const strangers = new Set<net.Socket>();
  let reader: net.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const theirs = await new Promise<net.Socket>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no handshake')), HANDSHAKE_MS);
      server.once('error', reject);
      server.on('connection', (socket) => {
        strangers.add(socket);
        let got = Buffer.alloc(0);
        socket.on('error', () => socket.destroy());
        const onData = (data: Buffer) => {
          got = Buffer.concat([got, data]);
          if (got.length < nonce.length) return;
          socket.off('data', onData);
          socket.pause();
          if (got.equals(nonce)) {
            strangers.delete(socket);
            resolve(socket);
          } else socket.destroy();
        };
        socket.on('data', onData);
      });
      server.listen(where, () => {
        const buffer = Buffer.allocUnsafe(READ_BYTES);
        reader = net.connect({ path: where, onread: { buffer, callback: (n: number) => (onBytes(buffer.subarray(0, n)), true) } });
        reader.once('error', reject);
        reader.write(nonce);
      });
    });
    const ours = reader!;
    // From here on an error (a reset) is the end of the output, as it was for the pipes.
    ours.removeAllListeners('error');
    ours.on('error', () => ours.destroy());
    const ended = new Promise<void>((resolve) => ours.once('close', () => resolve()));
    return {
      stdio: ['ignore', theirs, theirs],
      // The command holds its own copies now (or never will): ours would keep the channel open.
      started: () => theirs.destroy(),
      ended,
      close: () => {
        theirs.destroy();
        ours.destroy();
      },
    };
  } catch {
    reader?.destroy();
    return undefined;
  } finally {
    clearTimeout(timer);
    server.close();
    for (const socket of strangers) socket.destroy();
  }
}

/** The fallback: Node's own pipes, one new Buffer per read. */
export function pipeChannel(onBytes: (bytes: Buffer) => void): OutputChannel {
  let child: ChildProcess | undefined;
  let resolveEnded = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  return {
    stdio: ['ignore', 'pipe', 'pipe'],
    started: (c) => {
      child = c;
      c.stdout?.on('data', onBytes);
      c.stderr?.on('data', onBytes);
      c.once('close', resolveEnded);
      c.once('error', resolveEnded);
    },
    ended,
    close: () => {
      child?.stdout?.destroy();
      child?.stderr?.destroy();
    },
  };
}
