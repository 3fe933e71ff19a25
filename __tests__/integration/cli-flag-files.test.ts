import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, baseEnv, runCli } from '../../testkit/cli.js';
import { startModelServer, type ModelServer, modelEnv as env } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';
import { limit } from '../../testkit/time.js';

const LIMIT_30S = limit(30_000);

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

// A test command that leaves a mark: if it ran, work was done before the flag was checked.
const FAILING = { 'package.json': '{"name":"x","private":true}\n', 'a.test.js': "require('node:test')('t', () => { throw new Error('boom'); });\n" };
const TEST = 'touch ran.txt; node --test';

async function setup(files: Record<string, string> = FAILING): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  const server = await startModelServer([{ content: 'nothing to do' }]);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

describe('files named by flags are checked before any work: exit 2, one line naming the flag', () => {
  it.each([
    [
      '--record',
      '/nonexistent/dir/rec.json',
      /^unbreak: --record \/nonexistent\/dir\/rec\.json: the folder \/nonexistent\/dir does not exist; create it or record somewhere else$/,
    ],
    ['--record', '.', /^unbreak: --record \. is a folder; name a file to write/],
    ['--replay', 'nope.json', /^unbreak: --replay nope\.json does not exist; pass a file written by --record$/],
    ['--replay', 'bad.json', /^unbreak: --replay bad\.json is not JSON; pass a file written by --record$/],
    ['--replay', 'other.json', /^unbreak: --replay other\.json is not an unbreak recording/],
  ])('%s %s', async (flag, value, message) => {
    const { dir, server } = await setup();
    writeFileSync(path.join(dir, 'bad.json'), '{ not json');
    writeFileSync(path.join(dir, 'other.json'), '{"exchanges": {}}');
    const run = await runCli(['--test', TEST, flag, value], dir, env(server));
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(existsSync(path.join(dir, 'ran.txt'))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('accepts a --record file in a folder that exists, and the --replay of what it wrote', async () => {
    const { dir, server } = await setup();
    mkdirSync(path.join(dir, 'rec'));
    const recorded = await runCli(['--test', 'node --test', '--max-attempts', '1', '--record', 'rec/session.json'], dir, env(server));
    expect(recorded.code).toBe(1);
    expect(existsSync(path.join(dir, 'rec/session.json'))).toBe(true);
    const replayed = await runCli(['--test', 'node --test', '--max-attempts', '1', '--replay', 'rec/session.json', '--json'], dir, {});
    expect(replayed.json).toMatchObject({ status: 'not-fixed' });
  });
});

describe('--json answers on every exit', () => {
  it('a usage error still prints the result line (status error, the message)', async () => {
    const { dir, server } = await setup();
    const run = await runCli(['--test', 'true', '--json', '--max-attempts', 'many'], dir, env(server));
    expect(run.code).toBe(2);
    expect(run.json).toEqual({
      status: 'error',
      attempts: 0,
      changedFiles: [],
      failuresBefore: 0,
      failuresAfter: 0,
      usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
      message: '--max-attempts must be a whole number from 1 to 10 (got "many")',
    });
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s during the test run exits %i with a result line',
    async (signal, code) => {
      const { dir, server } = await setup();
      const child = spawn(process.execPath, [CLI, '--test', 'sleep 30', '--json'], {
        cwd: dir,
        env: { ...baseEnv(), ...env(server) },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      await new Promise<void>((resolve) =>
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (stderr.includes('running the whole suite')) resolve();
        }),
      );
      child.kill(signal);
      expect(await exited).toBe(code);
      const last = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(last).toMatchObject({ status: 'error', message: `stopped by ${signal} (exit ${code})` });
    },
    LIMIT_30S,
  );
});

describe('a reader that goes away', () => {
  it(
    'with its output pipes closed (`unbreak … | head`), the run still ends on its own and SIGTERM still stops it',
    async () => {
      const { dir, server } = await setup();
      const spawnClosed = (test: string) => {
        const child = spawn(process.execPath, [CLI, '--test', test, '--max-attempts', '1'], { cwd: dir, env: { ...baseEnv(), ...env(server) } });
        child.stdout.destroy();
        child.stderr.destroy();
        return { child, exited: new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c))) };
      };
      // Before the fix each failed write was an uncaught error whose log line failed again, forever.
      const ended = spawnClosed('node --test');
      expect(await ended.exited).toBe(1);
      // SIGTERM once the test command runs (the file says so): before that, on a busy machine, the
      // signal could reach the launcher, which has no handler yet.
      const stopped = spawnClosed('touch started && sleep 30');
      for (let i = 0; i < 600 && !existsSync(path.join(dir, 'started')); i++) await new Promise((r) => setTimeout(r, 50));
      stopped.child.kill('SIGTERM');
      expect(await stopped.exited).toBe(143);
    },
    LIMIT_30S,
  );
});
