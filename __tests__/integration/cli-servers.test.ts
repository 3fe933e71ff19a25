import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type Script, type ServerOptions, modelEnv as env } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { CLI, runCli } from '../../testkit/cli.js';
import { tempDir } from '../../testkit/tmp.js';

/**
 * What real OpenAI-compatible servers and weak models send (issue 24), played by the scripted
 * server with the servers' own wording: an answer cut at the length limit inside a tool call, a
 * server that cannot render a history holding broken JSON (llama.cpp's 500), an endless stream,
 * context-length 400s (llama.cpp's and OpenAI's), a model list that states the context, a model
 * that repeats itself, and a server that answers as another model.
 */

const SLUG = "function slugify(t) {\n  return t.toLowerCase().replace(/ /g, '_');\n}\nmodule.exports = { slugify };\n";
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\n" +
  "test('dashes', () => assert.strictEqual(slugify('A B'), 'a-b'));\ntest('lower', () => assert.strictEqual(slugify('AB'), 'ab'));\n";
const FILES = { 'package.json': '{"name":"demo","private":true}\n', 'src/slug.js': SLUG, 'test/slug.test.js': TEST };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/ /g, '_')", new_text: "replace(/ /g, '-')" });
const BIG = Array.from({ length: 300 }, (_, i) => `const filler${i} = ${i}; // ${'x'.repeat(40)}`).join('\n');

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script, options: ServerOptions = {}, files: Record<string, string> = FILES): Promise<{ dir: string; server: ModelServer }> {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script, options);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server };
}
type Usage = { requests: number; retries?: number; promptTokens: number };

describe('a tool call cut off at the length limit', () => {
  it('is not run; the model is told why, the history keeps {} and the run goes on to the fix', async () => {
    const cut = '{"path": "src/slug.js", "old_text": "replace(/ /g, \'_\')", "new_text": "repl';
    const { dir, server } = await setup([{ toolCalls: [call('edit_file', cut)], finishReason: 'length' }, { toolCalls: [FIX] }, { content: 'done' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
    // The scripted server, like llama.cpp, answers 500 to a history holding arguments that are not JSON: none came.
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, usage: { requests: 3, retries: 0 } });
    const second = server.requests[1]!.messages;
    const assistant = second.find((m) => m.role === 'assistant')!;
    expect(assistant.tool_calls![0]!.function.arguments).toBe('{}');
    const result = second.find((m) => m.role === 'tool')!.content!;
    expect(result).toMatch(/^Error: this edit_file call was cut off: your answer reached the length limit of 4096 tokens after \d+ characters/);
    expect(result).toMatch(/not run\. Send it again, smaller/);
    expect(run.stderr).toMatch(/edit_file \(cut off at the length limit\) → not run/);
  });

  it('every request carries the completion cap: max_tokens, or max_completion_tokens once a server refuses max_tokens by name', async () => {
    const { dir, server } = await setup([{ toolCalls: [FIX] }, { content: 'done' }], { refuses: ['max_tokens'] });
    const run = await runCli(['--test', 'node --test', '--json', '--max-completion-tokens', '1000', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed' });
    const bodies = server.rawBodies.map((b) => JSON.parse(b) as Record<string, unknown>);
    // The refused request, its resend, and the next request.
    expect(bodies.map((b) => [b.max_tokens, b.max_completion_tokens])).toEqual([
      [1000, undefined],
      [undefined, 1000],
      [undefined, 1000],
    ]);
    expect(run.stderr).toMatch(/refused max_tokens; the completion cap is sent as max_completion_tokens from now on/);
    expect(run.json!.usage).toMatchObject({ requests: 3, retries: 1 });
  });
});

describe('errors a server repeats', () => {
  it('the same 500 twice is not retried further; every request is counted, and the retries apart', async () => {
    const said = { error: { code: 500, message: 'Failed to parse tool call arguments as JSON: [json.exception.parse_error.101]', type: 'server_error' } };
    const { dir, server } = await setup(() => ({ status: 500, body: said }));
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(run.json).toMatchObject({ status: 'error', attempts: 1, failuresBefore: 1, usage: { requests: 2, retries: 1 } });
    expect(run.stderr).toMatch(/answered 500: Failed to parse tool call arguments as JSON/);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('a 500 that changes is retried as before (3 retries), and counted', async () => {
    let n = 0;
    const { dir, server } = await setup((_r, i) =>
      i < 2 ? { status: 500, body: { error: { message: `overloaded ${++n}` } } } : i === 2 ? { toolCalls: [FIX] } : { content: 'done' },
    );
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', usage: { requests: 4, retries: 2 } });
  });
});

describe('--model-timeout with --stream', () => {
  it('cuts a stream that never ends, and says so', async () => {
    const { dir, server } = await setup(() => ({ endless: true }));
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--stream', '--model-timeout', '2'], dir, env(server));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error', attempts: 1 });
    expect(run.stderr).toMatch(/was still streaming its answer after 2 s \(\d+ parts\); the stream was cut/);
    expect(server.requests).toHaveLength(1);
    expect(treeSnapshot(dir)).toEqual(before);
  });
});

describe('a streamed answer cut mid-way', () => {
  it('is asked again once, like a dropped connection, and the run goes on', async () => {
    const { dir, server } = await setup([{ dropStream: true }, { toolCalls: [FIX] }, { content: 'done' }]);
    const run = await runCli(['--test', 'node --test', '--json', '--stream', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', usage: { requests: 3, retries: 1 } });
    expect(run.stderr).toMatch(/the model server at http:\/\/127\.0\.0\.1:\d+\/v1 cut its streamed answer off mid-way \([^)]+\); asked again/);
  });

  it('cut twice: the run ends naming the server and saying what to change', async () => {
    const { dir, server } = await setup(() => ({ dropStream: true }));
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--stream'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'error', usage: { requests: 2 } });
    expect(String(run.json!.message)).toMatch(
      /^the model server at http:\/\/127\.0\.0\.1:\d+\/v1 cut its streamed answer off mid-way twice \([^)]+\): check the server's log .*or leave --stream off/,
    );
    expect(treeSnapshot(dir)).toEqual(before);
  });
});

describe('a request longer than the server context', () => {
  // Four reads of 70 lines each grow the conversation past the server's 3,500-token context.
  const reads: Script = (_r, i) =>
    i < 4
      ? { toolCalls: [call('read_file', { path: 'src/big.js', start_line: i * 70 + 1, end_line: (i + 1) * 70 })] }
      : i === 4
        ? { toolCalls: [FIX] }
        : { content: 'done' };

  for (const wording of ['llama.cpp', 'openai', 'llama.cpp-bare', 'github'] as const) {
    it(`is shortened once to what fits (${wording} wording) and sent again; later requests stay within it`, async () => {
      const { dir, server } = await setup(reads, { context: { size: 3500, wording } }, { ...FILES, 'src/big.js': BIG });
      const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
      expect(run.json).toMatchObject({ status: 'fixed' });
      const refusals = run.stderr.split('\n').filter((l) => l.includes('refused the request as too long'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatch(
        wording === 'llama.cpp-bare'
          ? /\(its context is full and the request had \d+ tokens by unbreak's count\): requests are kept within \d+ tokens from now on; sent again with \d+/
          : wording === 'github'
            ? /\(its context holds 3500 tokens and the request had \d+ tokens by unbreak's count\): requests are kept within \d+ tokens/
            : /\(its context holds 3500 tokens and the request had \d+ by its count, \d+ by unbreak's\): requests are kept within \d+ tokens/,
      );
      // The resend was checked to be smaller, and below what the server holds; so was every later request.
      const refused = server.sizes.findIndex((s) => s.status !== 200);
      expect(server.sizes[refused]!.status).toBe(wording === 'github' ? 413 : 400);
      expect(server.sizes[refused + 1]!.tokens).toBeLessThan(server.sizes[refused]!.tokens);
      expect(server.sizes.slice(refused + 1).every((s) => s.tokens <= 3500 && s.status === 200)).toBe(true);
      // Every request after the refusal fitted: the server answered all of them.
      const usage = run.json!.usage as Usage;
      // The resend is a retry (a loaded machine may add an SDK retry of its own; each is a request the server saw).
      expect(usage.retries).toBeGreaterThanOrEqual(1);
      expect(usage.requests).toBe(server.requests.length);
      expect(server.usage.every((u) => u.prompt <= 3500)).toBe(true);
    });
  }

  it('a context the model list states (llama.cpp meta) sets the budget from the start; a server answering as another model is said once', async () => {
    const list = { object: 'list', data: [{ id: 'tiny.gguf', object: 'model', owned_by: 'llamacpp', meta: { n_ctx: 4096, n_ctx_train: 32768 } }] };
    const { dir, server } = await setup(reads, { modelsBody: list, context: { size: 4096 }, servedModel: 'tiny.gguf' }, { ...FILES, 'src/big.js': BIG });
    const run = await runCli(['--test', 'node --test', '--json', '--no-review'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'fixed', usage: { retries: 0 } });
    expect(run.stderr).toMatch(/the model server states a context of 4096 tokens for gpt-4\.1: requests are kept within 2764 tokens \(--request-tokens 7000\)/);
    expect(run.stderr.match(/answered as 'tiny\.gguf', not 'gpt-4\.1'/g)).toHaveLength(1);
    expect(server.usage.every((u) => u.prompt <= 4096)).toBe(true);
  });
});

describe('a model that repeats itself', () => {
  it('hears it the second time; the third ends the attempt, and the next attempt is told why', async () => {
    const { dir, server } = await setup((_r, i) => (i < 3 ? { toolCalls: [call('read_file', { path: '[' })] } : { content: 'I give up.' }));
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '2'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'not-fixed', attempts: 2 });
    // Four model turns. On a loaded machine the SDK may resend one over a fresh connection (a
    // keep-alive socket the server closed); that resend is counted, and counted apart as a retry.
    const usage = (run.json as { usage: { requests: number; retries?: number } }).usage;
    expect(usage.requests - (usage.retries ?? 0)).toBe(4);
    const last = server.requests.at(-1)!;
    const results = last.messages.filter((m) => m.role === 'tool').map((m) => m.content!);
    expect(results[0]).toMatch(/^Error: /);
    expect(results[1]).toMatch(/^Error: You already made this read_file call with these arguments in this attempt, and the result is the same \(above\)/);
    expect(results[2]).toMatch(/for the third time in this attempt: the attempt ends here/);
    expect(run.stderr).toMatch(/attempt 1 ended: the model made the same read_file call 3 times and got the same result each time/);
    expect(last.messages.at(-1)!.content).toMatch(/Your attempt was ended early: the model made the same read_file call 3 times/);
  });
});

describe('the result after an error or a signal', () => {
  it('an error: the attempts, failures and usage seen so far', async () => {
    const { dir, server } = await setup([
      { toolCalls: [call('read_file', { path: 'src/slug.js' })] },
      { status: 401, body: { error: { message: 'bad key' } } },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env(server));
    expect(run.json).toMatchObject({ status: 'error', attempts: 1, failuresBefore: 1, usage: { requests: 2 } });
    expect((run.json!.usage as Usage).promptTokens).toBeGreaterThan(0);
  });

  it('SIGTERM while the model thinks: the result line still carries what was seen', async () => {
    const { dir, server } = await setup((_r, i) => (i === 0 ? { toolCalls: [FIX] } : { hang: true }));
    const child = spawn(process.execPath, [CLI, '--test', 'node --test', '--json'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env(server) },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    while (server.requests.length < 2) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    expect(await new Promise<number | null>((r) => child.on('exit', (c) => r(c)))).toBe(143);
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'error', attempts: 1, failuresBefore: 1, message: 'stopped by SIGTERM (exit 143)' });
    // The request in flight was sent (and may be billed): it counts.
    expect((result.usage as Usage).requests).toBe(2);
    expect((result.usage as Usage).promptTokens).toBeGreaterThan(0);
  });
});

describe('a replayed recording of an error', () => {
  it('names the recording, never the live --base-url', async () => {
    const said = { error: { code: 500, message: 'the model crashed' } };
    const { dir, server } = await setup(() => ({ status: 500, body: said }));
    const rec = tempDir();
    cleanups.push(rec.cleanup);
    const file = path.join(rec.dir, 'session.json');
    const first = await runCli(['--test', 'node --test', '--json', '--record', file], dir, env(server));
    expect(first.json).toMatchObject({ status: 'error' });
    const replay = await runCli(['--test', 'node --test', '--json', '--replay', file, '--base-url', 'https://live.example.com/v1'], dir, {});
    expect(replay.json).toMatchObject({ status: 'error' });
    expect(replay.stderr).not.toContain('live.example.com');
    expect(String(replay.json!.message)).toMatch(/^the recording .*session\.json answered 500: the model crashed/);
  });
});

describe('replay, whatever the recording stream mode', () => {
  for (const [recordFlags, replayFlags] of [
    [['--stream'], []],
    [[], ['--stream']],
  ] as const) {
    it(`recorded ${recordFlags.length ? 'streamed' : 'not streamed'}, replayed ${replayFlags.length ? 'streamed' : 'not streamed'}`, async () => {
      const { dir, server } = await setup([{ content: 'Fixing.', toolCalls: [FIX] }, { content: 'done' }]);
      const rec = tempDir();
      cleanups.push(rec.cleanup);
      const file = path.join(rec.dir, 'session.json');
      const first = await runCli(['--test', 'node --test', '--json', '--dry-run', '--record', file, ...recordFlags], dir, env(server));
      expect(first.json).toMatchObject({ status: 'fixed' });
      expect(readFileSync(file, 'utf8').includes('data: ')).toBe(recordFlags.length > 0);
      const replay = await runCli(['--test', 'node --test', '--json', '--replay', file, ...replayFlags], dir, {});
      expect(replay.json).toMatchObject({ status: 'fixed', changedFiles: ['src/slug.js'] });
    });
  }
});
