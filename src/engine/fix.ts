import type { TestFailure } from '../testing/report.js';
import { feedbackMessage } from './feedback.js';
import type { AttemptRecord, Fixer, FixWorkspace, Outcome, ProgressEvent, TestResult, TestRunner, Usage } from './types.js';
import { judge, targetedVerdict } from './verify.js';

export interface FixOptions {
  maxAttempts: number;
  dryRun: boolean;
  /** Tokens a feedback message may take. */
  feedbackTokens: number;
  /** How failures are fed back after an attempt (default `structured`). */
  feedback?: 'structured' | 'raw';
}

export interface FixDeps {
  tests: TestRunner;
  workspace: FixWorkspace;
  /** Builds the first message from the first report (context, budget, redaction happen there). */
  firstMessage: (before: TestResult) => string;
  /** Made only when a model is needed, so a green run makes no network call. */
  makeFixer: () => Fixer;
  /** A reason not to ask the model at all (e.g. the loop guard), or undefined to go on. */
  gate?: (before: TestResult) => string | undefined;
  /** Puts test files back as they were before the run; returns those it restored. */
  restoreTestFiles: () => string[];
  progress?: (event: ProgressEvent) => void;
}

/**
 * The loop: run the tests, ask for a fix, verify, feed back, until the tests pass or the
 * attempts are spent. It leaves the work tree fixed, or exactly as it found it.
 */
export async function runFix(deps: FixDeps, options: FixOptions): Promise<Outcome> {
  const { tests, workspace } = deps;
  const emit = deps.progress ?? (() => {});
  const attempts: AttemptRecord[] = [];
  let fixer: Fixer | undefined;
  let testRuns = 0;
  let testMs = 0;
  const counted = async <T extends TestResult | undefined>(p: Promise<T>): Promise<T> => {
    const result = await p;
    if (result) {
      testRuns++;
      testMs += result.run.durationMs;
      emit({ kind: 'tests', scope: result.scope, result });
    }
    return result;
  };
  const usage = (): Usage => fixer?.usage ?? { promptTokens: 0, completionTokens: 0, requests: 0 };
  let before: TestResult | undefined;
  let last: TestResult | undefined;

  const finish = (wanted: Outcome['status'], why: string): Outcome => {
    let status = wanted;
    let message = why;
    const keep = status === 'fixed' && !options.dryRun;
    const changedFiles = workspace.changedFiles();
    const patch = workspace.patch(changedFiles);
    if (!keep) {
      try {
        workspace.restore();
      } catch (error) {
        status = 'error';
        message = `${why}; and ${error instanceof Error ? error.message : String(error)}: check these files by hand`;
      }
    }
    return {
      status,
      message,
      attempts,
      changedFiles: status === 'fixed' ? changedFiles : [],
      failuresBefore: before?.report.failures.length ?? 0,
      failuresAfter: status === 'fixed' ? 0 : (last ?? before)?.report.failures.length ?? 0,
      usage: usage(),
      patch: status === 'fixed' ? patch : '',
      ...(before ? { before: before.report } : {}),
      ...(last ? { after: last.report } : {}),
      testRuns,
      testMs,
      ...(fixer?.modelMs !== undefined ? { modelMs: fixer.modelMs } : {}),
    };
  };

  try {
    emit({ kind: 'phase', text: 'running the tests' });
    const setup = await tests.setup();
    if (setup) {
      testMs += setup.durationMs;
      if (setup.timedOut) return finish('error', `the setup command timed out and was killed: ${setup.command}`);
      if (setup.exitCode !== 0) {
        const why = setup.notFound ? 'was not found' : `failed with exit code ${setup.exitCode ?? setup.signal}`;
        return finish('error', `the setup command ${why}: ${setup.command}: ${lastLine(setup.output)}`);
      }
    }

    before = await counted(tests.full());
    last = before;
    if (before.run.notFound) return finish('error', `the test command was not found: ${before.run.command}: ${lastLine(before.run.output)}`);
    if (before.run.exitCode === 0 && before.report.failures.length === 0) {
      return finish('no-failures', `no failing tests (${before.report.total ?? 'all'} passed)`);
    }
    if (before.run.exitCode === 0) {
      emit({ kind: 'note', text: `the test command exited 0 but its output names ${before.report.failures.length} failures; treating them as failing` });
    }

    const veto = deps.gate?.(before);
    if (veto) return finish('skipped', veto);
    fixer = deps.makeFixer();
    let message = deps.firstMessage(before);
    let current = before;
    for (let n = 1; n <= options.maxAttempts; n++) {
      emit({ kind: 'attempt', n, of: options.maxAttempts, failing: current.report.failures.length });
      const editsBefore = workspace.edits.length;
      const changedBefore = workspace.patch();
      const outcome = await fixer.attempt(message);
      const edits = workspace.edits.slice(editsBefore);
      const record: AttemptRecord = {
        n,
        failing: current.report.failures.map((f) => f.id),
        edits,
        filesChanged: workspace.changedFiles(),
        requests: outcome.requests,
        promptTokens: outcome.promptTokens,
        summary: outcome.summary,
        result: 'still-failing',
        note: '',
        testRuns: 0,
        ...(outcome.modelMs !== undefined ? { modelMs: outcome.modelMs } : {}),
      };
      attempts.push(record);
      if (outcome.summary) emit({ kind: 'model', text: outcome.summary });
      if (outcome.ended) emit({ kind: 'note', text: `attempt ${n} ended: ${outcome.ended}` });

      if (workspace.patch() === changedBefore) {
        record.result = 'no-edits';
        record.note = edits.length ? 'no edit applied' : 'the model made no edit';
        message = feedbackMessage({ attempt: n, maxAttempts: options.maxAttempts, stillFailing: current.report.failures, newFailures: [], edits, changedFiles: workspace.changedFiles(), budget: options.feedbackTokens, ...(options.feedback ? { style: options.feedback } : {}) });
        continue;
      }

      const runsBefore = testRuns;
      const msBefore = testMs;
      // A quick look at the tests that failed; the verdict always comes from a full run.
      const targets = uniqueFailures([...before.report.failures, ...current.report.failures]);
      const quick = await counted(tests.targeted(targets, before.report.format));
      if (quick && targetedVerdict(targets, quick) === 'fail') {
        const stillFailing = quick.report.failures;
        record.testRuns = testRuns - runsBefore;
        record.testMs = testMs - msBefore;
        record.failuresAfter = stillFailing.length;
        record.note = `${stillFailing.length} targeted test${stillFailing.length === 1 ? '' : 's'} still failing`;
        current = quick;
        last = quick;
        message = feedbackMessage({ attempt: n, maxAttempts: options.maxAttempts, result: quick, stillFailing, newFailures: [], edits, changedFiles: workspace.changedFiles(), budget: options.feedbackTokens, ...(options.feedback ? { style: options.feedback } : {}) });
        continue;
      }

      let full = await counted(tests.full());
      let verdict = judge(before, full);
      if (verdict.fixed) {
        // The verdict must hold with the original tests: put back any test file that changed.
        const restored = deps.restoreTestFiles();
        if (restored.length) {
          emit({ kind: 'note', text: `restored original test files before the final run: ${restored.join(', ')}` });
          full = await counted(tests.full());
          verdict = judge(before, full);
        }
      }
      last = full;
      record.testRuns = testRuns - runsBefore;
      record.testMs = testMs - msBefore;
      record.failuresAfter = full.report.failures.length;
      if (verdict.fixed) {
        record.result = 'fixed';
        record.note = `all ${full.report.total ?? ''} tests pass`.replace('  ', ' ');
        return finish('fixed', `fixed in ${n} attempt${n === 1 ? '' : 's'}: ${before.report.failures.length} failing test${before.report.failures.length === 1 ? '' : 's'} now pass`);
      }
      record.note = verdict.reasons.join('; ');
      current = full;
      message = feedbackMessage({ attempt: n, maxAttempts: options.maxAttempts, result: full, verdict, stillFailing: verdict.stillFailing.length ? verdict.stillFailing : full.report.failures.filter((f) => !verdict.newFailures.includes(f)), newFailures: verdict.newFailures, edits, changedFiles: workspace.changedFiles(), budget: options.feedbackTokens, ...(options.feedback ? { style: options.feedback } : {}) });
    }
    // The figures after the last attempt come from the whole suite, not a rerun of a few tests.
    if (last?.scope === 'targeted') last = await counted(tests.full());
    const lastNote = attempts.at(-1)?.note;
    return finish('not-fixed', `not fixed after ${options.maxAttempts} attempt${options.maxAttempts === 1 ? '' : 's'}${lastNote ? `: ${lastNote}` : ''}`);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'BudgetError') return finish('not-fixed', `stopped: ${text}`);
    return finish('error', text);
  }
}

function uniqueFailures(failures: TestFailure[]): TestFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => !seen.has(f.id) && seen.add(f.id));
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter((l) => l.trim()).at(-1)?.slice(0, 200) ?? '';
}
