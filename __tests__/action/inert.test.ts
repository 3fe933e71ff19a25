import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub } from '../../testkit/github-server.js';
import { call, startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction } from '../../testkit/action.js';
import { INJECTION, liveParts } from '../../testkit/injection.js';

// A prompt-injected model's account of its fix, through dist/index.js: the review and the commit.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));\n";
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" });

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function run(mode: string) {
  const pr = makePrRepo({
    base: { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST },
    change: { 'src/slug.js': BAD },
  });
  cleanups.push(pr.cleanup);
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer([{ toolCalls: [FIX] }, { content: INJECTION }]);
  cleanups.push(() => model.close());
  registerPr(gh, pr, { labels: ['unbreak'] });
  gh.permissions.maintainer = 'write';
  const r = await runAction({
    work: pr.work,
    githubUrl: gh.url,
    eventName: 'pull_request',
    payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
    inputs: { 'test-command': 'node --test', 'base-url': model.url, mode },
  });
  return { pr, gh, r };
}

describe("the model's words, where people read them", () => {
  it('the review body', async () => {
    const { gh, r } = await run('suggest');
    expect(r.outputs.delivery).toBe('suggestion');
    const body = gh.reviews[0]!.body;
    expect(body).toContain('Fixed it');
    expect(liveParts(body)).toEqual([]);
    expect(liveParts(gh.comments.map((c) => c.body).join('\n'))).toEqual([]);
    expect(liveParts(r.summary)).toEqual([]);
  });

  it('the pushed commit message', async () => {
    const { pr, r } = await run('commit');
    expect(r.outputs.delivery).toBe('commit');
    const message = gitIn(pr.origin, 'log', '-1', '--format=%B', 'refs/heads/feature');
    expect(message).toContain('Fixed it');
    expect(gitIn(pr.origin, 'log', '-1', '--format=%(trailers:only,unfold)', 'refs/heads/feature')).toBe(`Unbreak-Fix-For: ${pr.headSha}`);
    expect(message.split('\n').filter((l) => /^[\w-]+:/.test(l) && !/^(unbreak: fix|Changed:)/.test(l))).toEqual([`Unbreak-Fix-For: ${pr.headSha}`]);
    expect(liveParts(message).filter((p) => p === 'mention' || p === 'issue reference')).toEqual([]);
  });
});
