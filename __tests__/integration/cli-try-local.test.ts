import { afterEach, describe, expect, it } from '@jest/globals';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/**
 * --try-local (issue 44, friction 8): the whole loop on your own failing test with no key and no
 * network: a stand-in model on this machine reads the failing test's file and changes nothing, so
 * the run ends not fixed and the tree is as it was. Through dist/cli.js: build first.
 */

const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('../src/add');\n" +
  "test('adds', () => assert.strictEqual(add(2, 3), 5));\n";

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('--try-local', () => {
  it('runs the loop with no key, reads the failing test through a tool, changes nothing and says it fixes nothing', async () => {
    const repo = makeRepo({
      'package.json': '{"name":"t","private":true}\n',
      'src/add.js': 'module.exports = { add: (a, b) => a - b };\n',
      'test/add.test.js': TEST,
    });
    cleanups.push(repo.cleanup);
    const before = treeSnapshot(repo.dir);
    const run = await runCli(['--test', 'node --test', '--try-local', '--max-attempts', '1', '--json'], repo.dir, { UNBREAK_API_KEY: '', OPENAI_API_KEY: '' });
    expect(run.stderr).toMatch(/--try-local: a stand-in model on this machine .* fixes nothing/);
    expect(run.stderr).toMatch(/read_file test\/add\.test\.js/);
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, failuresBefore: 1 });
    expect(treeSnapshot(repo.dir)).toEqual(before);
  }, 120_000);
});
