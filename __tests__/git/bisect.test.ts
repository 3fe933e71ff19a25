import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { limit } from '../../testkit/time.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_JUNIT_GLOB } from '../../src/options/config.js';
import { findCulprit } from '../../src/git/bisect.js';
import { createTestRunner } from '../../src/run/test-runner.js';
import { gitIn, writeFiles } from '../../testkit/repo.js';
import { tempDir } from '../../testkit/tmp.js';

// Each case bisects with real test runs (a node process per commit tried): three times the in-process limit,
// stretched on a loaded machine (testkit/time.ts).
jest.setTimeout(limit(90_000));

const TEST = `const test = require('node:test');
const assert = require('node:assert');
const { sep } = require('../src/sep');
test('dashes', () => assert.strictEqual(sep, '-'));
test('other', () => assert.ok(true));
`;

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

/** green, then five commits; the third makes the separator wrong. */
function history(): { dir: string; commits: string[] } {
  const t = tempDir('unbreak-culprit-');
  cleanups.push(t.cleanup);
  const dir = path.join(t.dir, 'repo');
  mkdirSync(dir);
  gitIn(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, { 'package.json': '{"private":true}\n', 'src/sep.js': "exports.sep = '-';\n", 'test/sep.test.js': TEST });
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'green');
  const commits: string[] = [];
  for (let i = 1; i <= 5; i++) {
    writeFiles(dir, i === 3 ? { 'src/sep.js': "exports.sep = '_';\n" } : { [`notes/${i}.md`]: `note ${i}\n` });
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', `commit ${i}`);
    commits.push(gitIn(dir, 'rev-parse', 'HEAD'));
  }
  return { dir, commits };
}

async function failingAtHead(dir: string) {
  const result = await createTestRunner({ root: dir, testCommand: 'node --test', timeoutMs: 120_000, junitGlob: DEFAULT_JUNIT_GLOB }).full();
  return { failing: result.report.failures, format: result.report.format };
}

describe('naming the commit that broke the tests', () => {
  it('bisects to the first bad commit, in a worktree of its own, and leaves the checkout where it was', async () => {
    const { dir, commits } = history();
    const { failing, format } = await failingAtHead(dir);
    expect(failing.map((f) => f.name)).toEqual(['dashes']);
    const lines: string[] = [];
    const result = await findCulprit({
      root: dir,
      commits,
      failing,
      format,
      testCommand: 'node --test',
      timeoutMs: 120_000,
      junitGlob: DEFAULT_JUNIT_GLOB,
      targeted: true,
      maxRuns: 4,
      log: (l) => lines.push(l),
    });
    expect(result).toMatchObject({ culprit: commits[2], runs: 2 });
    expect(lines).toEqual([
      `bisection: ${commits[2]!.slice(0, 7)} fails the failing tests (full run)`,
      `bisection: ${commits[1]!.slice(0, 7)} passes the failing tests (full run)`,
    ]);
    expect(gitIn(dir, 'rev-parse', 'HEAD')).toBe(commits[4]);
    expect(gitIn(dir, 'status', '--porcelain')).toBe('');
    expect(gitIn(dir, 'worktree', 'list').split('\n')).toHaveLength(1);
  });

  it('stops at the run limit and says which commits it is among', async () => {
    const { dir, commits } = history();
    const { failing, format } = await failingAtHead(dir);
    const result = await findCulprit({
      root: dir,
      commits,
      failing,
      format,
      testCommand: 'node --test',
      timeoutMs: 120_000,
      junitGlob: DEFAULT_JUNIT_GLOB,
      targeted: true,
      maxRuns: 1,
      log: () => {},
    });
    expect(result.culprit).toBeUndefined();
    expect(result.among).toEqual(commits.slice(0, 3));
    expect(result.note).toContain('bisect-runs');
  });

  it('needs no run when one commit came since the green one', async () => {
    const { dir, commits } = history();
    const result = await findCulprit({
      root: dir,
      commits: [commits[0]!],
      failing: [],
      format: 'generic',
      testCommand: 'false',
      timeoutMs: 1000,
      junitGlob: DEFAULT_JUNIT_GLOB,
      targeted: false,
      maxRuns: 4,
      log: () => {},
    });
    expect(result).toEqual({ culprit: commits[0], among: [commits[0]], runs: 0 });
  });
});
