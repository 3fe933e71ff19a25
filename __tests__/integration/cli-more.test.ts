import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type Script, modelEnv as env } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';
import { tempDir } from '../../testkit/tmp.js';
import { countTokens } from '../../src/context/tokens.js';

const STATS = `def mean(values):
    if not values:
        raise ValueError("mean of nothing")
    return sum(values) / (len(values) + 1)


def spread(values):
    return max(values) - min(values)
`;

const TEST_STATS = `import pytest
from stats import mean, spread


@pytest.mark.parametrize("values,expected", [([1, 2, 3], 2), ([4], 4)])
def test_mean(values, expected):
    assert mean(values) == expected


def test_mean_empty():
    with pytest.raises(ValueError):
        mean([])


def test_spread():
    assert spread([3, 9, 4]) == 6
`;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script, files: Record<string, string>): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}
const FIX_MEAN = call('edit_file', {
  path: 'stats.py',
  old_text: '    return sum(values) / (len(values) + 1)',
  new_text: '    return sum(values) / len(values)',
});

describe('unbreak CLI with pytest', () => {
  it('fixes a parametrized failure, rerunning the failing node ids alone before the full run', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX_MEAN] }, { content: 'Divided by one too many.' }], {
      'stats.py': STATS,
      'tests/test_stats.py': TEST_STATS,
    });
    const run = await runCli(['--test', 'python3 -m pytest -p no:cacheprovider', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, failuresBefore: 2, failuresAfter: 0, changedFiles: ['stats.py'] });
    expect(run.stderr).toContain('tests/test_stats.py::test_mean[values0-2]');
    expect(run.stderr).toMatch(/failing tests rerun: passing/);
    expect(readFileSync(path.join(dir, 'stats.py'), 'utf8')).toContain('return sum(values) / len(values)\n');
    const first = server.requests[0]!.messages.find((m) => m.role === 'user')!.content!;
    // The code under test is in the first message even though the assertion fails in the test.
    expect(first).toContain('return sum(values) / (len(values) + 1)');
  });

  it('feeds back a targeted rerun that still fails without running the full command', async () => {
    const { dir, server } = await setup(
      [
        { toolCalls: [call('edit_file', { path: 'stats.py', old_text: '(len(values) + 1)', new_text: '(len(values) + 2)' })] },
        { content: 'try' },
        { toolCalls: [call('edit_file', { path: 'stats.py', old_text: '(len(values) + 2)', new_text: 'len(values)' })] },
        { content: 'fixed' },
      ],
      { 'stats.py': STATS, 'tests/test_stats.py': TEST_STATS },
    );
    const run = await runCli(['--test', 'python3 -m pytest -p no:cacheprovider', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2 });
    const lines = run.stderr.split('\n').filter((l) => /^unbreak: (tests|failing tests rerun):/.test(l));
    expect(lines.map((l) => l.split(':')[1]!.trim())).toEqual(['tests', 'failing tests rerun', 'failing tests rerun', 'failing tests rerun', 'tests']);
    expect(server.requests[2]!.messages.at(-1)!.content).toContain('test_mean[values0-2]');
  });

  it("a src layout the tests cannot import is fixed by putting its folder on pytest.ini's pythonpath, and nothing else there may change", async () => {
    const files = { 'pytest.ini': '[pytest]\ntestpaths = tests\n', 'src/stats.py': STATS.replace(' + 1)', ')'), 'tests/test_stats.py': TEST_STATS };
    const widen = call('edit_file', { path: 'pytest.ini', old_text: 'testpaths = tests\n', new_text: 'testpaths = tests\npythonpath = tests src\n' });
    const onPath = call('edit_file', { path: 'pytest.ini', old_text: 'testpaths = tests\n', new_text: 'testpaths = tests\npythonpath = src\n' });
    const { dir, server } = await setup([{ toolCalls: [widen, onPath] }, { content: 'The package lives under src/.' }], files);
    const run = await runCli(['--test', 'python3 -m pytest -p no:cacheprovider', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, changedFiles: ['pytest.ini'] });
    // The tests folder is no source folder: that edit is refused, the next one is kept.
    const results = server.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(results[0]).toMatch(/^Error: the edit changes the test configuration in pytest\.ini \(\[pytest\]\)/);
    expect(results[1]).not.toMatch(/^Error/);
    expect(readFileSync(path.join(dir, 'pytest.ini'), 'utf8')).toBe('[pytest]\ntestpaths = tests\npythonpath = src\n');
  });

  it('runs whole with --full-reruns', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX_MEAN] }, { content: 'done' }], { 'stats.py': STATS, 'tests/test_stats.py': TEST_STATS });
    const run = await runCli(['--test', 'python3 -m pytest -p no:cacheprovider', '--json', '--full-reruns'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed' });
    expect(run.stderr).not.toMatch(/failing tests rerun/);
  });
});

describe('model protocol details', () => {
  const SLUG = "function slugify(t) {\n  return t.toLowerCase().replace(/ /g, '_');\n}\nmodule.exports = { slugify };\n";
  const TEST =
    "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('dashes', () => assert.strictEqual(slugify('A B'), 'a-b'));\ntest('lower', () => assert.strictEqual(slugify('AB'), 'ab'));\n";
  const FILES = { 'src/slug.js': SLUG, 'test/slug.test.js': TEST };
  const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/ /g, '_')", new_text: "replace(/ /g, '-')" });

  it('works with a streaming server (--stream), tool calls split across chunks', async () => {
    const { dir, server } = await setup(
      [{ content: 'Reading.', toolCalls: [call('read_file', { path: 'src/slug.js', start_line: 1, end_line: 2 })] }, { toolCalls: [FIX] }, { content: 'done' }],
      FILES,
    );
    const run = await runCli(['--test', 'node --test', '--json', '--stream'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1 });
    expect(server.requests.every((r) => r.stream === true)).toBe(true);
    expect((run.json!.usage as { requests: number; promptTokens: number }).promptTokens).toBeGreaterThan(0);
    const tool = server.requests[1]!.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).toBe(
      "(lines 1-2 of 4; ask for others with start_line/end_line)\n1: function slugify(t) {\n2:   return t.toLowerCase().replace(/ /g, '_');",
    );
  });

  it('gives up on a model that hangs past --model-timeout, with a clear line', async () => {
    const { dir, server } = await setup(() => ({ hang: true }), FILES);
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--model-timeout', '1'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error' });
    // A time-out is not sent again unchanged: the one retry asks for less (a smaller completion cap, a shorter request).
    expect(server.requests.length).toBe(2);
    const [first, second] = server.rawBodies.map((b) => JSON.parse(b) as { max_tokens: number });
    expect(second!.max_tokens).toBeLessThan(first!.max_tokens);
    expect(server.usage).toEqual([]);
    expect(run.stderr).toMatch(/the model server at .* did not answer within 1 s; asked again for less: a completion cap of 2048 tokens \(was 4096\)/);
    expect(String(run.json!.message)).toMatch(
      /^the model server at .* did not answer within 1 s, twice \(the second time asked for less\): raise --model-timeout \(model-timeout\) for a slow model, or lower --max-completion-tokens and --request-tokens/,
    );
    expect(run.json).toMatchObject({ usage: { requests: 2, retries: 1 } });
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('ends an attempt on an answer that is not a chat completion, and goes on', async () => {
    const { dir, server } = await setup([{ status: 200, body: { nonsense: true } }, { toolCalls: [FIX] }, { content: 'done' }], FILES);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2 });
    expect(run.stderr).toMatch(/not a chat completion/);
  });

  it('stops with a clear line when --max-tokens is spent, and restores the tree', async () => {
    const { dir, server } = await setup(() => ({ toolCalls: [call('read_file', { path: 'src/slug.js' })] }), FILES);
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--max-tokens', '5000'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(run.stderr).toMatch(/token budget of 5000 is spent .*raise --max-tokens/);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('keeps every request inside --request-tokens by shortening old tool results', async () => {
    const big = Array.from({ length: 300 }, (_, i) => `const filler${i} = ${i}; // ${'x'.repeat(40)}`).join('\n');
    const files = { ...FILES, 'src/big.js': big };
    let n = 0;
    const { dir, server } = await setup(
      () =>
        ++n <= 4
          ? { toolCalls: [call('read_file', { path: 'src/big.js', start_line: (n - 1) * 70 + 1, end_line: n * 70 })] }
          : n === 5
            ? { toolCalls: [FIX] }
            : { content: 'done' },
      files,
    );
    const run = await runCli(['--test', 'node --test', '--json', '--request-tokens', '4000'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed' });
    const shortened = server.requests.at(-1)!.messages.filter((m) => m.role === 'tool' && m.content!.startsWith('[shortened'));
    expect(shortened.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(countTokens(JSON.stringify(request.messages)) + countTokens(JSON.stringify(request.tools))).toBeLessThanOrEqual(4000);
    }
  });

  it('records a session and replays it without a server or key', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX] }, { content: 'done' }], FILES);
    const rec = tempDir();
    cleanups.push(rec.cleanup);
    const file = path.join(rec.dir, 'session.json');
    const before = treeSnapshot(dir);
    const first = await runCli(['--test', 'node --test', '--json', '--record', file, '--dry-run'], dir, env(server));
    expect(first.json).toMatchObject({ status: 'fixed' });
    expect(treeSnapshot(dir)).toEqual(before);
    const recording = JSON.parse(readFileSync(file, 'utf8')) as { exchanges: unknown[] };
    // The two fix requests, the self-review of the green patch and the further cases: a replay answers all four.
    expect(recording.exchanges).toHaveLength(4);
    expect(server.reviews).toHaveLength(1);
    expect(JSON.stringify(recording)).not.toContain('test-key-123456');
    const replay = await runCli(['--test', 'node --test', '--json', '--replay', file], dir, {});
    expect(replay.json).toMatchObject({ status: 'fixed', changedFiles: ['src/slug.js'] });
    expect(server.requests).toHaveLength(2);
  });

  it('a compile error is judged fixed once the compiler is quiet (tsc through the generic reader)', async () => {
    const files = { 'src/total.ts': 'export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, "0");\n}\n' };
    const { dir, server } = await setup(
      [{ toolCalls: [call('edit_file', { path: 'src/total.ts', old_text: 'b, "0")', new_text: 'b, 0)' })] }, { content: 'The start value was a string.' }],
      files,
    );
    // --lib es5: the default lib (with the DOM) costs ~3 s of CPU per tsc run, and this test runs it several times.
    const run = await runCli(['--test', 'tsc --noEmit --strict --lib es5 src/total.ts', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', failuresBefore: 1, failuresAfter: 0 });
  });
});
