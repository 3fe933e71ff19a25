import { describe, expect, it } from '@jest/globals';
import { call, type Script } from '../../testkit/model-server.js';
import { gitIn } from '../../testkit/repo.js';
import { runAction, TOKEN } from '../../testkit/action.js';
import { cleanupsAfterEach, prWorld, type PrWorld } from '../../testkit/world.js';

// The job's token is a model key for GitHub Models only: through dist/index.js as the runner runs it.

const GOOD = "function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n\nmodule.exports = { slugify };\n";
const BAD = GOOD.replace("'-'", "'_'");
const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');
test('joins words with dashes', () => assert.strictEqual(slugify('Hello World'), 'hello-world'));
`;
const FIXING: Script = [
  { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: "replace(/\\s+/g, '_')", new_text: "replace(/\\s+/g, '-')" })] },
  { content: 'dashes' },
];
const cleanups = cleanupsAfterEach();

async function world(): Promise<PrWorld> {
  return prWorld(cleanups, {
    repo: { base: { 'package.json': '{"name":"shop","private":true}\n', 'src/slug.js': GOOD, 'test/slug.test.js': TEST }, change: { 'src/slug.js': BAD } },
    script: FIXING,
  });
}
const labeled = (w: PrWorld) => ({
  eventName: 'pull_request',
  payload: { action: 'labeled', label: { name: 'unbreak' }, pull_request: w.gh.pulls.get(7), sender: { login: 'maintainer', type: 'User' } },
});

describe('adversarial: the job token and another model server', () => {
  it.each([
    [
      'an empty api-key (a secret unset, misspelled, or withheld from a fork)',
      '',
      /input 'api-key' is empty.*unset, misspelled, or withheld from a fork's PR under pull_request/,
    ],
    ["api-key left at its default, the job's token", TOKEN, /input 'api-key' is the job's token, which goes to GitHub Models only/],
  ])('%s with base-url at another server: a configuration error before anything runs, no request reaches it', async (_what, apiKey, line) => {
    const w = await world();
    const r = await runAction({
      work: w.pr.work,
      githubUrl: w.gh.url,
      ...labeled(w),
      inputs: { 'test-command': 'node --test', 'base-url': w.model.url, 'api-key': apiKey },
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('error');
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(line);
    // Nothing reached the other server, with the token or without.
    expect(w.model.arrived).toEqual([]);
    expect(gitIn(w.pr.origin, 'rev-parse', 'refs/heads/feature')).toBe(w.pr.headSha);
  });
});
