import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';
import { tempDir } from '../../testkit/tmp.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function repo(files: Record<string, string> = { 'a.txt': 'a\n' }): string {
  const r = makeRepo(files);
  cleanups.push(r.cleanup);
  return r.dir;
}
const KEY = { UNBREAK_API_KEY: 'k-123456' };

describe('unbreak CLI usage errors: exit 2 with one line before any work', () => {
  it.each([
    [['--test', 'true', '--bogus'], /^unbreak: unknown option --bogus; run unbreak --help for the options$/],
    [['--test', 'true', '--max-attempts', 'abc'], /^unbreak: --max-attempts must be a whole number from 1 to 10 \(got "abc"\)$/],
    [['--test', 'true', '--max-attempts', '11'], /^unbreak: --max-attempts must be a whole number from 1 to 10/],
    [['--test', 'true', '--test-timeout=-5'], /^unbreak: --test-timeout must be a whole number/],
    [['--test', 'true', '--test-timeout', '-5'], /^unbreak: --test-timeout needs a value; to pass one that starts with '-', write --test-timeout=<value>$/],
    [['--test', 'true', '--max-tokens', '1.5'], /^unbreak: --max-tokens must be a whole number/],
    [['--test'], /^unbreak: --test needs a value$/],
    [['--test', 'true', 'extra'], /^unbreak: unexpected argument extra/],
    [['--test', 'true', '--base-url', 'not a url'], /^unbreak: --base-url is not valid/],
    [['--test', 'true', '--base', 'no-such-branch'], /^unbreak: --base no-such-branch is not a commit here/],
  ])('%j', async (args, message) => {
    const dir = repo();
    const run = await runCli(args, dir, KEY);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('says which variable to set when there is no API key', async () => {
    const run = await runCli(['--test', 'true'], repo(), {});
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^unbreak: no API key: set UNBREAK_API_KEY \(or OPENAI_API_KEY\)/);
  });

  it('refuses a directory that is not a git work tree', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const run = await runCli(['--test', 'true'], t.dir, KEY);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/is not inside a git work tree/);
  });

  it('asks for --test when nothing can be detected', async () => {
    const run = await runCli([], repo(), KEY);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^unbreak: no test command: pass --test/);
  });

  it('detects the test command from package.json', async () => {
    const dir = repo({ 'package.json': JSON.stringify({ name: 'x', scripts: { test: 'node -e "process.exit(0)"' } }) });
    const run = await runCli(['--json'], dir, KEY);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'no-failures', attempts: 0 });
  });

  it('reports a test command that does not exist as an error, exit 1', async () => {
    const run = await runCli(['--test', 'no-such-tool-xyz run', '--json'], repo(), KEY);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error' });
    expect(run.stderr).toMatch(/test command was not found/);
  });

  it('reports a failing setup command as an error, exit 1', async () => {
    const run = await runCli(['--test', 'true', '--setup', 'exit 3', '--json'], repo(), KEY);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error' });
    expect(run.stderr).toMatch(/setup command failed with exit code 3/);
  });

  it('prints help and the version', async () => {
    const dir = repo();
    const help = await runCli(['--help'], dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--max-attempts');
    const version = await runCli(['--version'], dir);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('runs with failing tests and an unreachable server: error naming the server, tree untouched', async () => {
    const dir = repo({ 'a.test.js': "require('node:test')('a', () => { throw new Error('boom') })\n" });
    writeFileSync(path.join(dir, 'untracked.txt'), 'mine\n');
    const run = await runCli(['--test', 'node --test', '--json', '--base-url', 'http://127.0.0.1:9/v1', '--model-timeout', '2'], dir, KEY);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error', failuresBefore: 1 });
    expect(run.stderr).toMatch(/cannot reach the model server at http:\/\/127\.0\.0\.1:9\/v1/);
  });
});

describe('unbreak on a Node older than 22', () => {
  const message = /^unbreak needs Node\.js 22 or newer; this is 18\.19\.0 \(install Node 24/;
  it('says so in one line and exits 2, before loading the bundle', async () => {
    const dir = repo();
    // The version is faked before the launcher runs, so this holds on any machine.
    const fake = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"18.19.0"}})';
    const run = await runCli(['--test', 'true'], dir, KEY, ['--import', fake]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  // The real thing, where this machine has an older Node on its PATH (Debian's, say).
  const old = oldNode();
  (old ? it : it.skip)(`with a real old Node (${old?.version ?? 'none found'})`, async () => {
    const dir = repo();
    // No option the suite gives newer Nodes (testkit/cli.ts): an old one stops at an option it does not know.
    const run = await runCli(['--test', 'true'], dir, { ...KEY, NODE_OPTIONS: '' }, [], old!.path);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`unbreak needs Node.js 22 or newer; this is ${old!.version} (install Node 24, e.g. nvm install 24, and run it again)`);
  });
});

function oldNode(): { path: string; version: string } | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    try {
      const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (Number(version.split('.')[0]) < 22) return { path: candidate, version };
    } catch {
      continue;
    }
  }
  return undefined;
}
