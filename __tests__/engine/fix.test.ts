import { beforeEach, describe, expect, it } from '@jest/globals';
import { runFix } from '../../src/engine/fix.js';
import { deps, failure, FakeTests, FakeWorkspace, full, known, run, targeted } from '../../testkit/fakes.js';
import type { FixOptions, TestResult } from '../../src/engine/types.js';

const options: FixOptions = { maxAttempts: 3, dryRun: false, feedbackTokens: 2000 };
const adds = failure('adds');
const subs = failure('subs');
const other = failure('other');
const fix = (ws: FakeWorkspace) => ws.write('src/a.js', 'return 1');
const nothing = () => {};
const NEXT = 'Next: allow more attempts, say where the cause is (instructions), or try a stronger model';
/** The rerun before any model request: these tests fail again (not flaky). */
const still = (...failing: (typeof adds)[]) => targeted(failing, []);

beforeEach(() => known(adds, subs, other));

describe('runFix before any model request', () => {
  it('ends in error when the setup command fails, without asking the model', async () => {
    const tests = new FakeTests([], [], run(1, { command: 'npm ci', output: 'npm error missing lockfile' }));
    const d = deps(tests, new FakeWorkspace(), []);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('error');
    expect(outcome.message).toBe('the setup command failed with exit code 1: npm ci: npm error missing lockfile');
    expect(tests.calls).toEqual(['setup']);
    expect(d.made()).toBe(0);
  });

  it('ends in error when the setup command times out or is not found', async () => {
    const timedOut = await runFix(deps(new FakeTests([], [], run(null, { command: 'npm ci', timedOut: true })), new FakeWorkspace(), []).deps, options);
    expect(timedOut.message).toBe('the setup command timed out and was killed: npm ci');
    const missing = await runFix(
      deps(new FakeTests([], [], run(127, { command: 'npmx ci', notFound: true, output: 'sh: npmx: not found' })), new FakeWorkspace(), []).deps,
      options,
    );
    expect(missing.message).toBe('the setup command was not found: npmx ci: sh: npmx: not found');
  });

  it('ends in error when the test command is not found', async () => {
    const d = deps(new FakeTests([full([], 0, { exitCode: 127, run: { notFound: true, output: 'sh: 1: nodex: not found' } })]), new FakeWorkspace(), []);
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({
      status: 'error',
      message: 'the test command was not found: nodex is not installed or not on PATH: install it, or change the test command',
      testRuns: 1,
    });
    expect(d.made()).toBe(0);
  });

  it('ends in error, with what to install, when the runner is missing', async () => {
    const output = "node:internal/modules/cjs/loader:1210\n  throw err;\n\nError: Cannot find module '/r/node_modules/.bin/jest'\n";
    const tests = new FakeTests([full([failure('(output)', { synthetic: true })], 0, { report: { total: undefined, passed: undefined }, run: { output } })]);
    const d = deps(tests, new FakeWorkspace(), []);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('error');
    expect(outcome.message).toMatch(/^the tests could not run: jest is not installed: install the project's dependencies/);
    expect(tests.calls).toEqual(['setup', 'full']);
    expect(d.made()).toBe(0);
  });

  it('ends with no-failures on a green run and never makes the model', async () => {
    const d = deps(new FakeTests([full([], 5)]), new FakeWorkspace(), []);
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({ status: 'no-failures', message: 'no failing tests (5 passed)', attempts: [], usage: { requests: 0 } });
    expect(d.made()).toBe(0);
    expect(d.events).toEqual(['running:', 'tests:full']);
  });

  it('skips when the gate vetoes, after the first run', async () => {
    const d = deps(new FakeTests([full([adds], 5)]), new FakeWorkspace(), [], { gate: () => 'the last commit is unbreak’s own' });
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({ status: 'skipped', message: 'the last commit is unbreak’s own', failuresBefore: 1 });
    expect(d.made()).toBe(0);
  });
});

describe('runFix tells the pipeline when the tests fail, so what only a model request needs is made only then', () => {
  it('says nothing on a green run, a vetoed run or a run whose tests could not run', async () => {
    const told: string[] = [];
    const failing = () => void told.push('failing');
    await runFix(deps(new FakeTests([full([], 5)]), new FakeWorkspace(), [], { failing }).deps, options);
    await runFix(deps(new FakeTests([full([adds], 5)]), new FakeWorkspace(), [], { failing, gate: () => 'the last commit is unbreak’s own' }).deps, options);
    await runFix(
      deps(new FakeTests([full([], 0, { exitCode: 127, run: { notFound: true, output: 'sh: 1: nodex: not found' } })]), new FakeWorkspace(), [], { failing })
        .deps,
      options,
    );
    expect(told).toEqual([]);
  });

  it('says it once the first run shows failing tests, before the rerun for flaky ones and before the first message', async () => {
    const told: string[] = [];
    const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds)]);
    const d = deps(tests, new FakeWorkspace(), [fix], {
      failing: (before) => void told.push(`failing ${before.report.failures.map((f) => f.name).join(',')} after ${tests.calls.join(',')}`),
      firstMessage: () => {
        told.push(`first message after ${tests.calls.join(',')}`);
        return 'fix adds';
      },
    });
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(told).toEqual(['failing adds after setup,full', 'first message after setup,full,targeted:adds']);
  });
});

describe('runFix checks the model server while the first run goes', () => {
  /** A first run that lasts until it is cancelled (or released). */
  class SlowTests extends FakeTests {
    cancelled = 0;
    private release: () => void = () => {};
    private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
    override async full() {
      if (this.calls.filter((c) => c === 'full').length === 0) await this.gate;
      return super.full();
    }
    cancel() {
      this.cancelled++;
      this.release();
    }
    finish() {
      this.release();
    }
  }

  it('a problem found during the first run stops it and ends in error, with no model made', async () => {
    const tests = new SlowTests([full([adds], 5)]);
    const d = deps(tests, new FakeWorkspace(), [fix], {
      probe: async () => ({ problem: "the model server does not offer the model 'x'", stop: 'now' as const }),
    });
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({ status: 'error', attempts: [], usage: { requests: 0 } });
    expect(outcome.message).toBe("the model server does not offer the model 'x' (checked while the tests ran; no model request was made)");
    expect(tests.cancelled).toBe(1);
    expect(d.made()).toBe(0);
  });

  it('a problem that comes after the first run still ends the run before the model is made; the probe is aborted when done', async () => {
    let signal: AbortSignal | undefined;
    let answer: (p: { problem: string; stop: 'now' }) => void = () => {};
    const tests = new FakeTests([full([adds], 5)], [still(adds)]);
    const d = deps(tests, new FakeWorkspace(), [fix], {
      probe: (s) => {
        signal = s;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const running = runFix(d.deps, options);
    setTimeout(() => answer({ problem: 'cannot reach the model server', stop: 'now' as const }), 20);
    const outcome = await running;
    expect(outcome.status).toBe('error');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds']);
    expect(d.made()).toBe(0);
    expect(signal?.aborted).toBe(true);
  });

  it('a server that cannot be reached is said at once and stops the run once a test fails, before the rerun for flaky tests', async () => {
    const unreachable = async () => ({ problem: 'cannot reach the model server at http://x', stop: 'if-needed' as const });
    const slow = new SlowTests([full([adds], 5)], [still(adds)]);
    const d = deps(slow, new FakeWorkspace(), [fix], { probe: unreachable, serverWaitMs: 0 });
    const running = runFix(d.deps, options);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(d.events).toContain('note:cannot reach the model server at http://x; the run stops there if a test fails');
    slow.finish();
    const outcome = await running;
    expect(outcome).toMatchObject({ status: 'error', failuresBefore: 1 });
    expect(outcome.message).toBe('cannot reach the model server at http://x (checked while the tests ran; no model request was made)');
    expect(slow.cancelled).toBe(0);
    expect(d.made()).toBe(0);
    const green = await runFix(deps(new FakeTests([full([], 5)]), new FakeWorkspace(), [], { probe: unreachable }).deps, options);
    expect(green.status).toBe('no-failures');
    // A red run with no server to ask ends before the failing tests run again: the rerun for
    // flaky tests would cost a second suite's time to reach the same end.
    const red = new FakeTests([full([adds], 5)], [targeted([], [adds.id])]);
    // (Waited for first, as a late server is: no patience here, so it stays away at once.)
    const ended = await runFix(deps(red, new FakeWorkspace(), [], { probe: unreachable, serverWaitMs: 0 }).deps, options);
    expect(ended).toMatchObject({ status: 'error', failuresBefore: 1 });
    expect(red.calls.filter((c) => c !== 'setup')).toEqual(['full']);
  });

  it('a server that could not be reached is checked again before the first request, and the run goes on once it answers', async () => {
    let checks = 0;
    const late = async () => (++checks < 3 ? { problem: 'cannot reach the model server at http://x', stop: 'if-needed' as const } : undefined);
    const d = deps(new FakeTests([full([adds], 5), full([], 5)], [still(adds)]), new FakeWorkspace(), [fix], { probe: late, serverWaitMs: 10_000 });
    const outcome = await runFix(d.deps, options);
    expect(checks).toBe(3);
    expect(d.events).toContain('note:the model server could not be reached yet; checking again for up to 10 s before the first model request');
    expect(d.events).toContain('note:the model server answers now');
    expect(d.made()).toBe(1);
    expect(outcome.status).not.toBe('error');
    // Never answering: the run ends when the patience is spent, and says how long it waited.
    const never = async () => ({ problem: 'cannot reach the model server at http://x', stop: 'if-needed' as const });
    const gone = await runFix(
      deps(new FakeTests([full([adds], 5)], [still(adds)]), new FakeWorkspace(), [fix], { probe: never, serverWaitMs: 2_500 }).deps,
      options,
    );
    expect(gone.message).toBe(
      'cannot reach the model server at http://x (checked while the tests ran and again for 3 s before the first model request; no model request was made)',
    );
  });

  it('a list that may not hold every id the server takes is a warning: the run goes on', async () => {
    known(adds);
    const never = async () => ({ problem: "the model server at http://x does not offer the model 'm'", stop: 'never' as const });
    const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds), targeted([], [adds.id])]);
    const d = deps(tests, new FakeWorkspace(), [fix], { probe: never });
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(d.events).toContain("note:the model server at http://x does not offer the model 'm' (a warning: the first model request will tell)");
  });

  it('no problem: the run goes on as without a probe; a probe that throws is no verdict', async () => {
    for (const probe of [async () => undefined, async () => Promise.reject(new Error('boom'))]) {
      known(adds);
      const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds), targeted([], [adds.id])]);
      const outcome = await runFix(deps(tests, new FakeWorkspace(), [fix], { probe }).deps, options);
      expect(outcome.status).toBe('fixed');
    }
  });

  it('a green first run ends as no-failures and aborts a probe still out', async () => {
    let signal: AbortSignal | undefined;
    const d = deps(new FakeTests([full([], 5)]), new FakeWorkspace(), [], {
      probe: (s) => {
        signal = s;
        return new Promise(() => {});
      },
    });
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('no-failures');
    expect(signal?.aborted).toBe(true);
  });
});

describe('runFix attempts', () => {
  it('keeps a fix the targeted rerun and the full run agree on', async () => {
    const ws = new FakeWorkspace();
    const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds), targeted([], [adds.id])]);
    const d = deps(tests, ws, [fix]);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(outcome.message).toBe('1 failing test now passes after 1 attempt');
    expect(outcome.changedFiles).toEqual(['src/a.js']);
    expect(outcome.patch).toContain('+return 1');
    expect(ws.files.get('src/a.js')).toBe('return 1');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds', 'targeted:adds', 'full']);
    expect(outcome).toMatchObject({ flaky: [], testRuns: 4, testMs: 40, failuresBefore: 1, failuresAfter: 0, usage: { requests: 1 }, modelMs: 5 });
    expect(outcome.attempts).toEqual([
      expect.objectContaining({ n: 1, result: 'fixed', note: 'all 5 tests pass', testRuns: 2, testMs: 20, failuresAfter: 0, failing: [adds.id] }),
    ]);
    expect(d.fixer.messages).toEqual(['fix adds']);
  });

  it('under --dry-run reports the fix and its patch but puts the files back', async () => {
    const ws = new FakeWorkspace();
    const outcome = await runFix(deps(new FakeTests([full([adds], 5), full([], 5)], [still(adds)]), ws, [fix]).deps, { ...options, dryRun: true });
    expect(outcome.status).toBe('fixed');
    expect(outcome.patch).toContain('+return 1');
    expect(ws.files.get('src/a.js')).toBe('return 2');
  });

  it('goes straight to the full run when the runner cannot target tests', async () => {
    const tests = new FakeTests([full([adds], 5), full([adds], 5), full([], 5)], [undefined, undefined]);
    const outcome = await runFix(deps(tests, new FakeWorkspace(), [fix]).deps, options);
    expect(outcome.status).toBe('fixed');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds', 'full', 'targeted:adds', 'full']);
    expect(outcome.testRuns).toBe(3);
  });

  it('says when no edit was made or applied, and runs no tests for it', async () => {
    const ws = new FakeWorkspace();
    const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds), targeted([], [adds.id])]);
    const d = deps(tests, ws, [nothing, (w) => w.refuse('src/a.js', 'old_text not found'), fix]);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(outcome.attempts.map((a) => [a.result, a.note, a.testRuns])).toEqual([
      ['no-edits', 'the model made no edit', 0],
      ['no-edits', 'no edit applied', 0],
      ['fixed', 'all 5 tests pass', 2],
    ]);
    expect(d.fixer.messages[1]).toContain('Attempt 1 of 3 ended without a successful edit, so the tests were not run again.');
    expect(d.fixer.messages[2]).toContain('Edits that did not apply:\n- src/a.js: old_text not found');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds', 'targeted:adds', 'full']);
  });

  it('feeds back a targeted rerun that still fails, and judges the end by a full run', async () => {
    const ws = new FakeWorkspace();
    const tests = new FakeTests([full([adds, subs], 5), full([adds], 5)], [still(adds, subs), targeted([adds], [subs.id]), targeted([adds], [subs.id])]);
    const d = deps(tests, ws, [fix, (w) => w.write('src/a.js', 'return 3')], { progress: undefined });
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2 });
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.message).toBe(`2 of 2 attempts edited src/a.js; 1 test still fails; the edits were put back. ${NEXT}`);
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds,subs', 'targeted:adds,subs', 'targeted:adds,subs', 'full']);
    expect(outcome.after?.failures).toEqual([adds]);
    expect(outcome).toMatchObject({ failuresBefore: 2, failuresAfter: 1, changedFiles: [], patch: '', testRuns: 5 });
    expect(ws.files.get('src/a.js')).toBe('return 2');
    expect(d.fixer.messages[1]).toContain('the failing tests were run again: they still do not pass (attempt 1 of 2)');
    expect(outcome.attempts[1]).toMatchObject({ failing: [adds.id], failuresAfter: 1, testRuns: 1 });
    // Each attempt carries the usage the server reported for its own requests; they add up to the run's.
    expect(outcome.attempts.map((a) => a.usage)).toEqual([
      { promptTokens: 100, completionTokens: 10, requests: 1 },
      { promptTokens: 100, completionTokens: 10, requests: 1 },
    ]);
    expect(outcome.usage).toEqual({ promptTokens: 200, completionTokens: 20, requests: 2 });
  });

  it('says, when no attempt edited, that nothing was changed, and what to try next', async () => {
    const ws = new FakeWorkspace();
    const outcome = await runFix(deps(new FakeTests([full([adds], 5)], [still(adds)]), ws, [nothing, nothing]).deps, { ...options, maxAttempts: 2 });
    expect(outcome.message).toBe(`the model made no edit in 2 attempts; 1 test still fails. ${NEXT}`);
    expect(outcome.testRuns).toBe(2);
  });

  it('names what the fix broke when the full run has new failures', async () => {
    const tests = new FakeTests([full([adds], 5), full([other], 5)], [still(adds), targeted([], [adds.id])]);
    const d = deps(tests, new FakeWorkspace(), [fix]);
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 1 });
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.message).toBe(`the one attempt edited src/a.js; the test command exited with 1; 1 other test now fails; the edits were put back. ${NEXT}`);
    expect(outcome.attempts[0]!.result).toBe('still-failing');
  });

  it('feeds back the verdict of a full run to the next attempt', async () => {
    const tests = new FakeTests([full([adds], 5), full([other], 5), full([], 5)], [still(adds), undefined, undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix, (w) => w.write('src/a.js', 'return 0')]);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(outcome.message).toBe('1 failing test now passes after 2 attempts');
    expect(d.fixer.messages[1]).toContain('Newly failing (your change broke these):');
    expect(d.fixer.messages[1]).toContain('Now passing: t.test.js > adds.');
  });

  it('runs again with the original test files, and trusts only that run', async () => {
    const tests = new FakeTests([full([adds], 5), full([], 5), full([adds], 5)], [still(adds), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix], { restoreTestFiles: () => ['t.test.js'] });
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 1 });
    expect(outcome.status).toBe('not-fixed');
    expect(d.events).toContain('note:restored original test files before the final run: t.test.js');
    expect(outcome.testRuns).toBe(4);
  });

  it('stops, not fixed, when the token budget is spent, and puts the files back', async () => {
    const ws = new FakeWorkspace();
    const d = deps(new FakeTests([full([adds], 5)], [still(adds)]), ws, [
      (w) => (w.write('src/a.js', 'x'), { budgetSpent: 'the token budget of 1000 is spent (990 used); raise --max-tokens to allow more' }),
    ]);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.message).toBe('stopped: the token budget of 1000 is spent (990 used); raise --max-tokens to allow more; the edited files were put back');
    expect(ws.files.get('src/a.js')).toBe('return 2');
  });

  it('ends in error when the model fails, and puts the files back', async () => {
    const ws = new FakeWorkspace();
    const d = deps(new FakeTests([full([adds], 5)], [still(adds)]), ws, [
      (w) => {
        w.write('src/a.js', 'x');
        throw new Error('cannot reach the model server');
      },
    ]);
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({ status: 'error', message: 'cannot reach the model server', failuresAfter: 1 });
    expect(ws.files.get('src/a.js')).toBe('return 2');
    // The attempt the error ended is in the result, with what it cost.
    expect(outcome.attempts).toHaveLength(1);
    expect(outcome.attempts[0]).toMatchObject({ n: 1, result: 'error', note: 'cannot reach the model server', requests: 1, usage: { requests: 1 } });
    expect(outcome.usage).toMatchObject({ requests: 1, promptTokens: 100 });
  });

  it('says in the notes when the server answered as another model; tells the next attempt why the last one was ended', async () => {
    const ws = new FakeWorkspace();
    const d = deps(new FakeTests([full([adds], 5)], [still(adds)]), ws, [() => ({ ended: 'the model made the same read_file call 3 times' }), nothing]);
    Object.assign(d.fixer, { servedModel: 'tiny.gguf' });
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2 });
    expect(outcome.notes).toEqual(['The model server answered as `tiny.gguf`, not the model asked for.']);
    expect(d.fixer.messages[1]).toContain('Your attempt was ended early: the model made the same read_file call 3 times.');
  });

  it('says so when the files cannot be put back', async () => {
    const ws = new FakeWorkspace();
    ws.failRestore = true;
    const outcome = await runFix(deps(new FakeTests([full([adds], 5), full([adds], 5)], [still(adds), undefined]), ws, [fix]).deps, {
      ...options,
      maxAttempts: 1,
    });
    expect(outcome.status).toBe('error');
    expect(outcome.message).toMatch(/; and cannot write src\/a\.js: check these files by hand$/);
  });

  it('treats failures named by a run that exits 0 as failing', async () => {
    const tests = new FakeTests([full([adds], 5, { exitCode: 0 }), full([], 5)], [still(adds), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix]);
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    expect(d.events).toContain('note:the test command exited 0 but its output names 1 failures; treating them as failing');
  });
});

describe('runFix on a green run the verdict refuses', () => {
  it('tells the model and the user the real reason: fewer tests ran', async () => {
    const tests = new FakeTests([full([adds], 5), full([], 3), full([], 3)], [still(adds), undefined, undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix, (w) => w.write('src/a.js', 'return 0')]);
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2 });
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.message).toBe(`2 of 2 attempts edited src/a.js; the tests pass, but fewer tests ran: 3 instead of 5; the edits were put back. ${NEXT}`);
    const feedback = d.fixer.messages[1]!;
    expect(feedback).toContain(
      'the test command passed and no test failed, but this is not accepted as a fix yet (attempt 1 of 2) because fewer tests ran: 3 instead of 5.',
    );
    expect(feedback).not.toMatch(/still (do not pass|fail)/i);
    expect(feedback).not.toContain('Test output (end)');
  });

  it('tells the model and the user the real reason: a test that failed did not run again', async () => {
    const tests = new FakeTests([full([adds], 5), full([], 5, { passed: ['t.test.js > ok 1'] })], [still(adds), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix, nothing]);
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2 });
    expect(outcome.message).toBe(
      `1 of 2 attempts edited src/a.js; the tests pass, but 1 test that failed did not run (t.test.js > adds); the edits were put back. ${NEXT}`,
    );
    expect(outcome.attempts[0]!.note).toBe('the tests pass, but 1 test that failed did not run (t.test.js > adds)');
    expect(d.fixer.messages[1]).toContain('because 1 test that failed did not run (t.test.js > adds).');
    expect(d.fixer.messages[1]).not.toMatch(/still (do not pass|fail)/i);
  });
});

describe('runFix with flaky tests', () => {
  it('ends flaky, with no model request and no edit, when every failing test passes when run again', async () => {
    const ws = new FakeWorkspace();
    const tests = new FakeTests([full([adds, subs], 5)], [targeted([], [adds.id, subs.id])]);
    const d = deps(tests, ws, []);
    const outcome = await runFix(d.deps, options);
    expect(outcome).toMatchObject({
      status: 'flaky',
      flaky: [adds.id, subs.id],
      failuresBefore: 2,
      failuresAfter: 0,
      attempts: [],
      usage: { requests: 0 },
      testRuns: 2,
      changedFiles: [],
      patch: '',
    });
    expect(outcome.message).toBe('every failing test passed when run again, so nothing was asked or changed: t.test.js > adds, t.test.js > subs');
    expect(d.made()).toBe(0);
    expect(ws.restores).toBe(1);
  });

  it('reruns the whole suite where the runner cannot pick tests', async () => {
    const tests = new FakeTests([full([adds], 5), full([], 5)], [undefined]);
    const outcome = await runFix(deps(tests, new FakeWorkspace(), []).deps, options);
    expect(outcome.status).toBe('flaky');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:adds', 'full']);
  });

  it('announces only what runs: a runner that cannot pick tests says the whole suite runs again, and why', async () => {
    const tests = Object.assign(new FakeTests([full([adds], 5), full([], 5)]), { canTarget: () => false });
    const said: string[] = [];
    const d = deps(tests, new FakeWorkspace(), [], { progress: (e) => void (e.kind === 'running' && said.push(`${e.scope}: ${e.why}`)) });
    expect((await runFix(d.deps, options)).status).toBe('flaky');
    expect(tests.calls).toEqual(['setup', 'full', 'full']);
    expect(said).toEqual([
      'full: the whole suite, to see what fails',
      'full: the whole suite once more, to tell flaky tests from broken ones (this test command cannot run single tests)',
    ]);
  });

  it('is not flaky when the rerun says nothing about the tests', async () => {
    const tests = new FakeTests([full([adds], 5), full([], 5)], [targeted([], []), targeted([], [adds.id])]);
    const outcome = await runFix(deps(tests, new FakeWorkspace(), [fix]).deps, options);
    expect(outcome).toMatchObject({ status: 'fixed', flaky: [] });
  });

  it('is not flaky when the rerun ran no test at all (a name filter that matched nothing, exit 0, no names)', async () => {
    const none: TestResult = { scope: 'targeted', run: run(0), report: { format: 'vitest', total: 0, failures: [] } };
    const tests = new FakeTests([full([adds], 5), full([], 5)], [none, targeted([], [adds.id])]);
    const outcome = await runFix(deps(tests, new FakeWorkspace(), [fix]).deps, options);
    expect(outcome).toMatchObject({ status: 'fixed', flaky: [] });
  });

  it('leaves the flaky ones out of the fix and never blames them on it', async () => {
    const tests = new FakeTests([full([adds, subs], 5), full([subs], 5)], [targeted([adds], [subs.id]), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix, nothing]);
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2 });
    expect(d.events).toContain('note:1 of the failing tests passed when run again; flaky, so left out of the fix: t.test.js > subs');
    expect(d.fixer.messages[0]).toBe('fix adds');
    // subs fails again after the fix: named as flaky, not as something the change broke; not green, so not fixed.
    expect(outcome.attempts[0]!.note).toBe('flaky test failed again: t.test.js > subs');
    expect(d.fixer.messages[1]).not.toContain('Newly failing');
    expect(d.fixer.messages[1]).toContain('flaky test failed again: t.test.js > subs');
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.flaky).toEqual([subs.id]);
  });

  it('trusts a failure that went away only with the original test files: puts back what changed and runs them again', async () => {
    let checks = 0;
    const restoreTestFiles = () => (++checks === 1 ? ['t.test.js'] : []);
    // The rerun passes (the test had rewritten itself); on the original file it fails again.
    const tests = new FakeTests([full([adds], 5), full([], 5)], [targeted([], [adds.id]), still(adds), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix], { restoreTestFiles });
    const outcome = await runFix(d.deps, options);
    expect(d.events).toContain('note:put back test files the test command had changed, to run the failing tests again on the originals: t.test.js');
    expect(outcome).toMatchObject({ status: 'fixed', flaky: [] });
    expect(tests.calls.slice(0, 4)).toEqual(['setup', 'full', 'targeted:adds', 'targeted:adds']);
    // Once after the flaky rerun, once before the verdict.
    expect(checks).toBe(2);
  });

  it('checks the test files before the verdict only, when every failure came back', async () => {
    let checks = 0;
    const tests = new FakeTests([full([adds], 5), full([], 5)], [still(adds), undefined]);
    const d = deps(tests, new FakeWorkspace(), [fix], { restoreTestFiles: () => (checks++, []) });
    expect((await runFix(d.deps, options)).status).toBe('fixed');
    expect(checks).toBe(1);
  });

  it('counts a green run as fixed when some failures were flaky', async () => {
    const tests = new FakeTests([full([adds, subs], 5), full([], 5)], [targeted([adds], [subs.id]), undefined]);
    const outcome = await runFix(deps(tests, new FakeWorkspace(), [fix]).deps, options);
    expect(outcome).toMatchObject({ status: 'fixed', message: '1 failing test now passes after 1 attempt', flaky: [subs.id], failuresBefore: 2 });
  });
});

describe('runFix accepts a green run only when a reviewer would', () => {
  const slugs = failure('slugs', { expected: "'hello-world'", actual: "'Hello World'" });
  const testFile = "test('slugs', () => assert.equal(slug('Hello World'), 'hello-world'));\n";
  // An entry added among the entries a table already has: strong, put to the review (a new table of the tests' answers would be decisive).
  const table = "module.exports = (s) => {\n  switch (s) {\n    case 'Hi There': return 'hi-there';\n  }\n  return s.toLowerCase();\n};";
  const source = { 'src/slug.js': table };
  const literal = (w: FakeWorkspace) =>
    w.write('src/slug.js', table.replace("    case 'Hi There'", "    case 'Hello World': return 'hello-world';\n    case 'Hi There'"));
  const sniff = (w: FakeWorkspace) => w.write('src/slug.js', "module.exports = (s) => (process.env.NODE_ENV === 'test' ? 'hello-world' : s.toLowerCase());");
  const real = (w: FakeWorkspace) => w.write('src/slug.js', "module.exports = (s) => s.toLowerCase().replace(/\\s+/g, '-');");
  const green = () => new FakeTests([full([slugs], 5), full([], 5), full([], 5)], [still(slugs), targeted([], [slugs.id]), targeted([], [slugs.id])]);
  const readFile = (rel: string) => (rel === 't.test.js' ? testFile : undefined);
  beforeEach(() => known(slugs));

  it('puts a patch that answers the failing input with the expected value to the review, about that finding; rejected, the model hears why and the real fix is taken', async () => {
    const ws = new FakeWorkspace(source);
    const tests = green();
    const d = deps(tests, ws, [literal, real], { readFile });
    d.fixer.reviews = [{ verdict: 'symptom', reason: 'it answers the one input the test uses' }];
    const outcome = await runFix(d.deps, { ...options, review: true });
    expect(outcome).toMatchObject({ status: 'fixed', message: '1 failing test now passes after 2 attempts', changedFiles: ['src/slug.js'] });
    expect(outcome.unconfirmed).toBeUndefined();
    expect(outcome.attempts.map((a) => a.result)).toEqual(['review-flagged', 'fixed']);
    expect(outcome.attempts[0]!.specialCases).toEqual([expect.objectContaining({ kind: 'test-literal', strength: 'strong', file: 'src/slug.js', line: 3 })]);
    // The first review is asked about the finding, by name; the second (no finding) looks at the patch in general.
    expect(d.fixer.asked).toHaveLength(2);
    expect(d.fixer.asked[0]![0]).toContain("src/slug.js:3 (strong): `case 'Hello World': return 'hello-world';`: it compares against \"Hello World\"");
    expect(d.fixer.asked[1]).toEqual([]);
    const feedback = d.fixer.messages[1]!;
    expect(feedback).toContain('A review of your patch says it only satisfies these tests instead of fixing the cause: it answers the one input the test uses');
    expect(feedback).toContain('It was asked about what the special-casing check found:');
    expect(d.events).toContain('phase:asking the model to review the patch about a finding of the special-casing check');
    expect(ws.files.get('src/slug.js')).toContain('replace(');
    expect(tests.calls).toEqual(['setup', 'full', 'targeted:slugs', 'targeted:slugs', 'full', 'targeted:slugs', 'full']);
  });

  it('delivers a strong finding the review accepts, and says what was accepted', async () => {
    const d = deps(green(), new FakeWorkspace(source), [literal], { readFile });
    d.fixer.reviews = [{ verdict: 'ok', reason: 'the input is the boundary the bug is about' }];
    const outcome = await runFix(d.deps, { ...options, review: true });
    expect(outcome).toMatchObject({ status: 'fixed', message: '1 failing test now passes after 1 attempt' });
    expect(outcome.unconfirmed).toBeUndefined();
    expect(outcome.attempts[0]!.specialCases).toEqual([expect.objectContaining({ strength: 'strong' })]);
    expect(d.events.some((e) => e.startsWith('note:special-casing check, put to the self-review, which accepted it: src/slug.js:3 (strong)'))).toBe(true);
  });

  it('with the review off, a strong finding leaves the fix unconfirmed: kept, and the outcome says why', async () => {
    const d = deps(green(), new FakeWorkspace(source), [literal], { readFile });
    const outcome = await runFix(d.deps, { ...options, review: false });
    expect(outcome.status).toBe('fixed');
    expect(outcome.unconfirmed).toMatch(/^the special-casing check found strong evidence \(src\/slug\.js:3 \(strong\)/);
    expect(outcome.message).toContain('; not confirmed: the special-casing check found strong evidence');
    expect(d.fixer.reviewed).toEqual([]);
  });

  it('notes a weak finding (ordinary values) and accepts the fix without asking about it', async () => {
    const months = failure('december', { expected: '31', actual: '1' });
    const monthTest = "test('december', () => assert.equal(lastDay(2023, 12), 31));\n";
    const ws = new FakeWorkspace({ 'src/month.js': 'module.exports = (y, m) => new Date(y, m, 0).getDate();' });
    known(months);
    const tests = new FakeTests([full([months], 5), full([], 5), full([], 5)], [still(months), targeted([], [months.id]), targeted([], [months.id])]);
    const boundary = (w: FakeWorkspace) =>
      w.write('src/month.js', 'module.exports = (y, m) => {\n  if (m === 12) return 31;\n  return new Date(y, m, 0).getDate();\n};');
    const d = deps(tests, ws, [boundary], { readFile: (rel) => (rel === 't.test.js' ? monthTest : undefined) });
    const outcome = await runFix(d.deps, { ...options, review: true });
    expect(outcome.status).toBe('fixed');
    expect(outcome.unconfirmed).toBeUndefined();
    expect(outcome.attempts[0]!.specialCases).toEqual([expect.objectContaining({ strength: 'weak', line: 2 })]);
    expect(d.fixer.asked).toEqual([[]]);
    expect(d.events.some((e) => e.startsWith('note:special-casing check, noted only (weak evidence): src/month.js:2 (weak)'))).toBe(true);
  });

  it('refuses a patch that detects the test runner; with no attempt left, nothing is delivered and the file is put back', async () => {
    const ws = new FakeWorkspace(source);
    const d = deps(green(), ws, [sniff], { readFile });
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 1, review: true });
    expect(outcome).toMatchObject({ status: 'not-fixed', changedFiles: [], patch: '', failuresAfter: 1 });
    expect(outcome.message).toBe(
      `the one attempt edited src/slug.js; the tests pass, but the patch special-cases them: src/slug.js:1 detects the test environment; the edits were put back. ${NEXT}`,
    );
    expect(outcome.attempts[0]!.specialCases![0]!.why).toContain('NODE_ENV === "test"');
    expect(ws.files.get('src/slug.js')).toBe(source['src/slug.js']);
    expect(d.fixer.reviewed).toEqual([]);
    expect(d.events).toContain('note:attempt 1 not accepted: the tests pass, but the patch special-cases them: src/slug.js:1 detects the test environment');
  });

  it('sends a patch the self-review flags back as feedback, in the same attempt count, and counts the review apart', async () => {
    const ws = new FakeWorkspace(source);
    const d = deps(green(), ws, [real, (w) => w.write('src/slug.js', "module.exports = (s) => s.trim().toLowerCase().replace(/\\s+/g, '-');")], { readFile });
    d.fixer.reviews = [{ verdict: 'symptom', reason: 'it only replaces the one space the test uses' }];
    const outcome = await runFix(d.deps, { ...options, review: true });
    expect(outcome.status).toBe('fixed');
    expect(outcome.attempts.map((a) => [a.result, a.requests, a.review?.verdict])).toEqual([
      ['review-flagged', 1, 'symptom'],
      ['fixed', 1, 'ok'],
    ]);
    expect(outcome.attempts[0]!.note).toBe(
      'the tests pass, but the self-review says the patch treats the symptom: it only replaces the one space the test uses',
    );
    expect(d.fixer.messages[1]).toContain(
      'A review of your patch says it only satisfies these tests instead of fixing the cause: it only replaces the one space the test uses',
    );
    expect(outcome.usage).toEqual({ requests: 4, promptTokens: 300, completionTokens: 30, review: { requests: 2, promptTokens: 100, completionTokens: 10 } });
  });

  it('keeps a fix the self-review cannot judge, but unconfirmed, and says so', async () => {
    const d = deps(green(), new FakeWorkspace(source), [real], { readFile });
    d.fixer.reviews = [{ verdict: 'unclear', reason: 'asked twice, no verdict: Looks fine to me' }];
    const outcome = await runFix(d.deps, { ...options, review: true });
    expect(outcome.status).toBe('fixed');
    expect(outcome.unconfirmed).toBe('the self-review could not confirm it (asked twice, no verdict: Looks fine to me)');
    expect(outcome.message).toBe(
      '1 failing test now passes after 1 attempt; not confirmed: the self-review could not confirm it (asked twice, no verdict: Looks fine to me)',
    );
    expect(outcome.attempts[0]!.note).toBe('all 5 tests pass; not confirmed: the self-review could not confirm it (asked twice, no verdict: Looks fine to me)');
  });

  it('makes no review request with review off', async () => {
    const d = deps(green(), new FakeWorkspace(source), [real], { readFile });
    const outcome = await runFix(d.deps, { ...options, review: false });
    expect(outcome.status).toBe('fixed');
    expect(d.fixer.reviewed).toEqual([]);
    expect(outcome.usage).toEqual({ requests: 1, promptTokens: 100, completionTokens: 10 });
    expect(outcome.attempts[0]!.review).toBeUndefined();
  });

  it("runs the repository's formatter after the edits and before the verifying run, and tells the model", async () => {
    const ws = new FakeWorkspace(source);
    const tests = new FakeTests([full([slugs], 5), full([slugs], 5), full([], 5)], [still(slugs), undefined, undefined]);
    const format = async (files: string[]) => {
      tests.calls.push(`format:${files.join(',')}`);
      ws.files.set('src/slug.js', `${ws.files.get('src/slug.js')!.replace('(s)=>', '(s) =>')}`);
      return { formatted: files, formatters: ['prettier'], problems: [], ms: 7 };
    };
    const d = deps(tests, ws, [(w) => w.write('src/slug.js', 'module.exports = (s)=> s;'), real], { readFile, format });
    const outcome = await runFix(d.deps, options);
    expect(outcome.status).toBe('fixed');
    // The runner cannot target tests here (undefined), so each verdict comes from a full run after the formatter.
    expect(tests.calls).toEqual([
      'setup',
      'full',
      'targeted:slugs',
      'format:src/slug.js',
      'targeted:slugs',
      'full',
      'format:src/slug.js',
      'targeted:slugs',
      'full',
    ]);
    expect(outcome.attempts[0]).toMatchObject({ formatted: ['src/slug.js'], formatMs: 7 });
    expect(d.events).toContain('note:prettier formatted the lines the fix changed in src/slug.js');
    expect(d.fixer.messages[1]).toContain("The repository's formatter reformatted the lines you changed in src/slug.js: read them again before editing there.");
  });
});

describe('runFix with the further cases of the rule', () => {
  const slugs = failure('slugs', { expected: "'hello-world'", actual: "'Hello World'" });
  const testFile = "test('slugs', () => assert.equal(slug('Hello World'), 'hello-world'));\n";
  const casesText = "test('unbreak: another title', () => assert.equal(slug('Big Apple Pie'), 'big-apple-pie'));\n";
  const counter = failure('unbreak: another title', {
    id: 't.unbreak.test.js > unbreak: another title',
    file: 't.unbreak.test.js',
    expected: "'big-apple-pie'",
    actual: "'Big Apple Pie'",
  });
  const source = { 'src/slug.js': 'module.exports = (s) => s;' };
  // Only the first space: right for the failing test's two words, wrong for the case's three.
  const one = (w: FakeWorkspace) => w.write('src/slug.js', "module.exports = (s) => s.toLowerCase().replace(' ', '-');");
  // The table now holds the case's input too: the check reads the cases file as a test file from then on.
  const both = (w: FakeWorkspace) =>
    w.write('src/slug.js', "const KNOWN = { 'Hello World': 'hello-world', 'Big Apple Pie': 'big-apple-pie' };\nmodule.exports = (s) => KNOWN[s] ?? s;");
  beforeEach(() => known(slugs));

  it('refuses a patch a further case fails, tells the model the case, and weighs its input as a failing test’s on the next attempt', async () => {
    const ws = Object.assign(new FakeWorkspace(source), {
      scratch: [] as string[],
      writeScratch(rel: string, text: string) {
        this.scratch.push(`${rel}:${text}`);
        return undefined;
      },
      removeScratch() {
        this.scratch.push('removed');
      },
    });
    const tests = new FakeTests(
      [full([slugs], 5), full([], 5), full([counter], 6), full([], 5)],
      [still(slugs), targeted([], [slugs.id]), targeted([], [slugs.id])],
    );
    const d = deps(tests, ws, [one, both], { readFile: (rel) => (rel === 't.test.js' ? testFile : undefined) });
    const asked: unknown[] = [];
    d.fixer.cases = async (question) => {
      asked.push(question);
      return { ok: true, text: casesText, promptTokens: 10, requests: 1 };
    };
    const outcome = await runFix(d.deps, { ...options, maxAttempts: 2, review: true });
    expect(outcome.status).toBe('not-fixed');
    expect(outcome.attempts.map((a) => a.result)).toEqual(['review-flagged', 'special-cased']);
    expect(outcome.attempts[0]!.note).toContain('a further case of the rule fails on the patched code: unbreak: another title');
    // The record keeps what the review said (it accepted) beside the cases that sent the patch back.
    expect(outcome.attempts[0]).toMatchObject({ review: { verdict: 'ok' }, counterexamples: [{ name: 'unbreak: another title' }] });
    expect(d.fixer.messages[1]).toContain('further cases of the same rule, written by a request that did not see your patch, fail on the patched code');
    expect(d.fixer.messages[1]).toContain('unbreak: another title');
    // The second patch answers the case's input from a table: both entries are failing tests' inputs now, refused by the check before any run of the cases.
    expect(outcome.attempts[1]!.specialCases?.[0]?.why).toContain("every entry is a failing test's input with that test's expected value (2 of 2");
    expect(asked).toEqual([expect.objectContaining({ path: 't.unbreak.test.js', testFile: { path: 't.test.js', text: testFile } })]);
    expect(ws.scratch).toEqual([`t.unbreak.test.js:${casesText}`, 'removed']);
    expect(ws.files.get('src/slug.js')).toBe(source['src/slug.js']);
  });
});
