import { afterEach, describe, expect, it } from '@jest/globals';
import { call, startModelServer, type ModelServer, type Script, type ServerOptions } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/**
 * Issue 43: the request budget is a promise. A long run (three attempts, each reading a large file
 * in large pieces, making a large edit, and failing again with a long message) is played through
 * the built CLI against a server whose context is the budget itself: every request the server
 * counts (o200k, on the raw body) fits, none is refused, and no run ends in `error`.
 */

const LINES = 300;
const line = (i: number, mark: string) => `exports.value${i} = ${i}; // ${mark.repeat(48)} ${i * 7919}`;
const BIG = Array.from({ length: LINES }, (_, i) => line(i, 'x')).join('\n') + '\n';
// A test that stays red, with a long message: the failure every attempt is told about.
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst big = require('../src/big');\n" +
  "test('every value is odd', () => {\n  const seen = Object.entries(big).map(([k, v]) => `${k} = ${v} (${v % 2 ? 'odd' : 'even'})`);\n" +
  "  assert.strictEqual(seen.join('\\n'), seen.map((l) => l.replace('(even)', '(odd)')).join('\\n'));\n});\n";
const FILES = { 'package.json': '{"name":"budget","private":true}\n', 'src/big.js': BIG, 'test/big.test.js': TEST };

/** Each attempt: three reads of 100 lines, one 40-line edit (a different block each time), then an answer. */
export const longRun: Script = (_request, index) => {
  const attempt = Math.floor(index / 5);
  const turn = index % 5;
  if (turn < 3) return { toolCalls: [call('read_file', { path: 'src/big.js', start_line: turn * 100 + 1, end_line: (turn + 1) * 100 })] };
  if (turn === 3) {
    const from = attempt * 40;
    const block = (mark: string) => Array.from({ length: 40 }, (_, i) => line(from + i, mark)).join('\n');
    return {
      content: `Attempt ${attempt + 1}: rewriting lines ${from + 1}-${from + 40}.`,
      toolCalls: [call('edit_file', { path: 'src/big.js', old_text: block('x'), new_text: block('y') })],
    };
  }
  return { content: `I rewrote lines ${attempt * 40 + 1}-${attempt * 40 + 40}; the values are unchanged, so the tests may still fail.` };
};

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script, options: ServerOptions): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo(FILES);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, options);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

describe('every request fits the request budget', () => {
  for (const [budget, wording] of [
    [2000, 'llama.cpp'],
    [4000, 'openai'],
    [8000, 'github'],
  ] as const) {
    it(`a long three-attempt run at --request-tokens ${budget} (a ${wording} server whose context is the budget)`, async () => {
      const { dir, server } = await setup(longRun, { context: { size: budget, wording } });
      const before = treeSnapshot(dir);
      const run = await runCli(['--test', 'node --test', '--json', '--request-tokens', String(budget)], dir, {
        UNBREAK_API_KEY: 'test-key-123456',
        OPENAI_BASE_URL: server.url,
      });
      expect(run.stderr).not.toMatch(/refused the request as too long/);
      expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 3 });
      // The run was long: every scripted turn was asked for.
      expect(server.requests.length).toBe(15);
      const largest = Math.max(...server.sizes.map((s) => s.tokens));
      expect({ largest, refused: server.sizes.filter((s) => s.status !== 200).length }).toEqual({ largest: expect.any(Number), refused: 0 });
      expect(largest).toBeLessThanOrEqual(budget);
      // And the budget was pressed against: what was read and edited did not fit whole.
      expect(largest).toBeGreaterThan(budget * 0.85);
      expect(treeSnapshot(dir)).toEqual(before);
    });
  }
});

describe('the requests apart from the fix conversation fit the request budget too', () => {
  // A fix of one line inside a 90-line rewrite: the patch the self-review is shown is far larger than the budget.
  const TOTAL =
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst big = require('../src/big');\n\ntest('the total', () => {\n  assert.strictEqual(big.total(), 1);\n});\n";
  const files = { ...FILES, 'src/big.js': `${BIG}exports.total = () => 0;\n`, 'test/big.test.js': TOTAL };
  const block = (mark: string, total: number) => `${Array.from({ length: 90 }, (_, i) => line(210 + i, mark)).join('\n')}\nexports.total = () => ${total};`;
  const fix: Script = [
    { toolCalls: [call('edit_file', { path: 'src/big.js', old_text: block('x', 0), new_text: block('y', 1) })] },
    { content: 'The total is 1.' },
  ];

  it.each([2000, 4000])('the self-review of a patch larger than --request-tokens %i, and the further cases, each fit it', async (budget) => {
    const repo = makeRepo(files);
    cleanups.push(repo.cleanup);
    const server = await startModelServer(fix, { context: { size: budget, wording: 'llama.cpp' }, review: { content: 'VERDICT: accept' } });
    cleanups.push(() => server.close());
    const run = await runCli(['--test', 'node --test', '--json', '--request-tokens', String(budget)], repo.dir, {
      UNBREAK_API_KEY: 'test-key-123456',
      OPENAI_BASE_URL: server.url,
    });
    expect(run.json).toMatchObject({ status: 'fixed' });
    // Both were asked, and the patch did not fit whole: the review was pressed against the budget.
    expect(server.reviews).toHaveLength(1);
    expect(server.cases).toHaveLength(1);
    const apart = server.sizes.filter((s) => s.review || s.cases);
    expect(apart.map((s) => s.status)).toEqual([200, 200]);
    for (const s of apart) expect(s.tokens).toBeLessThanOrEqual(budget);
    expect(Math.max(...apart.map((s) => s.tokens))).toBeGreaterThan(budget * 0.8);
  });
});
