import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../testkit/cli.js';
import { ancestorMatching, hostileScan } from '../../testkit/hostile.js';
import { makeRepo } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// The CLI, started from a shell that holds the user's keys: its test command must not find them
// in any ancestor (the shell itself is the user's; here the harness passes the keys to the CLI alone).

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('hostile test code under the CLI', () => {
  it('finds no key in any ancestor, the git config or the credentials', async () => {
    const repo = makeRepo({ 'package.json': '{"name":"demo","private":true}\n' });
    cleanups.push(repo.cleanup);
    const key = 'canary-unbreak-api-key-5151';
    const openai = 'canary-openai-api-key-5151';
    const aws = 'canary-aws-secret-5151';
    const scan = hostileScan([key, openai, aws], 'dist/cli\\.js');
    cleanups.push(scan.cleanup);
    const r = await runCli(['--test', scan.command, '--json'], repo.dir, {
      UNBREAK_API_KEY: key,
      OPENAI_API_KEY: openai,
      AWS_SECRET_ACCESS_KEY: aws,
      OPENAI_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(r.json?.status).toBe('no-failures');
    const report = scan.report();
    const unbreak = ancestorMatching(report, /dist\/cli\.js/);
    expect(unbreak).toBeDefined();
    expect(report.hits.filter((h) => h.where !== `memory of ${unbreak}`)).toEqual([]);
    expect(r.stderr).not.toMatch(/process\.execve is not available/);
    // The re-exec'd image runs with the engine flags of handoff.ts (engineFlags).
    expect(report.commands[String(unbreak)]).toMatch(/ --liftoff-only --single-threaded --max-semi-space-size=4 /);
  });

  it('finds no key from a test file that node --test runs in a process of its own (its default isolation)', async () => {
    // The other end-to-end tests run node --test with --test-isolation=none (testkit/cli.ts): here the
    // scan runs the way node --test runs a test file by default, one process further from unbreak.
    const key = 'canary-unbreak-api-key-6262';
    const scan = hostileScan([key], 'dist/cli\\.js');
    cleanups.push(scan.cleanup);
    const repo = makeRepo({
      'package.json': '{"name":"demo","private":true,"type":"module"}\n',
      'test/scan.test.js': [
        "import { test } from 'node:test';",
        "import { execSync } from 'node:child_process';",
        `test('scans', () => { execSync(${JSON.stringify(scan.command)}, { stdio: 'inherit' }); });`,
        '',
      ].join('\n'),
    });
    cleanups.push(repo.cleanup);
    const r = await runCli(['--test', 'node --test', '--json'], repo.dir, { UNBREAK_API_KEY: key, OPENAI_BASE_URL: 'http://127.0.0.1:9', NODE_OPTIONS: '' });
    expect(r.json?.status).toBe('no-failures');
    const report = scan.report();
    const unbreak = ancestorMatching(report, /dist\/cli\.js/);
    expect(unbreak).toBeDefined();
    // Between the scan and unbreak: the test file's own process and the runner's, each a node.
    const runner = report.ancestors.slice(0, report.ancestors.indexOf(unbreak!)).filter((pid) => /node\b.*--test\b/.test(report.commands[String(pid)] ?? ''));
    expect(runner.length).toBeGreaterThanOrEqual(2);
    expect(report.hits.filter((h) => h.where !== `memory of ${unbreak}`)).toEqual([]);
  });

  it('never runs a git the pull request ships in node_modules/.bin, on PATH as npx puts it there', async () => {
    const t = tempDir('unbreak-shipped-git-');
    cleanups.push(t.cleanup);
    const log = path.join(t.dir, 'shipped-git.log');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const repo = makeRepo({
      'package.json': '{"name":"demo","private":true}\n',
      'node_modules/.bin/git': `#!/bin/sh\necho "$@" >> '${log}'\nexec '${realGit}' "$@"\n`,
    });
    cleanups.push(repo.cleanup);
    const bin = path.join(repo.dir, 'node_modules/.bin');
    chmodSync(path.join(bin, 'git'), 0o755);
    const PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
    // By name, it is the git this PATH finds.
    expect(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8', env: { PATH } }).trim()).toBe(path.join(bin, 'git'));
    const r = await runCli(['--test', 'true', '--json'], repo.dir, { UNBREAK_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9', PATH });
    expect(r.json?.status).toBe('no-failures');
    expect(existsSync(log)).toBe(false);
  });
});
