import { afterEach, describe, expect, it } from '@jest/globals';
import { startModelServer, type ModelServer, type Script, modelEnv as env } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script, files: Record<string, string>): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo({ 'package.json': '{"name":"demo","private":true}\n', ...files });
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

// Fails the first time it runs in a checkout, passes after: a marker file remembers.
const FLAKY_TEST = `const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');

test('passes on a second run', () => {
  if (!fs.existsSync('.ran-once')) {
    fs.writeFileSync('.ran-once', '');
    assert.fail('first run');
  }
});

test('always passes', () => {});
`;

describe('unbreak CLI: flaky tests', () => {
  it('ends flaky (exit 0) with no model request when the failing test passes when run again', async () => {
    const { dir, server } = await setup([], { 'test/flaky.test.js': FLAKY_TEST, '.gitignore': '.ran-once\n' });
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.stderr).toContain('flaky: every failing test passed when run again');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'flaky', attempts: 0, failuresBefore: 1, failuresAfter: 0, changedFiles: [], usage: { requests: 0 } });
    expect(run.json!.flaky).toEqual([expect.stringContaining('passes on a second run')]);
    expect(server.requests).toHaveLength(0);
    const after = treeSnapshot(dir);
    delete after['.ran-once'];
    expect(after).toEqual(before);
  });
});

describe('unbreak CLI: a test command that cannot run', () => {
  it('ends in error (exit 1) with what to install, and asks the model nothing', async () => {
    const { dir, server } = await setup([], { 'test/a.test.js': "require('node:test')('a', () => {});\n" });
    const run = await runCli(['--test', 'node node_modules/.bin/jest', '--json'], dir, env(server));
    expect(run.stderr).toMatch(/unbreak: error: the tests could not run: jest is not installed: install the project's dependencies/);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error', attempts: 0, usage: { requests: 0 } });
    expect(server.requests).toHaveLength(0);
  });
});
