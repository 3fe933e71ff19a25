import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';
import { call, startModelServer, type ModelServer, type Script } from '../../testkit/model-server.js';
import { makePrRepo, registerPr, type PrRepo } from '../../testkit/pr-repo.js';
import { runAction } from '../../testkit/action.js';

/**
 * A merge queue's red run (issue 44, convention 18): the `merge_group` event names the queue's
 * temporary branch, `gh-readonly-queue/<base>/pr-<N>-<sha>`; the fix is the one a red run of PR N
 * gets: its head tested, a fix pushed to its branch, the status comment on it.
 * Through dist/index.js: build first.
 */

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\n" +
  "test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));\n";
const BASE = { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });
const FIXING: Script = [{ toolCalls: [FIX] }, { content: 'Dashes, not underscores.' }];

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

type World = { gh: FakeGitHub; model: ModelServer; pr: PrRepo };

async function world(script: Script): Promise<World> {
  const r = makePrRepo({ base: BASE, change: { 'src/slug.js': BAD }, checkout: 'main' });
  cleanups.push(r.cleanup);
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer(script);
  cleanups.push(() => model.close());
  registerPr(gh, r);
  gh.permissions.maintainer = 'maintain';
  return { gh, model, pr: r };
}

const queued = (w: World, headRef: string) => ({
  eventName: 'merge_group',
  payload: {
    action: 'checks_requested',
    merge_group: { head_sha: w.pr.mergeSha, head_ref: headRef, base_sha: w.pr.baseSha, base_ref: 'refs/heads/main' },
    sender: { login: 'maintainer', type: 'User' },
  },
});

function run(w: World, event: { eventName: string; payload: unknown }) {
  return runAction({ work: w.pr.work, githubUrl: w.gh.url, ...event, inputs: { 'test-command': 'node --test', 'base-url': w.model.url } });
}
const statusComments = (gh: FakeGitHub) => gh.comments.filter((c) => c.body.includes('<!-- unbreak -->'));

describe('a merge queue', () => {
  it("a red merge_group run gets the fix a PR's red run gets: pushed to the PR the queue branch names", async () => {
    const w = await world(FIXING);
    const r = await run(w, queued(w, `refs/heads/gh-readonly-queue/main/pr-7-${w.pr.baseSha}`));
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(w.model.requests.length).toBeGreaterThan(0);
    expect(statusComments(w.gh)[0]!.body).toMatch(/unbreak fixed 1 failing test.*pushed/);
  }, 240_000);

  it('a queue branch that names no pull request is skipped, saying why', async () => {
    const w = await world(FIXING);
    const r = await run(w, queued(w, 'refs/heads/gh-readonly-queue/main/something-else'));
    expect(r.outputs).toMatchObject({ status: 'skipped' });
    expect(r.summary).toMatch(/merge queue branch .*names no pull request/);
    expect(w.model.requests).toHaveLength(0);
  }, 120_000);
});
