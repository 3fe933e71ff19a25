import { afterEach, describe, expect, it } from '@jest/globals';
import { startGitHub } from '../../testkit/github-server.js';
import { startModelServer } from '../../testkit/model-server.js';
import { makePrRepo, registerPr, type PrRepoOptions } from '../../testkit/pr-repo.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction } from '../../testkit/action.js';

const SLUG = "exports.slugify = (t) => t.toLowerCase().replace(/\\s+/g, '-');\n";
const TITLE_TEST = "const test = require('node:test');\nconst assert = require('node:assert');\nconst { title } = require('../src/title');\ntest('title slug', () => assert.strictEqual(title('A B'), 'post/a-b'));\n";
// The PR adds a page title helper that uses slugify; meanwhile main renamed slugify to toSlug.
const PR: Pick<PrRepoOptions, 'base' | 'change'> = {
  base: { 'package.json': '{"private":true}\n', 'src/slug.js': SLUG },
  change: { 'src/title.js': "const { slugify } = require('./slug');\nexports.title = (t) => `post/${slugify(t)}`;\n", 'test/title.test.js': TITLE_TEST },
};

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function run(options: Partial<PrRepoOptions>) {
  const repo = makePrRepo({ ...PR, ...options });
  cleanups.push(repo.cleanup);
  const gh = await startGitHub();
  cleanups.push(() => gh.close());
  const model = await startModelServer([]);
  cleanups.push(() => model.close());
  registerPr(gh, repo, { labels: ['unbreak'] });
  const payload = { action: 'labeled', label: { name: 'unbreak' }, number: 7, pull_request: gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } };
  const r = await runAction({ work: repo.work, githubUrl: gh.url, eventName: 'pull_request', payload, inputs: { 'test-command': 'node --test' } });
  const status = gh.comments.find((c) => c.body.includes('<!-- unbreak -->'))?.body ?? '';
  return { r, status, model, repo };
}

describe('a PR whose head passes but whose merge with the base fails', () => {
  it('is not reported as "no failing tests": the verdict says it fails merged with main and to update the branch', async () => {
    const { r, status, model, repo } = await run({ baseAfter: { 'src/slug.js': SLUG.replace('exports.slugify', 'exports.toSlug') } });
    expect(r.outputs).toMatchObject({ status: 'not-fixed', delivery: 'none' });
    expect(status).toContain('the head passes; it fails merged with main');
    expect(status).toContain('title slug');
    expect(status).toContain('update the branch');
    expect(model.requests).toEqual([]);
    // The branch is left alone, and the checkout is back on the head.
    expect(gitIn(repo.origin, 'rev-parse', 'refs/heads/feature')).toBe(repo.headSha);
    expect(gitIn(repo.work, 'rev-parse', 'HEAD')).toBe(repo.headSha);
  });

  it('says no failing tests when the merge passes too', async () => {
    const { r, status } = await run({ baseAfter: { 'README.md': 'docs\n' } });
    expect(r.outputs).toMatchObject({ status: 'no-failures' });
    expect(status).not.toContain('merged with');
  });
});
