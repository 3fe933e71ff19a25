import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testEnv } from '../../src/run/test-env.js';
import { runCommand } from '../../src/run/command.js';
import { createTestRunner } from '../../src/run/test-runner.js';
import { setupStepsCommand, testStepsCommand, type ScriptStep } from '../../src/failures/steps.js';
import { tempDir } from '../../testkit/tmp.js';

/**
 * The environment PR code runs in is made by allowlist where the runner's own names live
 * (GITHUB_*, RUNNER_*, ACTIONS_*, INPUT_*, STATE_*), and never holds the runner's channels.
 */

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function dir(): string {
  const t = tempDir('unbreak-env-');
  cleanups.push(t.cleanup);
  return t.dir;
}

const RUNNER = {
  PATH: '/usr/bin:/bin',
  HOME: '/opt/runner',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
  JAVA_HOME: '/opt/java',
  GOPATH: '/opt/runner/go',
  CARGO_HOME: '/opt/runner/.cargo',
  NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
  SSL_CERT_FILE: '/etc/ssl.pem',
  HTTPS_PROXY: 'http://proxy:3128',
  no_proxy: 'localhost',
  CI: 'true',
  GITHUB_ACTIONS: 'true',
  GITHUB_WORKSPACE: '/opt/runner/work/shop/shop',
  GITHUB_REPOSITORY: 'acme/shop',
  GITHUB_SHA: 'abc',
  GITHUB_REF: 'refs/pull/7/merge',
  RUNNER_OS: 'Linux',
  RUNNER_TEMP: '/opt/runner/work/_temp',
  RUNNER_TOOL_CACHE: '/opt/hostedtoolcache',
  ImageOS: 'ubuntu24',
  // The workflow's own env.
  DATABASE_HOST: 'localhost',
  MY_FLAG: '1',
  // The runner's channels and runtime.
  GITHUB_ENV: '/opt/runner/work/_temp/_runner_file_commands/set_env_1',
  GITHUB_PATH: '/opt/runner/work/_temp/_runner_file_commands/add_path_1',
  GITHUB_OUTPUT: '/opt/runner/work/_temp/_runner_file_commands/set_output_1',
  GITHUB_STATE: '/opt/runner/work/_temp/_runner_file_commands/save_state_1',
  GITHUB_STEP_SUMMARY: '/opt/runner/work/_temp/_runner_file_commands/step_summary_1',
  GITHUB_EVENT_PATH: '/opt/runner/work/_temp/_github_workflow/event.json',
  ACTIONS_RUNTIME_TOKEN: 'x',
  ACTIONS_RUNTIME_URL: 'https://pipelines.example/',
  ACTIONS_CACHE_URL: 'https://cache.example/',
  ACTIONS_RESULTS_URL: 'https://results.example/',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'y',
  ACTIONS_STEP_DEBUG: 'true',
  GITHUB_ACTION_PATH: '/opt/runner/work/_actions/x',
  RUNNER_TRACKING_ID: 'github_1',
  INPUT_TEST_COMMAND: 'npm test',
  STATE_isPost: 'true',
  // Secrets by name.
  GITHUB_TOKEN: 'ghs_x',
  NPM_AUTH_TOKEN: 'npm_x',
  AWS_SECRET_ACCESS_KEY: 'z',
};

describe('testEnv', () => {
  const env = testEnv(RUNNER);

  it.each([
    'PATH',
    'HOME',
    'LANG',
    'LC_ALL',
    'TZ',
    'JAVA_HOME',
    'GOPATH',
    'CARGO_HOME',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'HTTPS_PROXY',
    'no_proxy',
    'CI',
    'GITHUB_ACTIONS',
    'GITHUB_WORKSPACE',
    'GITHUB_REPOSITORY',
    'GITHUB_SHA',
    'GITHUB_REF',
    'RUNNER_OS',
    'RUNNER_TEMP',
    'RUNNER_TOOL_CACHE',
    'ImageOS',
    'DATABASE_HOST',
    'MY_FLAG',
  ])('passes %s', (name) => {
    expect(env[name]).toBe(RUNNER[name as keyof typeof RUNNER]);
  });

  it.each([
    'GITHUB_ENV',
    'GITHUB_PATH',
    'GITHUB_OUTPUT',
    'GITHUB_STATE',
    'GITHUB_STEP_SUMMARY',
    'GITHUB_EVENT_PATH',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'ACTIONS_STEP_DEBUG',
    'GITHUB_ACTION_PATH',
    'RUNNER_TRACKING_ID',
    'INPUT_TEST_COMMAND',
    'STATE_isPost',
    'GITHUB_TOKEN',
    'NPM_AUTH_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
  ])('withholds %s', (name) => {
    expect(env).not.toHaveProperty(name);
  });

  it('takes the runner namespace in any letter case by the allowlist too', () => {
    expect(testEnv({ github_env: '/x', Actions_Cache_Url: 'u', github_actions: 'true' })).toEqual({ github_actions: 'true' });
  });
});

describe('the runner channels as PR code sees them', () => {
  const saved: Record<string, string | undefined> = {};
  const CHANNELS = ['GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'];
  afterEach(() => {
    for (const name of CHANNELS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  function realChannels(): Record<string, string> {
    const d = dir();
    const files: Record<string, string> = {};
    for (const name of CHANNELS) {
      saved[name] = process.env[name];
      files[name] = path.join(d, name.toLowerCase());
      writeFileSync(files[name], `${name}=before\n`);
      process.env[name] = files[name];
    }
    return files;
  }

  it('gives each command private files, and the real ones are untouched even when written by path', async () => {
    const real = realChannels();
    const cwd = dir();
    const attack = [
      'for f in "$GITHUB_ENV" "$GITHUB_PATH" "$GITHUB_OUTPUT" "$GITHUB_STATE" "$GITHUB_STEP_SUMMARY"; do test -f "$f" || exit 3; echo owned >> "$f"; done',
      // Code that knows where the runner keeps the real ones writes there directly.
      ...Object.values(real).map((f) => `echo BASH_ENV=/nonexistent/evil >> '${f}'`),
      'echo "$GITHUB_ENV"',
    ].join('\n');
    const run = await runCommand(attack, { cwd, timeoutMs: 20_000 });
    expect(run.exitCode).toBe(0);
    for (const [name, file] of Object.entries(real)) {
      expect(run.output).not.toContain(file);
      expect(readFileSync(file, 'utf8')).toBe(`${name}=before\n`);
    }
  });

  it("carries a reproduced step's GITHUB_ENV (both forms) and GITHUB_PATH to the later steps, setup to tests", async () => {
    const real = realChannels();
    const root = dir();
    const SHELL = 'bash --noprofile --norc -eo pipefail';
    const step = (label: string, script: string, env: Record<string, string> = {}): ScriptStep => ({ label, script, dir: '', env, shell: SHELL });
    const setup = [
      step(
        'ci / Tools',
        'mkdir -p tools && printf \'#!/bin/sh\\necho from-tools\\n\' > tools/hello && chmod +x tools/hello && echo "$PWD/tools" >> "$GITHUB_PATH"',
      ),
      step(
        'ci / Env',
        'echo "GREETING=hi there" >> "$GITHUB_ENV"; printf \'LETTER<<EOF_1\\nline one\\nline=two\\nEOF_1\\n\' >> "$GITHUB_ENV"; echo "STEP_WINS=env-file" >> "$GITHUB_ENV"',
      ),
    ];
    const tests = [
      step('ci / Test', 'hello; echo "G=$GREETING"; printf "L=%s\\n" "$LETTER"; echo "W=$STEP_WINS"; test "$GREETING" = "hi there"', { STEP_WINS: 'step' }),
    ];
    const runner = createTestRunner({
      root,
      setupCommand: setupStepsCommand(setup),
      testCommand: testStepsCommand(tests),
      timeoutMs: 30_000,
      junitGlob: '**/junit*.xml',
      steps: tests,
    });
    const ran = await runner.setup();
    expect(ran!.exitCode).toBe(0);
    const full = await runner.full();
    expect(full.run.output).toContain('from-tools');
    expect(full.run.output).toContain('G=hi there');
    expect(full.run.output).toContain('L=line one\nline=two');
    // A step's own env: wins over the env file, as on GitHub.
    expect(full.run.output).toContain('W=step');
    expect(full.run.exitCode).toBe(0);
    for (const [name, file] of Object.entries(real)) expect(readFileSync(file, 'utf8')).toBe(`${name}=before\n`);
  });
});
