import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ModelServer, type Script } from '../../testkit/model-server.js';
import { makeRepo, treeSnapshot } from '../../testkit/repo.js';
import { CLI, baseEnv, runCli } from '../../testkit/cli.js';
import { isAlive, tempDir } from '../../testkit/tmp.js';
import { countTokens } from '../../src/context/tokens.js';

// Faults from the model, the test command and the work tree, through the CLI.

const SLUG = "function slugify(t) {\n  return t.toLowerCase().replace(/ /g, '_');\n}\nmodule.exports = { slugify };\n";
const TEST =
  "const test = require('node:test');\nconst assert = require('node:assert');\nconst { slugify } = require('../src/slug');\ntest('dashes', () => assert.strictEqual(slugify('A B'), 'a-b'));\ntest('lower', () => assert.strictEqual(slugify('AB'), 'ab'));\n";
const FILES = { 'src/slug.js': SLUG, 'test/slug.test.js': TEST };
const FIX = call('edit_file', { path: 'src/slug.js', old_text: "replace(/ /g, '_')", new_text: "replace(/ /g, '-')" });

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(script: Script, files: Record<string, string> = FILES): Promise<{ dir: string; server: ModelServer; env: Record<string, string> }> {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  return { dir: repo.dir, server, env: { UNBREAK_API_KEY: 'k-123456', OPENAI_BASE_URL: server.url } };
}

describe('adversarial: model faults', () => {
  // Slow under load (over a minute for the 3 MB answer after the merge of session 8): measured, not asserted.
  it('an enormous answer and an empty answer end their attempts; the next still fixes', async () => {
    const { dir, server, env } = await setup([{ content: 'x'.repeat(3_000_000) }, { content: '' }, { toolCalls: [FIX] }, { content: 'done' }]);
    // The server bills the 3 MB answer it sent: allow for it.
    const run = await runCli(['--test', 'node --test', '--json', '--max-tokens', '5000000'], dir, env);
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 3 });
    for (const r of server.requests) expect(countTokens(JSON.stringify(r.messages))).toBeLessThan(8000);
    expect(run.stderr.length).toBeLessThan(20_000);
  }, 240_000);

  it('an edit that would blow a file past the size cap is refused', async () => {
    const { dir, server, env } = await setup([
      { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: 'module.exports', new_text: `${'// pad\n'.repeat(200_000)}module.exports` })] },
      { content: 'padded' },
    ]);
    // The server bills the 1.4 MB of arguments it sent (600k tokens): allow for it.
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '1', '--max-tokens', '5000000'], dir, env);
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/^Error: the edit would make src\/slug\.js larger than/);
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(SLUG);
  });

  it('edits that used to crash (whitespace-only old_text, a file where a directory should be) get Error: results', async () => {
    const { dir, server, env } = await setup([
      {
        toolCalls: [
          call('edit_file', { path: 'src/slug.js', old_text: '   \n\n', new_text: 'x' }),
          call('edit_file', { path: 'src/slug.js/inner.js', old_text: '', new_text: 'x' }),
        ],
      },
      { toolCalls: [FIX] },
      { content: 'done' },
    ]);
    const run = await runCli(['--test', 'node --test', '--json'], dir, env);
    expect(run.json).toMatchObject({ status: 'fixed' });
    const results = server.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content!);
    expect(results[0]).toMatch(/^Error: /);
    expect(results[1]).toMatch(/^Error: /);
  });
});

describe('adversarial: test-command faults', () => {
  it('a hanging test command and its child are killed at --test-timeout', async () => {
    const { dir, env } = await setup([{ content: 'Nothing I can do.' }]);
    // No clock: a run that waited for the sleep would see it exit 0 (no-failures), not a time-out.
    const run = await runCli(['--test', 'sleep 300 & echo $! > child.pid; sleep 300', '--test-timeout', '2', '--json', '--max-attempts', '1'], dir, env);
    // Killed before it reported any test: nothing for a model to fix, so no request is made.
    expect(run.json).toMatchObject({ status: 'error', failuresBefore: 1, usage: { requests: 0 } });
    expect(run.json!.message).toMatch(/ran longer than its time limit \(2 ?s\) and was killed before it reported any test/);
    const child = Number(readFileSync(path.join(dir, 'child.pid'), 'utf8'));
    for (let i = 0; i < 50 && isAlive(child); i++) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(child)).toBe(false);
  });

  it('100 MB of output and bytes that are not UTF-8 before the real results', async () => {
    const { dir, server, env } = await setup([{ toolCalls: [FIX] }, { content: 'done' }]);
    const run = await runCli(['--test', "printf '\\377\\376 bad bytes\\n'; head -c 100000000 /dev/zero | tr '\\0' 'x'; echo; node --test", '--json'], dir, env);
    expect(run.json).toMatchObject({ status: 'fixed', failuresBefore: 1 });
    expect(run.stderr).toMatch(/kept the first and last parts/);
    expect(countTokens(JSON.stringify(server.requests[0]!.messages))).toBeLessThan(8000);
  }, 120_000);
});

describe('adversarial: work tree faults', () => {
  it("keeps the user's uncommitted changes, in the very file the model edits, when it cannot fix", async () => {
    const { dir, env } = await setup([
      { toolCalls: [call('edit_file', { path: 'src/slug.js', old_text: 'module.exports', new_text: '// nope\nmodule.exports' })] },
      { content: 'tried' },
    ]);
    writeFileSync(path.join(dir, 'src/slug.js'), `${SLUG}// my unsaved work\n`);
    writeFileSync(path.join(dir, 'scratch.txt'), 'untracked notes\n');
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'node --test', '--json', '--max-attempts', '1'], dir, env);
    expect(run.json).toMatchObject({ status: 'not-fixed' });
    expect(run.stderr).toMatch(/the work tree has 2 uncommitted changes; they are kept/);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('a repository whose index git cannot read: error before any test runs, nothing changed', async () => {
    const { dir, server, env } = await setup([{ toolCalls: [FIX] }, { content: 'done' }]);
    writeFileSync(path.join(dir, '.git/index'), 'not an index');
    const before = treeSnapshot(dir);
    const run = await runCli(['--test', 'echo ran > ran.txt; node --test', '--json'], dir, env);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ status: 'error' });
    expect(run.stderr).toMatch(/could not record the test files before the run \(git [a-z-]+ failed: .*\); nothing was run or changed: repair the repository/);
    expect(server.requests).toHaveLength(0);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('binary files, a symlink out of the repo, a 5 MB file and CRLF files', async () => {
    const outside = tempDir();
    cleanups.push(outside.cleanup);
    writeFileSync(path.join(outside.dir, 'secret.txt'), 'OUTSIDE-CANARY\n');
    const crlf = SLUG.replace(/\n/g, '\r\n');
    const { dir, server, env } = await setup(
      [
        {
          toolCalls: [
            call('read_file', { path: 'src/link/secret.txt' }),
            call('edit_file', { path: 'logo.png', old_text: 'PNG', new_text: 'GIF' }),
            call('edit_file', { path: 'big.txt', old_text: 'line 100', new_text: 'LINE' }),
            call('read_file', { path: 'big.txt', start_line: 50000, end_line: 50001 }),
            FIX,
          ],
        },
        { content: 'done' },
      ],
      { 'src/slug.js': crlf, 'test/slug.test.js': TEST, 'big.txt': Array.from({ length: 400_000 }, (_, i) => `line ${i}`).join('\n') },
    );
    writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]));
    symlinkSync(outside.dir, path.join(dir, 'src/link'));
    // A failure message that points into the symlink must not pull its target into the context either.
    writeFileSync(path.join(dir, 'test/link.test.js'), "require('node:test')('points', () => { throw new Error('see src/link/secret.txt:1'); });\n");
    const run = await runCli(['--test', 'node --test test/slug.test.js', '--json'], dir, env);
    expect(run.json).toMatchObject({ status: 'fixed' });
    const results = server.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content!);
    expect(results[0]).toMatch(/^Error: .*symlink/);
    expect(results[1]).toMatch(/^Error: .*binary/);
    expect(results[2]).toMatch(/^Error: .*larger than/);
    expect(results[3]).toContain('50000: line 49999');
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).toBe(crlf.replace("'_'", "'-'"));
    const ctx = await setup([{ content: 'no' }]);
    symlinkSync(outside.dir, path.join(ctx.dir, 'src/link'));
    writeFileSync(path.join(ctx.dir, 'test/link.test.js'), "require('node:test')('points', () => { throw new Error('see src/link/secret.txt:1'); });\n");
    await runCli(['--test', 'node --test', '--json', '--max-attempts', '1'], ctx.dir, ctx.env);
    expect(ctx.server.rawBodies.join('')).not.toContain('OUTSIDE-CANARY');
  });

  it('Ctrl-C while the model thinks: the tree is put back, exit 130', async () => {
    const { dir, server, env } = await setup((_r, i) => (i === 0 ? { toolCalls: [FIX] } : { hang: true }));
    const before = treeSnapshot(dir);
    const child = spawn(process.execPath, [CLI, '--test', 'node --test', '--max-attempts', '1'], {
      cwd: dir,
      env: { ...baseEnv(), HOME: tmpdir(), ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    while (server.requests.length < 2) await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(path.join(dir, 'src/slug.js'), 'utf8')).not.toBe(SLUG);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(130);
    expect(stderr).toMatch(/SIGINT: stopped; put back the file the model had edited: src\/slug.js/);
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('Ctrl-C while the tests run: the test processes go too', async () => {
    const { dir, env } = await setup([]);
    const child = spawn(process.execPath, [CLI, '--test', 'echo $$ > shell.pid; sleep 300'], {
      cwd: dir,
      env: { ...baseEnv(), HOME: tmpdir(), ...env },
    });
    const pidFile = path.join(dir, 'shell.pid');
    let pid = 0;
    for (let i = 0; i < 100 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        pid = Number(readFileSync(pidFile, 'utf8'));
      } catch {
        pid = 0;
      }
    }
    child.kill('SIGINT');
    expect(await new Promise<number | null>((r) => child.on('exit', (c) => r(c)))).toBe(130);
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(pid)).toBe(false);
  });
});
