import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub } from '../../testkit/github-server.js';
import { ancestorMatching, hostileScan } from '../../testkit/hostile.js';
import { startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction, TOKEN } from '../../testkit/action.js';

// Hostile test code hunts for the run's secrets wherever a test process can look. The action is
// run as the runner runs it: the token and key arrive as INPUT_* and job-level variables.

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('hostile test code in the action', () => {
  it('finds no secret in any ancestor, the git config, the credentials or the runner temp files', async () => {
    const pr = makePrRepo({ base: { 'package.json': '{"name":"shop","private":true}\n' }, change: { 'README.md': 'hi\n' } });
    cleanups.push(pr.cleanup);
    const gh = await startGitHub();
    cleanups.push(() => gh.close());
    const model = await startModelServer([]);
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
    const apiKey = 'canary-input-api-key-4242';
    const jobSecret = 'canary-job-password-4242';
    const scan = hostileScan([TOKEN, apiKey, jobSecret], 'dist/index\\.js');
    cleanups.push(scan.cleanup);
    const r = await runAction({
      work: pr.work,
      githubUrl: gh.url,
      eventName: 'pull_request',
      payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
      inputs: { 'test-command': scan.command, 'base-url': model.url, 'api-key': apiKey },
      env: { DEPLOY_PASSWORD: jobSecret },
    });
    expect(r.outputs.status).toBe('no-failures');
    const report = scan.report();
    const unbreak = ancestorMatching(report, /dist\/index\.js/);
    expect(unbreak).toBeDefined();
    // unbreak must hold the token and key to use them: where the test code may read its memory
    // (root, or ptrace rights), it finds them there; SECURITY.md says so. Nowhere else.
    const found = report.hits.filter((h) => h.where !== `memory of ${unbreak}`);
    expect(found).toEqual([]);
    expect(r.stdout + r.stderr).not.toMatch(/process\.execve is not available/);
  });
});
