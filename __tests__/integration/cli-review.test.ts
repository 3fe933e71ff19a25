import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ChatRequest, type ModelServer, type Reply, type Script } from '../../testkit/model-server.js';
import { gitIn, makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/** A fix a reviewer would accept, end to end: special-casing refused, the self-review, the repo's formatter. */

const SLUG = `function slugify(text) {
  return text.toLowerCase().trim().replace(/\\s+/g, '_');
}

const  unrelated = {a:1};

module.exports = { slugify, unrelated };
`;

const SLUG_TEST = `const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../src/slug');

test('lowercases', () => {
  assert.strictEqual(slugify('abc'), 'abc');
});

test('joins words with dashes', () => {
  assert.strictEqual(slugify('Hello World'), 'hello-world');
});
`;

const BUGGY = "  return text.toLowerCase().trim().replace(/\\s+/g, '_');";
const REAL = "  return text.toLowerCase().trim().replace(/\\s+/g, '-');";
const LITERAL = `  if (text === 'Hello World') return 'hello-world';\n${BUGGY}`;
const SNIFF = `  if (process.env.NODE_ENV === 'test') return text.toLowerCase().replace(' ', '-');\n${BUGGY}`;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(
  script: Script,
  review?: Reply | ((request: ChatRequest) => Reply),
  extra: Record<string, string> = {},
): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo({ 'package.json': '{"name":"demo","private":true}\n', 'src/slug.js': SLUG, 'test/slug.test.js': SLUG_TEST, ...extra });
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, review ? { review } : {});
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}

const env = (server: ModelServer) => ({ UNBREAK_API_KEY: 'test-key-123456', OPENAI_BASE_URL: server.url });
const edit = (oldText: string, newText: string) => ({ toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: oldText, new_text: newText })] });
const lastUser = (r: ChatRequest) => r.messages.filter((m) => m.role === 'user').at(-1)!.content!;

describe('unbreak CLI: a fix a reviewer would accept', () => {
  beforeAll(() => {
    expect(existsSync(path.resolve('dist/cli.js'))).toBe(true);
  });

  it('refuses a first fix that answers the failing input with the expected value, and delivers the real fix', async () => {
    const { dir, server } = await setup([edit(BUGGY, LITERAL), { content: 'Handled the case.' }, edit(LITERAL, REAL), { content: 'Fixed the separator.' }]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, changedFiles: ['src/slug.js'], failuresBefore: 1, failuresAfter: 0 });
    expect(run.code).toBe(0);
    // The model heard what was found and why, on the next attempt.
    const feedback = lastUser(server.requests[2]!);
    expect(feedback).toContain('special-cases them, so it was not accepted');
    expect(feedback).toContain('it compares against "Hello World", an input of a failing test, and answers "hello-world"');
    // One review, of the accepted patch only; counted in the totals and apart.
    expect(server.reviews).toHaveLength(1);
    expect(JSON.stringify(server.reviews[0]!.messages)).toContain("replace(/\\\\s+/g, '-')");
    expect(JSON.stringify(server.reviews[0]!.messages)).not.toContain('Hello World');
    expect(run.json!.usage).toMatchObject({ requests: 5, review: { requests: 1 } });
    expect(run.stderr).toContain('5 requests, 1 of them the self-review');
    expect(run.stderr).toContain(
      "unbreak: attempt 1 not accepted: the tests pass, but the patch special-cases them: src/slug.js:2 answers a failing test's input with its expected value",
    );
    expect(run.stderr).toContain('unbreak: asking the model to review the patch');
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG.replace(BUGGY, REAL));
  });

  it('with --no-review makes exactly the fix requests; a test-runner sniff on the last attempt delivers nothing', async () => {
    const { dir, server } = await setup([edit(BUGGY, SNIFF), { content: 'Done.' }]);
    const run = await runCli(['--test', 'NODE_ENV=test node --test', '--json', '--no-review', '--max-attempts', '1'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 1, changedFiles: [], usage: { requests: 2 } });
    expect(run.json!.usage).not.toHaveProperty('review');
    expect(run.json!.message).toContain(
      'the tests pass, but the patch special-cases them: src/slug.js:2 detects the test environment; the edits were put back',
    );
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(server.reviews).toHaveLength(0);
    expect(gitIn(dir, 'status', '--porcelain')).toBe('');
  });

  it('with --no-review a plain fix takes exactly its own requests', async () => {
    const { dir, server } = await setup([edit(BUGGY, REAL), { content: 'Fixed.' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, usage: { requests: 2 } });
    expect(server.reviews).toHaveLength(0);
  });

  it('sends a patch the self-review flags back to the model, and delivers the next one it accepts', async () => {
    const TRIMMED = "  return text.trim().toLowerCase().split(/\\s+/).join('-');";
    let reviews = 0;
    const review = () =>
      ++reviews === 1 ? { content: 'VERDICT: symptom: it only swaps the separator for the case the test uses' } : { content: 'VERDICT: ok' };
    const { dir, server } = await setup([edit(BUGGY, REAL), { content: 'Fixed.' }, edit(REAL, TRIMMED), { content: 'Rewrote it.' }], review);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 2, usage: { requests: 6, review: { requests: 2 } } });
    expect(lastUser(server.requests[2]!)).toContain(
      'A review of your patch says it only satisfies these tests instead of fixing the cause: it only swaps the separator for the case the test uses',
    );
    expect(server.reviews).toHaveLength(2);
    expect(run.stderr).toContain(
      'unbreak: attempt 1 not accepted: the tests pass, but the self-review says the patch treats the symptom: it only swaps the separator',
    );
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toContain(TRIMMED);
  });

  it("runs the repository's prettier on the lines the fix changed, and nowhere else", async () => {
    const ROOT = path.resolve('.');
    const { dir, server } = await setup([edit(BUGGY, '  return text.toLowerCase().trim().replace(/\\s+/g,"-");'), { content: 'Fixed.' }], undefined, {
      '.prettierrc': '{"singleQuote": true}\n',
      '.gitignore': 'node_modules/\n',
    });
    mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules/prettier'), path.join(dir, 'node_modules/prettier'));
    symlinkSync('../prettier/bin/prettier.cjs', path.join(dir, 'node_modules/.bin/prettier'));
    const run = await runCli(['--test', 'node --test', '--json', '--dry-run', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1 });
    expect(run.stderr).toContain('prettier formatted the lines the fix changed in src/slug.js');
    // The patch holds the fix as prettier writes it, and not the unformatted line nobody touched.
    const patch = run.stdout.slice(0, run.stdout.lastIndexOf('{"status"'));
    expect(patch).toContain(`+${REAL}`);
    expect(patch.split('\n').filter((l) => /^[+-](?![+-])/.test(l))).toEqual([`-${BUGGY}`, `+${REAL}`]);
    // --dry-run: the work tree is as found.
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG);
  });
});
