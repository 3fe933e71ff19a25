import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../src/run/command.js';
import { isAlive, tempDir } from '../../testkit/tmp.js';

// Nothing a test run started outlives it, even a process that left its process group and session.

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

async function pidFrom(file: string): Promise<number> {
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  return Number(readFileSync(file, 'utf8').trim());
}

describe('runCommand reaps', () => {
  it('kills a detached process (setsid, own session and group) when the command ends', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const pidFile = path.join(t.dir, 'pid');
    const run = await runCommand(`setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' > /dev/null 2>&1 & sleep 0.5; echo done`, {
      cwd: t.dir,
      timeoutMs: 10_000,
    });
    expect(run.exitCode).toBe(0);
    const pid = await pidFrom(pidFile);
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    const alive = isAlive(pid);
    if (alive) process.kill(pid, 'SIGKILL');
    expect(alive).toBe(false);
  });

  it('kills a detached grandchild when the command times out', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const pidFile = path.join(t.dir, 'pid');
    const run = await runCommand(`(setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' > /dev/null 2>&1 &); sleep 300`, { cwd: t.dir, timeoutMs: 1000 });
    expect(run.timedOut).toBe(true);
    const pid = await pidFrom(pidFile);
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    const alive = isAlive(pid);
    if (alive) process.kill(pid, 'SIGKILL');
    expect(alive).toBe(false);
  });
});
