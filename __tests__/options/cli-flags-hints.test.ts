import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseCli } from '../../src/options/cli-flags.js';
import { OPTIONS } from '../../src/options/table.js';
import { makeRepo, writeFiles } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

/** The one line parseCli throws for a command line. */
async function refusal(argv: string[], cwd = process.cwd()): Promise<string> {
  try {
    await parseCli(argv, cwd);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`parseCli accepted ${argv.join(' ')}`);
}

describe("an action input's name given as a flag", () => {
  it('names the CLI flag that stands for it', async () => {
    expect(await refusal(['--test-command', 'npm test'])).toBe('unknown option --test-command: that is the action input; on the command line use --test');
    expect(await refusal(['--setup-command=npm ci'])).toBe('unknown option --setup-command: that is the action input; on the command line use --setup');
    expect(await refusal(['--protected-paths', 'secrets/'])).toBe(
      'unknown option --protected-paths: that is the action input; on the command line use --protect',
    );
  });

  it('names the flag that turns a default-on option off', async () => {
    expect(await refusal(['--review', 'false'])).toBe(
      'unknown option --review: that is the action input; on the command line use --no-review (for review: false)',
    );
  });

  it('names the variable for the API key, and never echoes the key', async () => {
    const message = await refusal(['--api-key', 'sk-secret-value-123']);
    expect(message).toBe('unknown option --api-key: that is the action input; on the command line set the UNBREAK_API_KEY variable');
    expect(await refusal(['--api-key=sk-secret-value-123'])).not.toContain('sk-secret');
  });

  it('says when an input has no command-line counterpart', async () => {
    expect(await refusal(['--rerun-workflows', 'ci'])).toMatch(
      /^unknown option --rerun-workflows: that is an action input with no command-line counterpart \(GitHub only/,
    );
  });

  it('covers every action input that is not also a flag, from the options table', async () => {
    const inputs = Object.values(OPTIONS as Record<string, { input?: string; flag?: string }>).filter((o) => o.input && o.flag !== `--${o.input}`);
    expect(inputs.length).toBeGreaterThan(5);
    for (const o of inputs) expect(await refusal([`--${o.input}`, 'x'])).toMatch(new RegExp(`^unknown option --${o.input}: that is (the|an) action input`));
  });

  it('keeps the typo hint for a near miss of a real flag', async () => {
    expect(await refusal(['--tset', 'npm test'])).toBe('unknown option --tset (did you mean --test?); run unbreak --help for the options');
  });

  it('says the same through the built CLI, exit 2', async () => {
    const r = makeRepo({ 'a.txt': 'a\n' });
    cleanups.push(r.cleanup);
    const run = await runCli(['--test-command', 'npm test'], r.dir, { UNBREAK_API_KEY: 'k' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('unbreak: unknown option --test-command: that is the action input; on the command line use --test');
  });
});

describe('nothing to detect', () => {
  it('names the root it looked in, and the subfolder a monorepo package is in', async () => {
    const r = makeRepo({ 'README.md': 'x\n' });
    cleanups.push(r.cleanup);
    const pkg = path.join(r.dir, 'packages/web');
    mkdirSync(pkg, { recursive: true });
    writeFiles(pkg, { 'package.json': JSON.stringify({ name: 'web', scripts: { test: 'vitest run' } }) });
    const root = realpathSync(r.dir);
    const fromRoot = await refusal([], r.dir);
    expect(fromRoot).toBe(
      `no test command: pass --test "<command>" (nothing found to detect at ${root}: package.json with a test script, Cargo.toml, go.mod or a pytest setup)`,
    );
    const fromPackage = await refusal([], pkg);
    expect(fromPackage).toBe(
      `no test command: pass --test "<command>" (nothing found to detect at ${root}, the repository's root, where tests run; ` +
        `for the package in packages/web: --test "cd packages/web && npm test")`,
    );
  });
});
