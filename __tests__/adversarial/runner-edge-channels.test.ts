import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, type Script } from '../../testkit/model-server.js';
import { runAction } from '../../testkit/action.js';
import { tempDir } from '../../testkit/tmp.js';
import { cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

// The runner's file commands are no channel from PR code to the job's later steps: through
// dist/index.js as the runner runs it, with the later steps (a bash step that sources BASH_ENV,
// checkout's post step running `git` from PATH) simulated from the real files afterwards.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
// Test code: the env, path, output and summary files through their variables, and every file
// of the runner's file-command folder by path.
const ATTACK = `here=$(pwd)
printf 'touch %s/pwned-by-bash-env\\n' "$here" > "$here/evil.sh"
mkdir -p "$here/evil-bin"
printf '#!/bin/sh\\ntouch %s/pwned-by-git\\nexec /usr/bin/env -i false\\n' "$here" > "$here/evil-bin/git"
chmod +x "$here/evil-bin/git"
for f in "$GITHUB_ENV" "$RUNNER_TEMP"/_runner_file_commands/set_env_*; do [ -n "$f" ] && echo "BASH_ENV=$here/evil.sh" >> "$f"; done
for f in "$GITHUB_PATH" "$RUNNER_TEMP"/_runner_file_commands/add_path_*; do [ -n "$f" ] && echo "$here/evil-bin" >> "$f"; done
for f in "$GITHUB_STATE" "$RUNNER_TEMP"/_runner_file_commands/save_state_*; do [ -n "$f" ] && echo "isPost=evil" >> "$f"; done
[ -n "$GITHUB_OUTPUT" ] && echo "status=forged-status" >> "$GITHUB_OUTPUT"
[ -n "$GITHUB_STEP_SUMMARY" ] && echo '<img src="https://evil.example/x.png"> cc @org/team FORGED-SUMMARY' >> "$GITHUB_STEP_SUMMARY"
true
`;
const FIXING: Script = [
  { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" })] },
  { content: 'dashes' },
];
const cleanups = cleanupsAfterEach();

async function world(): Promise<PrWorld> {
  return prWorld(cleanups, {
    repo: {
      base: { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST },
      change: { 'src/slug.js': BAD, 'test/attack.sh': ATTACK },
    },
    script: FIXING,
  });
}

/** The environment a later step gets from the runner: its own, then the env file's records, then the path file in front of PATH. */
function laterStepEnv(envFile: string, pathFile: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir() };
  const lines = readFileSync(envFile, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const kv = /^([^=<]+)=(.*)$/.exec(lines[i]!);
    if (kv) env[kv[1]!] = kv[2]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]!);
      env[heredoc[1]!] = value.join('\n');
    }
  }
  for (const dir of readFileSync(pathFile, 'utf8').split('\n').filter(Boolean)) env.PATH = `${dir}:${env.PATH}`;
  return env;
}

describe('adversarial: the runner channels', () => {
  it('test code writing GITHUB_ENV, GITHUB_PATH, GITHUB_STATE, GITHUB_OUTPUT and the summary reaches no later step', async () => {
    const w = await world();
    const runner = tempDir('unbreak-runner-temp-');
    cleanups.add(runner.cleanup);
    const commands = path.join(runner.dir, '_runner_file_commands');
    mkdirSync(commands);
    const files = { GITHUB_ENV: 'set_env_1', GITHUB_PATH: 'add_path_1', GITHUB_STATE: 'save_state_1' };
    const env: Record<string, string> = { RUNNER_TEMP: runner.dir };
    for (const [name, file] of Object.entries(files)) {
      env[name] = path.join(commands, file);
      writeFileSync(env[name], name === 'GITHUB_ENV' ? 'FROM_EARLIER_STEP=1\n' : '');
    }

    const r = await runAction({
      work: w.pr.work,
      githubUrl: w.gh.url,
      eventName: 'pull_request',
      payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: w.gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
      inputs: { 'test-command': 'sh test/attack.sh && node --test', 'base-url': w.model.url },
      env,
    });
    expect(r.stdout).toContain('joins words with dashes');
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(r.summary).not.toContain('FORGED-SUMMARY');
    expect(JSON.stringify(r.outputs)).not.toContain('forged');
    // The attack ran (its files are there), and the real files are as the earlier steps left them.
    expect(existsSync(path.join(w.pr.work, 'evil-bin/git'))).toBe(true);
    expect(readFileSync(env.GITHUB_ENV!, 'utf8')).toBe('FROM_EARLIER_STEP=1\n');
    expect(readFileSync(env.GITHUB_PATH!, 'utf8')).toBe('');
    expect(readFileSync(env.GITHUB_STATE!, 'utf8')).toBe('');

    // A later bash step, and checkout's post step running `git` from PATH.
    const later = laterStepEnv(env.GITHUB_ENV!, env.GITHUB_PATH!);
    execFileSync('bash', ['-e', '-c', 'true'], { cwd: w.pr.work, env: later });
    const git = execFileSync('bash', ['--noprofile', '--norc', '-c', 'command -v git'], { cwd: w.pr.work, env: later, encoding: 'utf8' }).trim();
    expect(git).not.toContain('evil-bin');
    execFileSync(git, ['--version'], { cwd: w.pr.work, env: later });
    expect(existsSync(path.join(w.pr.work, 'pwned-by-bash-env'))).toBe(false);
    expect(existsSync(path.join(w.pr.work, 'pwned-by-git'))).toBe(false);
  });
});
