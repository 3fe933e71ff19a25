import { afterEach, describe, expect, it } from '@jest/globals';
import { runCli } from '../../testkit/cli.js';
import { startModelServer } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';
import { showValue } from '../../src/failures/show.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('an empty expected or actual value keeps its quotes', () => {
  it.each([
    ['', "''"],
    [' a', "' a'"],
    ["it's ", "'it\\'s '"],
    ['anon', 'anon'],
    ["'quoted'", "'quoted'"],
  ])('showValue(%j) is %s', (value, shown) => {
    expect(showValue(value)).toBe(shown);
  });

  it("in the CLI's progress and in what the model is sent", async () => {
    const repo = makeRepo({
      'package.json': '{"name":"x","private":true}\n',
      'src/name.js': "exports.name = (x) => x || 'anon';\n",
      'test/name.test.js':
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { name } = require('../src/name');\ntest('keeps an empty name', () => assert.strictEqual(name(''), ''));\n",
    });
    cleanups.push(repo.cleanup);
    const server = await startModelServer([{ content: 'I will not edit anything.' }]);
    cleanups.push(() => server.close());
    const run = await runCli(['--test', 'node --test', '--max-attempts', '1'], repo.dir, { UNBREAK_API_KEY: 'test-key-123456', OPENAI_BASE_URL: server.url });
    expect(run.code).toBe(1);
    // The reader may keep or drop the quotes of a non-empty value; an empty one must show them.
    expect(run.stderr).toMatch(/expected '', got '?anon'?\n/);
    const first = server.requests[0]!.messages.find((m) => m.role === 'user')!.content!;
    expect(first).toMatch(/expected: ''\nactual: {3}'?anon'?\n/);
  });
});
