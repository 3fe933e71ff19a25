import { describe, expect, it, jest } from '@jest/globals';
import { limit } from '../../testkit/time.js';
import { execFileSync } from 'node:child_process';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';
import { call, startModelServer, type ModelServer, type Script } from '../../testkit/model-server.js';
import { makeRedRepo, redEvent, registerRuns, type RedRepo } from '../../testkit/red-repo.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction } from '../../testkit/action.js';
import { cleanupsAfterEach } from '../../testkit/world.js';

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');

test('lowercases', () => assert.strictEqual(slugify('ABC'), 'abc'));
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
const GREEN = { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const FIXING: Script = [{ toolCalls: [FIX] }, { content: 'The separator was an underscore; the tests want dashes.' }];
const ID = 'joins words with dashes';

// Each run reproduces, fixes and bisects with real test runs: twice the default end-to-end limit, stretched on a
// loaded machine (testkit/time.ts).
jest.setTimeout(limit(240_000));

const cleanups = cleanupsAfterEach();

/** main: green, then three pushes (docs, the culprit from PR #3, more docs); CI red on the last. */
async function redWorld(script: Script): Promise<{ gh: FakeGitHub; model: ModelServer; red: RedRepo; event: ReturnType<typeof redEvent> }> {
  const red = makeRedRepo(GREEN, [
    { message: 'Docs: a readme', files: { 'README.md': 'shop\n' } },
    { message: 'Slugs with underscores (#3)', files: { 'src/slug.js': BAD } },
    { message: 'Docs: usage', files: { 'README.md': 'shop\n\nUsage: slugify(text)\n' } },
  ]);
  cleanups.add(red.cleanup);
  const gh = await startGitHub();
  cleanups.add(() => gh.close());
  const model = await startModelServer(script);
  cleanups.add(() => model.close());
  gh.permissions.maintainer = 'maintain';
  const { redRun } = registerRuns(gh, red);
  gh.commitPulls.set(red.commits[1]!, [{ number: 3, title: 'Slugs with underscores', merged_at: '2026-11-20T10:30:00Z' }]);
  return { gh, model, red, event: redEvent(redRun) };
}

function run(
  w: { gh: FakeGitHub; model: ModelServer; red: { work: string } },
  event: { eventName: string; payload: unknown },
  inputs: Record<string, string> = {},
) {
  return runAction({ work: w.red.work, githubUrl: w.gh.url, ...event, inputs: { 'test-command': 'node --test', 'base-url': w.model.url, ...inputs } });
}

const originRefs = (origin: string) => gitIn(origin, 'for-each-ref', '--format=%(refname) %(objectname)').split('\n').filter(Boolean);

describe('the default branch goes red: a verified fix-forward pull request', () => {
  it('opens a PR from unbreak/fix-<sha> with the fix on the red commit, names the culprit, leaves main alone', async () => {
    const w = await redWorld(FIXING);
    const r = await run(w, w.event);
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'pull-request', attempts: '1', 'changed-files': 'src/slug.js' });
    const branch = `unbreak/fix-${w.red.headSha.slice(0, 7)}`;
    const tip = gitIn(w.red.origin, 'rev-parse', `refs/heads/${branch}`);
    expect(r.outputs['commit-sha']).toBe(tip);
    expect(gitIn(w.red.origin, 'rev-parse', `${tip}^`)).toBe(w.red.headSha);
    expect(gitIn(w.red.origin, 'show', '--name-only', '--format=', tip)).toBe('src/slug.js');
    // The default branch is untouched: only main and the new branch on the origin.
    expect(gitIn(w.red.origin, 'rev-parse', 'refs/heads/main')).toBe(w.red.headSha);
    expect(originRefs(w.red.origin).map((l) => l.split(' ')[0])).toEqual(['refs/heads/main', `refs/heads/${branch}`]);
    // The checkout is back on the red commit (with the fix) after the bisection.
    expect(gitIn(w.red.work, 'rev-parse', 'HEAD')).toBe(w.red.headSha);
    expect(gitIn(w.red.work, 'worktree', 'list').split('\n')).toHaveLength(1);

    const pr = [...w.gh.pulls.values()].find((p) => p.head.ref === branch)!;
    expect(pr).toBeDefined();
    expect(pr.base.ref).toBe('main');
    expect(w.gh.labels.get(pr.number)).toEqual(['unbreak']);
    const body = pr.body ?? '';
    expect(body).toContain(`<!-- unbreak-fixes: ["${ID}"] -->`);
    expect(body).toContain('[CI run #2](https://github.example/acme/shop/actions/runs/202)');
    const culprit = w.red.commits[1]!.slice(0, 7);
    // Subjects and titles are made inert (no mention or issue link from someone else's words).
    expect(body).toMatch(
      new RegExp(
        `\\*\\*Culprit\\*\\*: \\[\`${culprit}\`\\]\\(https://github.example/acme/shop/commit/${w.red.commits[1]}\\) \\(\`Slugs with underscores .*\` by test-author\\), from \\[#3\\]\\(https://github.example/acme/shop/pull/3\\)`,
      ),
    );
    expect(body).toContain('(2 test runs of bisection)');
    for (const sha of w.red.commits) expect(body).toContain(sha.slice(0, 7));
    expect(body).toMatch(
      new RegExp(
        `${culprit}\`\\]\\(https://github.example/acme/shop/commit/${w.red.commits[1]}\\) Slugs with underscores .* \\(test-author\\) ← \\*\\*culprit\\*\\*`,
      ),
    );
    expect(body).toContain('**Verification**');
    expect(body).toContain('| attempt |');
    // The verdict is inert (no autolink); the link to the new pull request is a line of its own.
    expect(r.summary).toContain(`opened #\u200b${pr.number} from \`${branch}\``);
    expect(r.summary).toContain(`The fix is in [#${pr.number}](`);
    expect(r.summary).toContain('**Culprit**');
    // No PR-side effects: no status comment, nothing else labelled.
    expect(w.gh.comments).toEqual([]);
  });

  it('comments on the open fix PR that already lists the failing tests, and opens nothing', async () => {
    const w = await redWorld([]);
    gitIn(w.red.src, 'push', '-q', w.red.origin, `${w.red.headSha}:refs/heads/unbreak/fix-aaaaaaa`);
    w.gh.pulls.set(12, {
      number: 12,
      state: 'open',
      title: 'unbreak: fix 1 failing test on main',
      body: `<!-- unbreak-fixes: ["${ID}"] -->\nThe fix.`,
      head: { ref: 'unbreak/fix-aaaaaaa', sha: w.red.headSha, repo: { full_name: 'acme/shop', fork: false } },
      base: { ref: 'main', sha: w.red.headSha, repo: { full_name: 'acme/shop', fork: false } },
    });
    const refsBefore = originRefs(w.red.origin);
    const r = await run(w, w.event);
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none', 'commit-sha': '' });
    expect(w.model.requests).toHaveLength(0);
    expect([...w.gh.pulls.keys()]).toEqual([12]);
    expect(originRefs(w.red.origin)).toEqual(refsBefore);
    expect(w.gh.comments).toHaveLength(1);
    expect(w.gh.comments[0]!.issue_number).toBe(12);
    expect(w.gh.comments[0]!.body).toContain('[CI run](https://github.example/acme/shop/actions/runs/202)');
    // The verdict is inert; the link to unbreak's own pull request is a line of its own.
    expect(r.summary).toContain('already in the open fix pull request #\u200b12');
    expect(r.summary).toContain('The open fix pull request: [#12](https://github.example/acme/shop/pull/12).');
  });

  it('opens nothing when the red cannot be fixed, and the summary says what was tried and who broke it', async () => {
    const w = await redWorld([{ content: 'I could not find the cause.' }]);
    const refsBefore = originRefs(w.red.origin);
    const r = await run(w, w.event, { 'max-attempts': '1', review: 'false' });
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'not-fixed', delivery: 'none', 'commit-sha': '' });
    expect(w.gh.pulls.size).toBe(0);
    expect(originRefs(w.red.origin)).toEqual(refsBefore);
    expect(w.gh.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(r.summary).toContain('**What was tried**');
    expect(r.summary).toContain('I could not find the cause.');
    expect(r.summary).toContain(`**Culprit**: [\`${w.red.commits[1]!.slice(0, 7)}\``);
    expect(gitIn(w.red.work, 'rev-parse', 'HEAD')).toBe(w.red.headSha);
  });

  it('does nothing when a newer push to main is already green', async () => {
    const w = await redWorld([]);
    w.gh.runs.push({ ...w.gh.runs[0]!, id: 203, run_number: 3, head_sha: w.red.headSha, created_at: '2026-11-20T12:00:00Z' });
    const r = await run(w, w.event);
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(r.summary).toContain('a newer push to main');
    expect(w.gh.pulls.size).toBe(0);
  });

  it('deletes the new branch again when the token may not open the pull request', async () => {
    const w = await redWorld(FIXING);
    w.gh.faults.push({
      method: 'POST',
      path: /\/pulls$/,
      status: 403,
      body: { message: 'GitHub Actions is not permitted to create or approve pull requests.' },
    });
    const r = await run(w, w.event, { review: 'false' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'none', 'commit-sha': '' });
    expect(originRefs(w.red.origin).map((l) => l.split(' ')[0])).toEqual(['refs/heads/main']);
    expect(r.stdout).toMatch(/::warning::the token may not open pull requests: give the workflow `permissions: pull-requests: write`.*was deleted again/);
  });
});

describe('a pull request that only inherits the red default branch', () => {
  it('says so in the status comment, links the fix PR, asks no model, pushes nothing', async () => {
    const repo = makePrRepo({ base: { ...GREEN, 'src/slug.js': BAD }, change: { 'README.md': 'shop\n' } });
    cleanups.add(repo.cleanup);
    const gh = await startGitHub();
    cleanups.add(() => gh.close());
    const model = await startModelServer(FIXING);
    cleanups.add(() => model.close());
    registerPr(gh, repo, { labels: ['unbreak'] });
    gh.pulls.set(12, {
      number: 12,
      state: 'open',
      title: 'unbreak: fix 1 failing test on main',
      body: `<!-- unbreak-fixes: ["${ID}"] -->`,
      head: { ref: 'unbreak/fix-aaaaaaa', sha: repo.baseSha, repo: { full_name: 'acme/shop', fork: false } },
      base: { ref: 'main', sha: repo.baseSha, repo: { full_name: 'acme/shop', fork: false } },
    });
    const before = gitIn(repo.origin, 'rev-parse', 'refs/heads/feature');
    const payload = { action: 'labeled', label: { name: 'unbreak' }, number: 7, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } };
    const r = await runAction({
      work: repo.work,
      githubUrl: gh.url,
      eventName: 'pull_request',
      payload,
      inputs: { 'test-command': 'node --test', 'base-url': model.url },
    });
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(model.requests).toHaveLength(0);
    expect(gitIn(repo.origin, 'rev-parse', 'refs/heads/feature')).toBe(before);
    const status = gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))!.body;
    expect(status).toContain('fails on `main` too: this pull request inherits the failure');
    expect(status).toContain('[#12](https://github.example/acme/shop/pull/12)');
  });
});

describe('a pull request whose failures the default branch shows in its latest run', () => {
  it('is skipped without a model request when the same workflow failed on main with those tests in its log', async () => {
    const repo = makePrRepo({ base: { ...GREEN, 'src/slug.js': BAD }, change: { 'README.md': 'shop\n' }, checkout: 'main' });
    cleanups.add(repo.cleanup);
    const gh = await startGitHub();
    cleanups.add(() => gh.close());
    const model = await startModelServer(FIXING);
    cleanups.add(() => model.close());
    registerPr(gh, repo);
    gh.permissions.maintainer = 'maintain';
    // CI's own words on main: node --test's real output, with the runner's timestamps.
    let output = '';
    try {
      execFileSync(process.execPath, ['--test'], { cwd: repo.src, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    expect(output).toContain(ID);
    const log = ['##[group]Run node --test', 'node --test', '##[endgroup]', ...output.split('\n'), '##[error]Process completed with exit code 1.']
      .map((l) => `2026-11-20T11:00:00.0000000Z ${l}`)
      .join('\n');
    const main = { workflow_id: 9, name: 'CI', head_branch: 'main', head_sha: repo.baseSha, event: 'push', status: 'completed' as const };
    gh.runs.push({ ...main, id: 300, run_number: 1, conclusion: 'success', created_at: '2026-11-20T10:00:00Z' });
    gh.runs.push({ ...main, id: 301, run_number: 2, conclusion: 'failure', created_at: '2026-11-20T11:00:00Z' });
    gh.jobs.push({ id: 3001, run_id: 301, name: 'test', conclusion: 'failure', steps: [{ name: 'Run node --test', conclusion: 'failure' }], log });
    const pr = gh.pulls.get(7)!;
    const payload = {
      action: 'completed',
      workflow_run: {
        id: 77,
        name: 'CI',
        workflow_id: 9,
        run_number: 3,
        event: 'pull_request',
        conclusion: 'failure',
        head_branch: 'feature',
        head_sha: repo.headSha,
        html_url: 'https://github.example/acme/shop/actions/runs/77',
        actor: { login: 'maintainer', type: 'User' },
        pull_requests: [{ number: 7, head: { ref: pr.head.ref, sha: pr.head.sha }, base: { ref: 'main', sha: pr.base.sha } }],
      },
      repository: { full_name: 'acme/shop', default_branch: 'main' },
      sender: { login: 'maintainer', type: 'User' },
    };
    const before = gitIn(repo.origin, 'rev-parse', 'refs/heads/feature');
    const r = await runAction({
      work: repo.work,
      githubUrl: gh.url,
      eventName: 'workflow_run',
      payload,
      inputs: { 'test-command': 'node --test', 'base-url': model.url },
    });
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(model.requests).toHaveLength(0);
    expect(gitIn(repo.origin, 'rev-parse', 'refs/heads/feature')).toBe(before);
    const status = gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))!.body;
    expect(status).toContain('fails on `main` too, in the latest run there');
    expect(status).toContain('[The latest run on `main`](https://github.example/acme/shop/actions/runs/301) fails with the same tests.');
  });
});
