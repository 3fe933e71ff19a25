import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type Script, modelEnv as env, CREDULOUS } from '../../testkit/model-server.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/**
 * Issue 40: further cases of the rule, written by a request that never sees the patch and run on
 * the patched code, refuse a fix fitted to the tests on evidence, whatever the review says.
 */

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const PAGES =
  '/** How many pages `items` fill at `per` a page: a partly filled last page counts. */\nexport function pages(items, per) {\n  return Math.floor(items / per);\n}\n';
const FILES = {
  'package.json': '{"name":"demo","private":true,"type":"module"}\n',
  'src/pages.js': PAGES,
  'test/pages.test.js':
    "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { pages } from '../src/pages.js';\n\ntest('a partly filled last page counts', () => {\n  assert.equal(pages(25, 10), 3);\n});\n",
};
/** What the further-cases request answers: cases of the documented rule, none the failing test's. */
const CASES = {
  content:
    "```js\nimport test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { pages } from '../src/pages.js';\n\ntest('unbreak: one item over a full page needs another', () => {\n  assert.equal(pages(21, 10), 3);\n});\n\ntest('unbreak: full pages only', () => {\n  assert.equal(pages(30, 10), 3);\n});\n```",
};
/** Rounding: right for 25 at 10 a page (2.5 → 3), wrong for 21. */
const ROUND = call('edit_file', { path: 'src/pages.js', old_text: 'Math.floor(items / per)', new_text: 'Math.round(items / per)' });
const CEIL = call('edit_file', { path: 'src/pages.js', old_text: 'Math.round(items / per)', new_text: 'Math.ceil(items / per)' });

async function setup(script: Script): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo(FILES);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, { review: CREDULOUS, cases: CASES });
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

describe('unbreak CLI: further cases of the rule', () => {
  beforeAll(() => {
    expect(existsSync(path.resolve('dist/cli.js'))).toBe(true);
  });

  it('refuses rounding that passes the failing test but not a further case, then delivers the ceiling', async () => {
    const { dir, server } = await setup([{ toolCalls: [ROUND] }, { content: 'Rounded.' }, { toolCalls: [CEIL] }, { content: 'Ceiling.' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '2'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, changedFiles: ['src/pages.js'], review: { verdict: 'ok' } });
    expect(run.stderr).toContain(
      'attempt 1 not accepted: the tests pass, but a further case of the rule fails on the patched code: unbreak: one item over a full page needs another',
    );
    expect(run.stderr).toContain('the further cases of the rule in test/pages.unbreak.test.js pass on the patched code');
    // Asked once, apart: it saw the code before the fix and the failing test, never the patch.
    expect(server.cases).toHaveLength(1);
    const asked = JSON.stringify(server.cases[0]!.messages);
    expect(asked).toContain('Math.floor(items / per)');
    expect(asked).toContain('pages(25, 10)');
    expect(asked).not.toContain('Math.round');
    expect(server.cases[0]!.tool_choice).toBe('none');
    // The refused attempt is told which case failed; the credulous review accepted both patches.
    expect(JSON.stringify(server.requests[2]!.messages)).toContain('unbreak: one item over a full page needs another');
    expect(server.reviews).toHaveLength(2);
    expect(readFileSync(path.join(dir, 'src/pages.js'), 'utf8')).toContain('Math.ceil(items / per)');
    // The cases file never stays: the work tree holds the fix and nothing else.
    expect(gitIn(dir, 'status', '--porcelain').trim()).toBe('M src/pages.js');
  });

  it('leaves everything as it was when the only fix fails a further case', async () => {
    const { dir, server } = await setup([{ toolCalls: [ROUND] }, { content: 'Rounded.' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '1'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'not-fixed', changedFiles: [] });
    expect(run.json!.message).toContain('a further case of the rule fails on the patched code');
    // The review accepted the patch, and the result says so: the cases, not the review, refused it.
    expect(run.json!.review).toMatchObject({ verdict: 'ok' });
    expect(server.reviews).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'src/pages.js'), 'utf8')).toBe(PAGES);
    expect(gitIn(dir, 'status', '--porcelain')).toBe('');
  });
});
