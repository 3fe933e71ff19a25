import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type Script, modelEnv as env } from '../../testkit/model-server.js';
import { gitIn, makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

const SLUG = `function slugify(text) {
  return text.toLowerCase().trim().replace(/\\s+/g, '_');
}

function words(text) {
  return text.split(' ').length + 1;
}

module.exports = { slugify, words };
`;

const SLUG_TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify, words } = require('../src/slug');

test('lowercases', () => {
  assert.strictEqual(slugify('abc'), 'abc');
});

test('joins words with dashes', () => {
  assert.strictEqual(slugify('Hello World'), 'hello-world');
});

test('trims before joining', () => {
  assert.strictEqual(slugify('  a b '), 'a-b');
});

test('counts words', () => {
  assert.strictEqual(words('a b c'), 3);
});
`;

const FIX_SLUG = call('edit_file', { path: 'src/slug.js', old_text: ".replace(/\\s+/g, '_');", new_text: ".replace(/\\s+/g, '-');" });
const FIX_WORDS = call('edit_file', { path: 'src/slug.js', old_text: "return text.split(' ').length + 1;", new_text: "return text.split(' ').length;" });

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(
  script: Script,
  files: Record<string, string> = { 'src/slug.js': SLUG, 'test/slug.test.js': SLUG_TEST },
): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo({ 'package.json': '{"name":"demo","private":true}\n', ...files });
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

describe('unbreak CLI fix loop (node --test, scripted model)', () => {
  beforeAll(() => {
    expect(existsSync(path.resolve('dist/cli.js'))).toBe(true);
  });

  it('fixes in one attempt and leaves the fix uncommitted in the work tree', async () => {
    const { dir, server } = await setup([
      { toolCalls: [call('read_file', { path: 'src/slug.js' })] },
      { toolCalls: [FIX_SLUG, FIX_WORDS] },
      { content: 'The separator was wrong and the count was off by one.' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.stderr).toContain('attempt 1/3');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, changedFiles: ['src/slug.js'], failuresBefore: 3, failuresAfter: 0 });
    // Three requests to fix it, one self-review of the green patch, one for further cases.
    expect(run.json!.usage).toMatchObject({ requests: 5, review: { requests: 1 }, cases: { requests: 1 } });
    expect(server.reviews).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toContain(".replace(/\\s+/g, '-')");
    expect(gitIn(dir, 'status', '--porcelain')).toBe('M src/slug.js');
    // The first request names the failing tests and shows the code at the stack location.
    const first = server.requests[0]!;
    const user = first.messages.find((m) => m.role === 'user')!.content!;
    expect(user).toContain('joins words with dashes');
    expect(user).toContain("replace(/\\s+/g, '_')");
    expect(first.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(['read_file', 'edit_file']));
    // The read_file result carries line numbers.
    const toolResult = server.requests[1]!.messages.find((m) => m.role === 'tool')!.content!;
    expect(toolResult).toMatch(/^1: function slugify\(text\) \{/m);
  });

  it('--price: the JSON result carries the cost of the run and of each attempt, from the usage the server reported', async () => {
    const { dir, server } = await setup([
      { toolCalls: [FIX_SLUG] },
      { content: 'Fixed the separator.' },
      { toolCalls: [FIX_WORDS] },
      { content: 'Fixed the count.' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json', '--price', '2,8', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2 });
    const billed = (from: number, to: number) => server.usage.slice(from, to).reduce((n, u) => n + u.prompt * 2 + u.completion * 8, 0) / 1e6;
    const round = (usd: number) => Math.round(usd * 1e6) / 1e6;
    expect(server.usage).toHaveLength(4);
    expect(run.json!.usage).toEqual({
      promptTokens: server.usage.reduce((n, u) => n + u.prompt, 0),
      completionTokens: server.usage.reduce((n, u) => n + u.completion, 0),
      requests: 4,
      retries: 0,
    });
    expect(run.json!.cost).toEqual({ usd: round(billed(0, 4)), input: 2, output: 8, attempts: [round(billed(0, 2)), round(billed(2, 4))] });
    expect(run.stderr).toMatch(/unbreak: cost per attempt: 1: \$[\d.]+, 2: \$[\d.]+/);
    // Without a price, no cost at all.
    const plain = await setup([{ toolCalls: [FIX_SLUG, FIX_WORDS] }, { content: 'done' }]);
    const again = await runCli(['--test', 'node --test', '--json'], plain.dir, env(plain.server));
    expect(again.json).toMatchObject({ status: 'fixed' });
    expect(again.json).not.toHaveProperty('cost');
  });

  it('--price takes two numbers, and says so', async () => {
    const { dir, server } = await setup([]);
    const run = await runCli(['--test', 'node --test', '--price', '2'], dir, env(server));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--price takes two numbers, dollars per million input and per million output tokens, e.g. 2,8 (got "2")');
    expect(server.requests).toHaveLength(0);
  });

  it('needs a second attempt when the first fixes only part, and tells the model what still fails', async () => {
    const { dir, server } = await setup([
      { toolCalls: [FIX_SLUG] },
      { content: 'Fixed the separator.' },
      { toolCalls: [FIX_WORDS] },
      { content: 'Fixed the count.' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, failuresBefore: 3, failuresAfter: 0 });
    expect(run.code).toBe(0);
    const feedback = server.requests[2]!.messages.at(-1)!;
    expect(feedback.role).toBe('user');
    expect(feedback.content).toContain('counts words');
    expect(feedback.content).not.toContain('joins words with dashes\n');
  });

  it('refuses a test-file edit, then accepts the real fix', async () => {
    const { dir, server } = await setup([
      { toolCalls: [call('edit_file', { path: 'test/slug.test.js', old_text: "'hello-world'", new_text: "'hello_world'" })] },
      { toolCalls: [FIX_SLUG, FIX_WORDS] },
      { content: 'done' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', changedFiles: ['src/slug.js'] });
    const refusal = server.requests[1]!.messages.at(-1)!;
    expect(refusal.role).toBe('tool');
    expect(refusal.content).toMatch(/^Error: test\/slug\.test\.js is a test file/);
    expect(readFileSync(path.join(dir, 'test/slug.test.js'), 'utf8')).toBe(SLUG_TEST);
  });

  it('refuses an edit under .github/ and a path outside the repo', async () => {
    const { dir, server } = await setup([
      {
        toolCalls: [
          call('edit_file', { path: '.github/workflows/ci.yml', old_text: '', new_text: 'on: push\n' }),
          call('edit_file', { path: '../outside.txt', old_text: '', new_text: 'x' }),
        ],
      },
      { toolCalls: [FIX_SLUG, FIX_WORDS] },
      { content: 'done' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', changedFiles: ['src/slug.js'] });
    const results = server.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results[0]).toMatch(/^Error: .*\.github\/workflows\/ci\.yml is a protected path/);
    expect(results[1]).toMatch(/^Error: .*outside the repository/);
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
    expect(existsSync(path.join(dir, '..', 'outside.txt'))).toBe(false);
  });

  it('does not accept an edit that makes the command pass by running fewer tests', async () => {
    const { dir, server } = await setup(
      [
        { toolCalls: [call('edit_file', { path: 'run-tests.sh', old_text: 'node --test', new_text: "node --test --test-name-pattern='lowercases'" })] },
        { content: 'Narrowed the run.' },
      ],
      { 'src/slug.js': SLUG, 'test/slug.test.js': SLUG_TEST, 'run-tests.sh': 'node --test\n' },
    );
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'sh run-tests.sh', '--json', '--max-attempts', '1'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, failuresBefore: 3 });
    expect(run.stderr).toMatch(/did not run|fewer tests ran/);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('leaves the tree byte-identical when it cannot fix, and restores created files', async () => {
    const { dir, server } = await setup([
      {
        toolCalls: [
          call('edit_file', { path: 'src/slug.js', old_text: 'function words', new_text: '// tried\nfunction words' }),
          call('edit_file', { path: 'src/new/helper.js', old_text: '', new_text: 'module.exports = 1;\n' }),
        ],
      },
      { content: 'Tried something.' },
      { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: '// tried', new_text: '// tried again' })] },
      { content: 'Tried again.' },
    ]);
    writeFileSync(path.join(dir, 'notes.txt'), 'uncommitted user work\n');
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '2'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 2, changedFiles: [], failuresBefore: 3, failuresAfter: 3 });
    expect(treeSnapshot(dir)).toEqual(before);
    expect(existsSync(path.join(dir, 'src/new'))).toBe(false);
  });

  it('prints the patch with --dry-run and leaves the work tree as found', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX_SLUG, FIX_WORDS] }, { content: 'done' }]);
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--dry-run', '--json'], dir, env(server));
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'fixed', changedFiles: ['src/slug.js'] });
    expect(run.stdout).toContain('diff --git a/src/slug.js b/src/slug.js');
    expect(run.stdout).toContain("-  return text.toLowerCase().trim().replace(/\\s+/g, '_');");
    expect(treeSnapshot(dir)).toEqual(before);
    const patch = run.stdout.slice(0, run.stdout.lastIndexOf('{"status"'));
    writeFileSync(path.join(dir, '..', `${path.basename(dir)}.patch`), patch);
    gitIn(dir, 'apply', '--check', path.join(dir, '..', `${path.basename(dir)}.patch`));
  });

  it('never sends a credential printed by a test or the API key to the model', async () => {
    const leaky = SLUG_TEST.replace(
      "test('lowercases', () => {",
      "test('lowercases', () => {\n  console.log('token ghp_abcdefghijklmnopqrstuvwxyz0123456789 and ' + process.env.HOME_SECRET_HINT);",
    );
    const { dir, server } = await setup(
      [{ toolCalls: [call('read_file', { path: 'src/config.js' })] }, { toolCalls: [FIX_SLUG, FIX_WORDS] }, { content: 'done' }],
      { 'src/slug.js': SLUG, 'test/slug.test.js': leaky, 'src/config.js': "module.exports = { key: 'sk-proj-abcdefghijklmnopqrstuvwx' };\n" },
    );
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server, { OPENAI_API_KEY: 'sk-canary-openai-key-000000' }));
    expect(run.json).toMatchObject({ status: 'fixed' });
    const all = server.rawBodies.join('\n');
    expect(all).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(all).not.toContain('sk-proj-abcdefghijklmnopqrstuvwx');
    expect(all).not.toContain('test-key-123456');
    expect(all).toContain('[REDACTED]');
    expect(server.auth[0]).toBe('Bearer test-key-123456');
  });

  it('answers malformed tool calls with Error: results and carries on', async () => {
    const { dir, server } = await setup([
      {
        toolCalls: [
          call('read_file', '{"path": "src/slug.js"'),
          call('run_shell', { cmd: 'env' }),
          call('edit_file', { path: 'src/slug.js', old_text: 'x' }),
          call('edit_file', { path: 'src/slug.js', old_text: 'no such text', new_text: 'y' }),
        ],
      },
      { toolCalls: [FIX_SLUG, FIX_WORDS] },
      { content: 'done' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed' });
    const results = server.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content!);
    expect(results).toHaveLength(4);
    expect(results[0]).toMatch(/^Error: .*not valid JSON/);
    expect(results[1]).toMatch(/^Error: unknown tool "run_shell"/);
    expect(results[2]).toMatch(/^Error: .*missing required field "new_text"/);
    expect(results[3]).toMatch(/^Error: old_text was not found/);
  });

  it('ends an attempt when the model answers without tools, and starts the next', async () => {
    const { dir, server } = await setup([{ content: 'I think it is fine.' }, { toolCalls: [FIX_SLUG, FIX_WORDS] }, { content: 'done' }]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2 });
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/without a successful edit/);
  });

  it('reports an error naming the server and status when the model server fails, and restores the tree', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX_SLUG] }, { status: 401, body: { error: { message: 'Incorrect API key provided' } } }]);
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error' });
    expect(run.stderr).toContain(`the model server at ${server.url} answered 401`);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('retries a 500 and a 429 a bounded number of times', async () => {
    const { dir, server } = await setup([
      { status: 500 },
      { status: 429, headers: { 'retry-after': '0' } },
      { toolCalls: [FIX_SLUG, FIX_WORDS] },
      { content: 'done' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed' });
    expect(server.requests).toHaveLength(4);
  });

  it('with passing tests reports no-failures and makes no model request', async () => {
    const { dir, server } = await setup([], { 'src/slug.js': SLUG.replace("'_'", "'-'").replace(' + 1', ''), 'test/slug.test.js': SLUG_TEST });
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'no-failures', attempts: 0, failuresBefore: 0, failuresAfter: 0 });
    expect(server.requests).toHaveLength(0);
  });
});
