import { acceptance, judgementNotes } from './acceptance.js';
import { attemptRecord, note, usageSince, type AttemptResult } from './attempt-record.js';
import { feedbackFor } from './feedback.js';
import { names, rerunForFlaky, withoutTests } from './flaky.js';
import { formatChanged } from './format-changed.js';
import { notFixedSummary, settle } from './outcome.js';
import { Probe } from './probe.js';
import { couldNotRun, exitZeroNote, nothingFailing, runSetup, vetoEnd } from './run-checks.js';
import { Tally, type End, type Seen } from './run-state.js';
import type { AttemptOutcome, AttemptRecord, FixDeps, FixOptions, Outcome, TestResult } from './types.js';
import { verifyAttempt } from './verify-attempt.js';

/**
 * The loop: run the tests, ask for a fix, verify, feed back, until the tests pass or the
 * attempts are spent. It leaves the work tree fixed, or exactly as it found it.
 */
export async function runFix(deps: FixDeps, options: FixOptions): Promise<Outcome> {
  const emit = deps.progress ?? (() => {});
  const tally = new Tally(emit);
  const attempts: AttemptRecord[] = [];
  const seen: Seen = {};
  let end: End;
  try {
    end = await loop(deps, options, tally, attempts, seen);
  } catch (error) {
    end = { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  return settle(deps.workspace, options, end, attempts, tally, seen);
}

async function loop(deps: FixDeps, options: FixOptions, tally: Tally, attempts: AttemptRecord[], seen: Seen): Promise<End> {
  const { tests } = deps;
  // The model server is checked while the tests run: a key it refuses or a model id it does not
  // offer stops the run as soon as the answer is in, before the suite has finished and before
  // anything is billed. A server that cannot be reached is said at once, but ends the run only
  // once the tests show the model is needed (a green suite needs no server), before the rerun.
  const probe = new Probe(deps.probe, deps.progress ?? (() => {}), deps.serverWaitMs);
  try {
    const silence = () => (tally.silent = true);
    const setup = await probe.orStop(runSetup(tests, tally), tests, silence);
    if ('problem' in setup) return probe.end(setup.problem);
    if (setup.value) return setup.value;
    const first = await probe.orStop(
      tally.count('full', 'the whole suite, to see what fails', () => tests.full()),
      tests,
      silence,
    );
    probe.firstRunDone();
    if ('problem' in first) return probe.end(first.problem);
    return await afterFirstRun({ deps, options, tally, attempts, seen, before: first.value, probe });
  } finally {
    probe.abort();
  }
}

/** What the loop holds once the first full run is in. */
interface FirstRun {
  deps: FixDeps;
  options: FixOptions;
  tally: Tally;
  attempts: AttemptRecord[];
  seen: Seen;
  /** The first full run. */
  before: TestResult;
  probe: Probe;
}

async function afterFirstRun(run: FirstRun): Promise<End> {
  const { deps, options, tally, attempts, seen, before, probe } = run;
  const { tests, workspace } = deps;
  const emit = deps.progress ?? (() => {});
  seen.before = seen.last = before;
  const stop = couldNotRun(before) ?? nothingFailing(before);
  if (stop) return stop;
  const exitZero = exitZeroNote(before);
  if (exitZero) emit({ kind: 'note', text: exitZero });

  const vetoed = vetoEnd(deps.gate?.(before));
  if (vetoed) return vetoed;

  // A server already known to be unreachable is waited for here (a late service comes up), and
  // ends the run if it stays away: a flaky-only run would need no model, but finding that out
  // costs a second run of the failing tests to reach the same end.
  const known = probe.known() ? await probe.result() : undefined;
  if (known) return probe.end(known);

  deps.failing?.(before);
  // The rerun itself is kept only where it is the run to report: its output (up to 8 MB of text,
  // twice that as UTF-16) would otherwise stay in this function's frame through every attempt.
  const { flipped, again } = await rerunForFlaky(deps, tally, before);
  seen.flaky = flipped;
  if (again) {
    seen.last = again;
    return { status: 'flaky', message: `every failing test passed when run again, so nothing was asked or changed: ${names(flipped)}` };
  }
  if (flipped.length) {
    emit({ kind: 'note', text: `${flipped.length} of the failing tests passed when run again; flaky, so left out of the fix: ${names(flipped)}` });
  }
  // The model is needed now: an answer that came in during the rerun still ends the run before any request.
  const problem = await probe.result();
  if (problem) return probe.end(problem);
  const target = withoutTests(before, flipped);
  const fixer = (seen.fixer = deps.makeFixer());
  let message = await deps.firstMessage(target);
  let current = target;
  let verdictNote: string | undefined;
  for (let n = 1; n <= options.maxAttempts; n++) {
    emit({ kind: 'attempt', n, of: options.maxAttempts, failing: current.report.failures.length });
    const editsBefore = workspace.edits.length;
    const patchBefore = workspace.patch();
    const usageBefore = { ...fixer.usage };
    let outcome: AttemptOutcome;
    try {
      outcome = await fixer.attempt(message);
    } catch (error) {
      // The run ends here, but the attempt happened: its requests and tokens are in the result.
      const failed = attemptRecord(
        n,
        current,
        workspace,
        editsBefore,
        { summary: '', requests: 0, toolCalls: 0, promptTokens: [] },
        usageSince(usageBefore, fixer.usage),
      );
      failed.requests = failed.usage?.requests ?? 0;
      failed.result = 'error';
      failed.note = error instanceof Error ? error.message : String(error);
      attempts.push(failed);
      throw error;
    }
    if (outcome.budgetSpent) {
      const edited = workspace.changedFiles().length > 0;
      return { status: 'not-fixed', message: `stopped: ${outcome.budgetSpent}${edited ? '; the edited files were put back' : ''}` };
    }
    const record = attemptRecord(n, current, workspace, editsBefore, outcome, usageSince(usageBefore, fixer.usage));
    attempts.push(record);
    if (outcome.summary) emit({ kind: 'model', text: outcome.summary });
    if (outcome.ended) emit({ kind: 'note', text: `attempt ${n} ended: ${outcome.ended}` });

    const runsBefore = tally.runs;
    const msBefore = tally.ms;
    if (workspace.patch() !== patchBefore) await formatChanged(deps, record);
    let result: AttemptResult = workspace.patch() === patchBefore ? { kind: 'no-edits' } : await verifyAttempt(deps, tally, target, current, flipped);
    if (result.kind === 'full' && result.verdict.fixed) result = await acceptance(deps, options, fixer, target, result, tally, seen);
    note(record, result, tally.runs - runsBefore, tally.ms - msBefore);
    if (result.kind === 'special-cased' || result.kind === 'review-flagged' || result.kind === 'counterexample')
      emit({ kind: 'note', text: `attempt ${n} not accepted: ${record.note}` });
    if (result.kind === 'full' && result.verdict.fixed) {
      seen.last = result.result;
      const was = target.report.failures.length;
      for (const line of judgementNotes(result)) emit({ kind: 'note', text: line });
      if (result.unconfirmed) {
        seen.unconfirmed = result.unconfirmed;
        emit({ kind: 'note', text: `the tests pass, but ${result.unconfirmed}: the fix is kept for you to review, not confirmed` });
      }
      const unconfirmed = result.unconfirmed ? `; not confirmed: ${result.unconfirmed}` : '';
      return {
        status: 'fixed',
        message: `${was} failing test${was === 1 ? ' now passes' : 's now pass'} after ${n} attempt${n === 1 ? '' : 's'}${unconfirmed}`,
      };
    }
    if (result.kind === 'targeted' || result.kind === 'full') current = seen.last = result.result;
    // A refused green run leaves the figures as they were: what is failing is what the code without the refused patch does.
    if (result.kind !== 'no-edits' && result.kind !== 'budget') verdictNote = result.kind === 'targeted' ? undefined : record.note;
    message = feedbackFor(n, options, record, result, current, workspace);
  }
  // The figures after the last attempt come from the whole suite, not a rerun of a few tests.
  if (seen.last?.scope === 'targeted') seen.last = await tally.count('full', 'the whole suite, for the final figures', () => tests.full());
  return { status: 'not-fixed', message: notFixedSummary(attempts, seen.last ?? target, verdictNote) };
}
