import { afterEach, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../src/run/command.js';
import { isSecretName, scrubEnv } from '../../src/run/secrets.js';
import { isAlive, tempDir } from '../../testkit/tmp.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function dir(): string {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('runCommand', () => {
  it('runs the command with sh -c in the given directory and records exit code and duration', async () => {
    const cwd = dir();
    const run = await runCommand('pwd; echo out; echo err >&2; exit 3', { cwd, timeoutMs: 10_000 });
    expect(run.exitCode).toBe(3);
    expect(run.timedOut).toBe(false);
    expect(run.notFound).toBe(false);
    expect(run.output).toContain(cwd);
    expect(run.output).toContain('out');
    expect(run.output).toContain('err');
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('hides tokens and keys from the test command', async () => {
    const cwd = dir();
    const env = {
      PATH: process.env.PATH,
      GITHUB_TOKEN: 'canary-gh',
      OPENAI_API_KEY: 'canary-openai',
      UNBREAK_API_KEY: 'canary-unbreak',
      'INPUT_GITHUB-TOKEN': 'canary-input',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'canary-oidc',
      AWS_ACCESS_KEY_ID: 'canary-aws',
      DB_PASSWORD: 'canary-db',
      MY_SECRET_THING: 'canary-secret',
      KEYBOARD: 'visible-keyboard',
      MONKEY_BUSINESS: 'visible-monkey',
      HOME: cwd,
    };
    const run = await runCommand('env', { cwd, timeoutMs: 10_000, env });
    expect(run.exitCode).toBe(0);
    expect(run.output).not.toMatch(/canary/);
    expect(run.output).toContain('KEYBOARD=visible-keyboard');
    expect(run.output).toContain('MONKEY_BUSINESS=visible-monkey');
  });

  it('kills a hanging command and the child it started at the time limit', async () => {
    const cwd = dir();
    const pidFile = path.join(cwd, 'child.pid');
    const started = Date.now();
    const run = await runCommand(`sleep 300 & echo $! > ${pidFile}; echo started; sleep 300`, { cwd, timeoutMs: 1000 });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBeNull();
    expect(run.output).toContain('started');
    // Far below the 300 s sleep, far above a loaded machine's start-up.
    expect(Date.now() - started).toBeLessThan(120_000);
    const childPid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(childPid).toBeGreaterThan(0);
    // Give the kernel a moment to tear the group down.
    for (let i = 0; i < 50 && isAlive(childPid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(childPid)).toBe(false);
  });

  it('keeps the head and tail of 100 MB of output with bounded memory', async () => {
    const cwd = dir();
    const run = await runCommand('echo FIRST-LINE; head -c 100000000 /dev/zero | tr "\\0" "x"; echo; echo LAST-LINE', {
      cwd,
      timeoutMs: 60_000,
      headBytes: 64 * 1024,
      tailBytes: 64 * 1024,
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputBytes).toBeGreaterThan(100_000_000);
    expect(run.output.length).toBeLessThan(200 * 1024);
    expect(run.output.startsWith('FIRST-LINE')).toBe(true);
    expect(run.output.trimEnd().endsWith('LAST-LINE')).toBe(true);
    expect(run.output).toMatch(/\d+ bytes of output dropped/);
    expect(run.droppedBytes).toBeGreaterThan(99_000_000);
  });

  it('keeps exactly the first and the last bytes of stdout and stderr as they arrived, and counts the rest as dropped', async () => {
    const cwd = dir();
    // 40,000 lines, every other one on stderr: one channel keeps their order.
    const run = await runCommand('i=0; while [ $i -lt 20000 ]; do echo "out $i"; echo "err $i" >&2; i=$((i+1)); done', {
      cwd,
      timeoutMs: 60_000,
      headBytes: 1000,
      tailBytes: 3001,
    });
    let all = '';
    for (let i = 0; i < 20000; i++) all += `out ${i}\nerr ${i}\n`;
    const dropped = all.length - 1000 - 3001;
    expect(run.exitCode).toBe(0);
    expect(run.outputBytes).toBe(all.length);
    expect(run.droppedBytes).toBe(dropped);
    expect(run.output).toBe(`${all.slice(0, 1000)}\n... [unbreak: ${dropped} bytes of output dropped here] ...\n${all.slice(-3001)}`);
  });

  it('keeps the whole output when it fits, and hands every chunk to onOutput in order', async () => {
    const cwd = dir();
    // Large writes (one read can be longer than the tail) and small ones.
    const big = Array.from({ length: 30000 }, (_, i) => `line ${i} ${'abcdefghij'.slice(i % 10)}`).join('\n');
    writeFileSync(path.join(cwd, 'big.txt'), big);
    const chunks: Buffer[] = [];
    const command = 'echo first >&2; cat big.txt; echo; echo last >&2';
    const expected = `first\n${big}\nlast\n`;
    const whole = await runCommand(command, { cwd, timeoutMs: 60_000, onOutput: (c) => chunks.push(c) });
    expect(whole.output).toBe(expected);
    expect(whole.outputBytes).toBe(expected.length);
    expect(whole.droppedBytes).toBe(0);
    // Each chunk is the listener's own: later reads did not overwrite it.
    expect(Buffer.concat(chunks).toString()).toBe(expected);

    const cut = await runCommand(command, { cwd, timeoutMs: 60_000, headBytes: 10, tailBytes: 500 });
    expect(cut.output).toBe(`${expected.slice(0, 10)}\n... [unbreak: ${expected.length - 510} bytes of output dropped here] ...\n${expected.slice(-500)}`);
  });

  it('leaves nothing in the temp directory: the output channel is no file (an abstract socket on Linux)', async () => {
    const cwd = dir();
    const tmp = dir();
    const saved = process.env.TMPDIR;
    try {
      process.env.TMPDIR = tmp;
      const run = await runCommand('echo one; echo two >&2; echo three', { cwd, timeoutMs: 10_000 });
      expect(run.output).toBe('one\ntwo\nthree\n');
      expect(readdirSync(tmp)).toEqual([]);
      // A temp directory that does not exist changes nothing.
      process.env.TMPDIR = path.join(tmp, 'missing');
      const cut = await runCommand('echo one; echo two >&2; echo three', { cwd, timeoutMs: 10_000, headBytes: 4, tailBytes: 6 });
      expect(cut.output).toBe('one\n\n... [unbreak: 4 bytes of output dropped here] ...\nthree\n');
      expect(cut.outputBytes).toBe(14);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('reads output that is not UTF-8 without crashing', async () => {
    const cwd = dir();
    writeFileSync(path.join(cwd, 'bad.bin'), Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x6f, 0x0a]));
    const run = await runCommand('cat bad.bin', { cwd, timeoutMs: 10_000 });
    expect(run.exitCode).toBe(0);
    expect(run.output).toBe('fo\uFFFD\uFFFDo\n');
  });

  it('says when the command does not exist', async () => {
    const cwd = dir();
    const run = await runCommand('no-such-command-unbreak --flag', { cwd, timeoutMs: 10_000 });
    expect(run.exitCode).toBe(127);
    expect(run.notFound).toBe(true);
    expect(run.output).toMatch(/not found/);
  });

  it('does not wait for a background child that keeps the output pipe open', async () => {
    const cwd = dir();
    const started = Date.now();
    const run = await runCommand('(sleep 30 &) ; echo done', { cwd, timeoutMs: 20_000 });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain('done');
    // Below the background child's 30 s, whatever the load.
    expect(Date.now() - started).toBeLessThan(25_000);
  });
});

describe('isSecretName', () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['INPUT_MODEL', true],
    ['ACTIONS_ID_TOKEN_REQUEST_TOKEN', true],
    ['API_KEY', true],
    ['aws_access_key_id', true],
    ['NPM_AUTH_TOKEN', true],
    ['PGPASSWORD', true],
    ['KEYCHAIN', false],
    ['HOME', false],
    ['PATH', false],
  ])('%s → %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });

  it('scrubEnv drops undefined values and secrets only', () => {
    expect(scrubEnv({ A: '1', B: undefined, OPENAI_API_KEY: 'x' })).toEqual({ A: '1' });
  });
});
