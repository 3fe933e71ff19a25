import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type ServerOptions, modelEnv as env } from '../../testkit/model-server.js';
import { runCli } from '../../testkit/cli.js';
import { makeRepo } from '../../testkit/repo.js';

/**
 * The model server is checked while the first test run is going (its list of models): a refused key
 * stops the run as soon as that answer is in (the slow suite is killed, no chat request is made); a
 * server that cannot be reached ends the run only once a test fails (a green suite needs none); a
 * model id missing from a list that may be partial is a warning.
 */
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const FILES = {
  'package.json': '{"name":"x","private":true}\n',
  'src/add.js': 'exports.add = (a, b) => a - b;\n',
  'test/add.test.js':
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('../src/add.js');\ntest('adds', () => assert.strictEqual(add(2, 3), 5));\n",
};
// Slow on purpose: if the run were not stopped, `finished.txt` would be written before unbreak exits.
const SLOW = 'sleep 15; touch finished.txt; node --test';

async function setup(
  options: ServerOptions,
  script = [{ toolCalls: [call('edit_file', { path: 'src/add.js', old_text: 'a - b', new_text: 'a + b' })] }, { content: 'fixed' }],
) {
  const repo = makeRepo(FILES);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, options);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

describe('a model server that comes up late', () => {
  it('is not listening at the first check, is up 10 s later, and is checked again before the first model request: the run goes on', async () => {
    const repo = makeRepo(FILES);
    cleanups.push(repo.cleanup);
    const port = await closedPort();
    const script = [{ toolCalls: [call('edit_file', { path: 'src/add.js', old_text: 'a - b', new_text: 'a + b' })] }, { content: 'fixed' }];
    let server: ModelServer | undefined;
    const late = setTimeout(() => {
      void startModelServer(script, { port, models: ['gpt-4.1'] }).then((s) => (server = s));
    }, 10_000);
    cleanups.push(async () => {
      clearTimeout(late);
      await server?.close();
    });
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], repo.dir, env(`http://127.0.0.1:${port}/v1`));
    expect(run.stderr).toMatch(/cannot reach the model server at http:\/\/127\.0\.0\.1:\d+\/v1 \(connection refused/);
    expect(run.stderr).toMatch(/the model server could not be reached yet; checking again for up to 60 s before the first model request/);
    expect(run.stderr).toMatch(/the model server answers now/);
    expect(run.json).toMatchObject({ status: 'fixed', changedFiles: ['src/add.js'] });
    expect(server!.modelLists).toBeGreaterThanOrEqual(1);
  }, 90_000);
});

describe('the model server is checked while the first test run is going', () => {
  it('a model id the server does not list is said at once, naming the near ones; on a server whose list may be partial the run goes on', async () => {
    // A local server is not one of the hosted APIs whose list is every id they take (api.openai.com, GitHub Models),
    // so its list is a warning: the first model request decides (this scripted server answers any id).
    const { dir, server } = await setup({ models: ['gpt-4.1', 'gpt-4.1-mini', 'o3'] });
    const run = await runCli(['--test', 'node --test', '--model', 'gpt-4.1-mnii', '--json', '--no-review'], dir, env(server));
    expect(run.stderr).toMatch(
      /does not offer the model 'gpt-4\.1-mnii'; did you mean gpt-4\.1-mini: check --model \(input 'model'\) \(a warning: the first model request will tell\)/,
    );
    expect(run.json).toMatchObject({ status: 'fixed' });
    expect(server.modelLists).toBe(1);
  });

  it('a key the server refuses (401) stops the run and says to check the key', async () => {
    const { dir, server } = await setup({ models: { status: 401 } });
    const run = await runCli(['--test', SLOW, '--json'], dir, env(server));
    expect(run.code).toBe(1);
    expect(String(run.json?.message)).toMatch(/answered 401.*check the API key \(UNBREAK_API_KEY or OPENAI_API_KEY/);
    expect(server.requests).toHaveLength(0);
    expect(existsSync(path.join(dir, 'finished.txt'))).toBe(false);
  });

  it('a base URL where nothing listens is said at once, and ends the run once a test fails; a green suite needs no server', async () => {
    const { dir } = await setup({});
    const port = await closedPort();
    // The server is waited for before the first request as long as one request may take (--model-timeout), a minute at most.
    const run = await runCli(['--test', 'node --test', '--json', '--model-timeout', '3'], dir, env(`http://127.0.0.1:${port}/v1`));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error', failuresBefore: 1, usage: { requests: 0 } });
    expect(String(run.json?.message)).toMatch(/cannot reach the model server at http:\/\/127\.0\.0\.1:\d+\/v1 .*check --base-url/);
    expect(String(run.json?.message)).toMatch(/checked while the tests ran and again for 3 s before the first model request; no model request was made/);
    const green = await runCli(['--test', 'true', '--json'], dir, env(`http://127.0.0.1:${port}/v1`));
    expect(green.code).toBe(0);
    expect(green.json).toMatchObject({ status: 'no-failures' });
  });

  it('a server that lists the model goes on and fixes; one that has no list (404) or forbids it (403) is not a verdict', async () => {
    const answers: ServerOptions['models'][] = [['gpt-4.1', 'o3'], { status: 404 }, { status: 403 }];
    for (const models of answers) {
      const { dir, server } = await setup({ models });
      const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
      expect(run.json).toMatchObject({ status: 'fixed', failuresBefore: 1 });
      expect(server.modelLists).toBe(1);
    }
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
