import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestResult } from '../engine/types.js';
import { isSynthetic, type TestFailure } from '../failures/test-report.js';
import { createTestRunner } from '../run/test-runner.js';
import { git } from './git.js';
import { hasCommit } from './objects.js';

/**
 * Which commit since the last green run broke the tests: the failing tests (alone, where the
 * runner can pick them) run at the commits in between, by bisection, at most `maxRuns` runs.
 * Each run happens in a worktree of its own beside the checkout, so the checkout stays on the red
 * commit (with the fix, when there is one) whatever the older commits hold. The commits are
 * already in the object store: nothing here fetches, so no credential is near a test run.
 */

export interface CulpritSearch {
  root: string;
  /** The commits after the last green one, oldest first; the last is the red commit (known bad). */
  commits: string[];
  failing: TestFailure[];
  format: string;
  testCommand: string;
  setupCommand?: string;
  timeoutMs: number;
  junitGlob: string;
  targeted: boolean;
  maxRuns: number;
  log: (line: string) => void;
}

export interface CulpritResult {
  /** The first bad commit, when the runs narrowed it to one. */
  culprit?: string;
  /** Otherwise the commits it is among (oldest first). */
  among: string[];
  runs: number;
  /** Why the search stopped short, when it did. */
  note?: string;
}

/** Whether a run at some commit shows the failure: one of the ids fails (or, for a failure with no test name, the command fails). */
export function showsFailure(result: TestResult, failing: TestFailure[], format: string): boolean {
  const ids = new Set(failing.filter((f) => !isSynthetic(f, format)).map((f) => f.id));
  if (result.report.failures.some((f) => ids.has(f.id))) return true;
  return ids.size < failing.length && result.run.exitCode !== 0;
}

export async function findCulprit(o: CulpritSearch): Promise<CulpritResult> {
  const { commits } = o;
  if (commits.length === 0) return { among: [], runs: 0, note: 'no commits since the last green run are known' };
  if (commits.length === 1) return { culprit: commits[0]!, among: commits, runs: 0 };
  for (const sha of commits) {
    if (!(await hasCommit(o.root, sha)))
      return { among: commits, runs: 0, note: `commit ${sha.slice(0, 7)} is not in the checkout, so no older commit was tested` };
  }
  const dir = mkdtempSync(path.join(process.env.RUNNER_TEMP || tmpdir(), 'unbreak-bisect-'));
  const tree = path.join(dir, 'tree');
  let lo = 0;
  let hi = commits.length - 1;
  let runs = 0;
  let note: string | undefined;
  try {
    await git(['worktree', 'add', '--quiet', '--detach', tree, commits[0]!], o.root);
    const tests = createTestRunner({
      root: tree,
      testCommand: o.testCommand,
      ...(o.setupCommand ? { setupCommand: o.setupCommand } : {}),
      timeoutMs: o.timeoutMs,
      junitGlob: o.junitGlob,
      targeted: o.targeted,
    });
    let setUp = false;
    while (lo < hi && runs < o.maxRuns) {
      const mid = Math.floor((lo + hi) / 2);
      const sha = commits[mid]!;
      await git(['checkout', '--quiet', '--force', '--detach', sha], tree);
      // What the last run left untracked goes; ignored files (the setup's node_modules, .venv) stay.
      await git(['clean', '-fdq'], tree);
      if (!setUp && o.setupCommand) {
        setUp = true;
        const setup = await tests.setup();
        if (setup && setup.exitCode !== 0) {
          note = `the setup command failed in the bisection checkout (exit ${setup.exitCode}), so no older commit was tested`;
          break;
        }
      }
      const result = (await tests.targeted(o.failing, o.format)) ?? (await tests.full());
      runs++;
      const bad = showsFailure(result, o.failing, o.format);
      o.log(`bisection: ${sha.slice(0, 7)} ${bad ? 'fails' : 'passes'} the failing tests (${result.scope} run)`);
      if (bad) hi = mid;
      else lo = mid + 1;
    }
  } catch (error) {
    note = `the bisection stopped: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await git(['worktree', 'remove', '--force', tree], o.root).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    await git(['worktree', 'prune'], o.root).catch(() => undefined);
  }
  if (lo === hi) return { culprit: commits[hi]!, among: commits.slice(lo, hi + 1), runs, ...(note ? { note } : {}) };
  return {
    among: commits.slice(lo, hi + 1),
    runs,
    note: note ?? `${runs} run${runs === 1 ? '' : 's'} (the bisect-runs limit) narrowed it to ${hi - lo + 1} commits`,
  };
}
