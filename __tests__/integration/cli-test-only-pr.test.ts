import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { call, startModelServer, type ModelServer } from '../../testkit/model-server.js';
import { makeRepo } from '../../testkit/repo.js';
import { runCli } from '../../testkit/cli.js';

/**
 * "Write a failing test, get the fix" on a real project: the npm package semver (7.8.6, from the
 * registry as a development dependency), with a bug put into its comparison operators three calls
 * below what a maintainer's new test calls. The PR holds only the test; the first request must
 * show the buggy line, the fix lands in a file the PR does not touch, and the run says so.
 */

const SEMVER = path.resolve('node_modules/semver-real');
const BUGGY = "    case '>=':\n      return gt(a, b, loose)\n";
const RIGHT = "    case '>=':\n      return gte(a, b, loose)\n";

/** The package's own files (its code and manifest), as a repository's would be. */
function packageFiles(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(path.join(dir, rel))) {
    const file = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(dir, file)).isDirectory()) Object.assign(out, packageFiles(dir, file));
    else if (/\.(js|json)$|^LICENSE$/.test(name)) out[file] = readFileSync(path.join(dir, file), 'utf8');
  }
  return out;
}

const TEST = `const test = require('node:test');
const assert = require('node:assert');
const satisfies = require('../functions/satisfies');

test('a version satisfies a range that starts at it', () => {
  assert.strictEqual(satisfies('1.2.3', '>=1.2.3'), true);
  assert.strictEqual(satisfies('1.3.0', '>=1.2.3 <2.0.0'), true);
});
`;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('unbreak CLI: a PR of only a failing test on a real project', () => {
  beforeAll(() => {
    expect(existsSync(path.resolve('dist/cli.js'))).toBe(true);
    expect(readFileSync(path.join(SEMVER, 'package.json'), 'utf8')).toContain('"version": "7.8.6"');
  });

  it('shows the bug three calls below the test in the first request, fixes it there, and says it lies outside the PR', async () => {
    const files = packageFiles(SEMVER);
    expect(files['functions/cmp.js']).toContain(RIGHT);
    const base = { ...files, 'functions/cmp.js': files['functions/cmp.js']!.replace(RIGHT, BUGGY) };
    const repo = makeRepo(base, { 'test/satisfies.test.js': TEST });
    cleanups.push(repo.cleanup);
    const server: ModelServer = await startModelServer([
      {
        toolCalls: [
          call('edit_file', {
            path: 'functions/cmp.js',
            old_text: "return gt(a, b, loose)\n\n    case '<'",
            new_text: "return gte(a, b, loose)\n\n    case '<'",
          }),
        ],
      },
      { content: "The '>=' operator compared with gt, so a version equal to the bound did not satisfy it." },
    ]);
    cleanups.push(() => server.close());

    const run = await runCli(['--test', 'node --test', '--base', 'main', '--json'], repo.dir, {
      UNBREAK_API_KEY: 'test-key-123456',
      OPENAI_BASE_URL: server.url,
    });
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'fixed', attempts: 1, changedFiles: ['functions/cmp.js'] });

    // The first request holds the buggy line (numbered as the file reads), within the request budget.
    const first = String(server.requests[0]!.messages.find((m) => m.role === 'user')!.content);
    expect(first).toMatch(/\d+: {5}case '>=':\n\d+: {7}return gt\(a, b, loose\)/);
    expect(server.sizes[0]!.tokens).toBeLessThanOrEqual(7000);
    expect(run.stderr).toContain('Where the fix is: outside the lines this PR changes, in `functions/cmp.js` (a file the PR does not touch).');
    expect(readFileSync(path.join(repo.dir, 'functions/cmp.js'), 'utf8')).toContain(RIGHT);
  });
});
