import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';
import { call, startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { runAction } from '../../testkit/action.js';

const GOOD = "exports.slugify = (t) => t.toLowerCase().replace(/\\s+/g, '-');\n";
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('dashes', () => assert.strictEqual(slugify('A B'), 'a-b'));\n";
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "'_'", new_text: "'-'" });

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** A same-repo PR whose tests fail, labeled `unbreak`, and a model that fixes it. */
async function fixedRun(workflows: Record<string, { dispatchable: boolean }>, inputs: Record<string, string>, prepare: (gh: FakeGitHub) => void = () => {}) {
  const repo = makePrRepo({
    base: { 'package.json': '{"private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST },
    change: { 'src/slug.js': GOOD.replace("'-'", "'_'") },
  });
  cleanups.push(repo.cleanup);
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer([{ toolCalls: [FIX] }, { content: 'Dashes, not underscores.' }]);
  cleanups.push(() => model.close());
  registerPr(gh, repo, { labels: ['unbreak'] });
  for (const [name, w] of Object.entries(workflows)) gh.workflows.set(name, w);
  prepare(gh);
  const payload = { action: 'labeled', label: { name: 'unbreak' }, number: 7, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } };
  const r = await runAction({
    work: repo.work,
    githubUrl: gh.url,
    eventName: 'pull_request',
    payload,
    inputs: { 'test-command': 'node --test', 'base-url': model.url, ...inputs },
  });
  const status = gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))?.body ?? '';
  return { r, gh, status };
}

describe('rerun-workflows: checks run again on the pushed fix', () => {
  it('dispatches each workflow on the PR branch after the push and links the run from the status comment', async () => {
    const { r, gh, status } = await fixedRun(
      { 'ci.yml': { dispatchable: true }, 'lint.yml': { dispatchable: true } },
      { 'rerun-workflows': 'ci.yml, .github/workflows/lint.yml' },
    );
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(gh.dispatches.map((d) => [d.workflow, d.ref])).toEqual([
      ['ci.yml', 'feature'],
      ['lint.yml', 'feature'],
    ]);
    expect(status).toContain(`[is running on the fix](https://github.example/acme/shop/actions/runs/${gh.dispatches[0]!.runId})`);
    expect(status).toContain('lint.yml');
  });

  it('says what to change when a workflow lacks the trigger, is unknown, or the token may not start it', async () => {
    const { r, gh, status } = await fixedRun({ 'ci.yml': { dispatchable: false } }, { 'rerun-workflows': 'ci.yml\nnope.yml' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(gh.dispatches).toEqual([]);
    expect(status).toContain('ci.yml has no workflow_dispatch trigger: add `on: workflow_dispatch`');
    expect(status).toContain('no workflow nope.yml in this repository');
    expect(r.stdout).toContain('::warning::ci.yml has no workflow_dispatch trigger');
  });

  it('names the permission when the token may not dispatch', async () => {
    const { status, gh } = await fixedRun({ 'ci.yml': { dispatchable: true } }, { 'rerun-workflows': 'ci.yml' }, (g) =>
      g.faults.push({ method: 'POST', path: /\/dispatches$/, status: 403, body: { message: 'Resource not accessible by integration' } }),
    );
    expect(gh.dispatches).toEqual([]);
    expect(status).toContain('`permissions: actions: write`');
  });

  it('a bad workflow name fails before any work', async () => {
    const { r, gh } = await fixedRun({}, { 'rerun-workflows': 'ci' });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('input \'rerun-workflows\' takes workflow file names like ci.yml (got "ci")');
    expect(gh.comments).toEqual([]);
  });

  it('dispatches nothing when no commit was pushed', async () => {
    const { r, gh } = await fixedRun({ 'ci.yml': { dispatchable: true } }, { 'rerun-workflows': 'ci.yml', mode: 'comment' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'comment' });
    expect(gh.dispatches).toEqual([]);
  });
});
