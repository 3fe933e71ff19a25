import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub, type FakeGitHub } from '../../testkit/github-server.js';
import { call, startModelServer, type ModelServer, type Script } from '../../testkit/model-server.js';
import { makePrRepo, registerPr, type PrRepo } from '../../testkit/pr-repo.js';
import { runAction } from '../../testkit/action.js';

/** A maintainer's first hour with the action: every bad input at once, the cost cap, the footer, the skip label, the command phrase. */

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

async function world(script: Script, labels: string[] = ['unbreak']): Promise<World> {
  const r = makePrRepo({ base: BASE, change: { 'src/slug.js': BAD } });
  cleanups.push(r.cleanup);
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer(script);
  cleanups.push(() => model.close());
  registerPr(gh, r, { labels });
  gh.permissions.maintainer = 'maintain';
  return { gh, model, pr: r };
}

const labeled = (gh: FakeGitHub, n: number) => ({
  eventName: 'pull_request',
  payload: { action: 'labeled', label: { name: 'unbreak' }, number: n, pull_request: gh.pulls.get(n), sender: { login: 'maintainer', type: 'User' } },
});
const commented = (n: number, body: string) => ({
  eventName: 'issue_comment',
  payload: {
    action: 'created',
    issue: { number: n, state: 'open', pull_request: { url: `https://api.github.example/repos/acme/shop/pulls/${n}` } },
    comment: { id: 555, body, user: { login: 'maintainer', type: 'User' } },
    sender: { login: 'maintainer', type: 'User' },
  },
});

function run(w: World, event: { eventName: string; payload: unknown }, inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runAction({ work: w.pr.work, githubUrl: w.gh.url, ...event, inputs: { 'test-command': 'node --test', 'base-url': w.model.url, ...inputs }, env });
}
const statusComments = (gh: FakeGitHub) => gh.comments.filter((c) => c.body.includes('<!-- unbreak -->'));

describe('the action for a newcomer', () => {
  it('names every bad input in one run, before any work', async () => {
    const w = await world(FIXING);
    const r = await run(w, labeled(w.gh, 7), { 'max-attempts': 'lots', mode: 'push', 'max-cost': '1', 'max-tokens': '5' });
    expect(r.outputs).toMatchObject({ status: 'error' });
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    // The runner's annotation holds the whole list (newlines encoded as %0A).
    const lines = decodeURIComponent(error.replace(/^::error::/, '')).split('\n');
    expect(lines[0]).toBe('4 inputs need changing:');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^- input 'mode' must be one of auto, commit, suggest, comment \(got "push"\)$/),
        expect.stringMatching(/^- input 'max-attempts' must be a whole number from 1 to 10 \(got "lots"\)$/),
        expect.stringMatching(/^- input 'max-tokens' must be a whole number from 1000/),
        expect.stringMatching(/^- input 'max-cost' needs input 'price'/),
      ]),
    );
    expect(w.model.requests).toHaveLength(0);
  }, 120_000);

  it('a PR labelled unbreak-skip is left alone: skipped, no model request, and the comment says why', async () => {
    const w = await world(FIXING, ['unbreak', 'unbreak-skip']);
    const r = await run(w, labeled(w.gh, 7));
    expect(r.outputs).toMatchObject({ status: 'skipped', delivery: 'none' });
    expect(w.model.requests).toHaveLength(0);
    const body = statusComments(w.gh)[0]!.body;
    expect(body).toContain('carries the "unbreak-skip" label; remove it to let unbreak work on it');
    expect(body).toContain('Keep it off this PR: add the `unbreak-skip` label.');
  }, 120_000);

  it('answers its own command phrase, stays within the cost cap and shows spent / cap, with the footer', async () => {
    const w = await world(FIXING, []);
    const inputs = { command: '/fix-tests', price: '2,8', 'max-cost': '1' };
    // The usual phrase is not this workflow's: nothing happens.
    const ignored = await run(w, commented(7, '/unbreak please'), inputs);
    expect(ignored.outputs).toMatchObject({ status: 'skipped' });
    expect(w.model.requests).toHaveLength(0);

    const r = await run(w, commented(7, '/FIX-tests the separator is in slugify'), inputs, { GITHUB_ACTION_REPOSITORY: 'acme/unbreak' });
    expect(r.outputs).toMatchObject({ status: 'fixed', delivery: 'commit' });
    expect(w.model.requests[0]!.messages.find((m) => m.role === 'user')!.content).toContain('the separator is in slugify');
    const body = statusComments(w.gh)[0]!.body;
    expect(body).toMatch(/cost: \$0\.\d+ of the \$1\.00 cap, at \$2 \/ \$8 per million input \/ output tokens/);
    expect(r.summary).toMatch(/\| Cost \| \$0\.\d+ of the \$1\.00 cap, at \$2 \/ \$8/);
    expect(body.trimEnd().split('\n').at(-1)).toBe(
      "<sub>[unbreak](https://github.com/acme/unbreak#readme) runs this PR's failing tests, asks a model for a fix and delivers only a fix it has seen pass. " +
        'Run it again: comment `/fix-tests`. Keep it off this PR: add the `unbreak-skip` label.</sub>',
    );
  }, 240_000);

  it('started by a push to the PR (the recommended ci.yml), names no label or comment it cannot know this workflow has, and says what to add', async () => {
    const w = await world([{ content: 'I do not see the cause.' }], []);
    const pushed = { eventName: 'pull_request', payload: { action: 'synchronize', number: 7, pull_request: w.gh.pulls.get(7) } };
    const r = await run(w, pushed, { 'max-attempts': '1', command: '/fix-tests', label: 'autofix', model: 'openai/gpt-4.1-mini' });
    expect(r.outputs).toMatchObject({ status: 'not-fixed' });
    const body = statusComments(w.gh)[0]!.body;
    for (const text of [body, r.summary]) {
      expect(text).not.toContain('/unbreak');
      expect(text).not.toMatch(/`autofix` label|(?<!then )comment `/);
      expect(text).toMatch(/add `issue_comment` to the workflow's `on:`/);
    }
    // The model asked is named, where the advice is to try a bigger one.
    expect(body).toMatch(/model: `openai\/gpt-4\.1-mini`/);
    expect(body).toContain('use a bigger model than `openai/gpt-4.1-mini`');
    expect(body).toMatch(/Run it again: push a commit to this PR \(to ask by label or comment, add `pull_request: types: \[labeled\]` or `issue_comment`/);
  }, 240_000);
});
