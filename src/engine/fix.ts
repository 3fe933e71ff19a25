import { environmentProblem } from '../run/missing-tools.js';
import type { TestFailure } from '../failures/test-report.js';
import { feedbackMessage, passedRun } from './feedback.js';
import { Probe, type ProbeFinding } from './probe.js';
import { describeFinding, findingSummary, findSpecialCasing, specialCaseFeedback, weighFindings, type SpecialCaseFinding } from '../judge/special-case.js';
import type {
  AttemptOutcome,
  AttemptRecord,
  Fixer,
  FixWorkspace,
  FormatOutcome,
  Outcome,
  ProgressEvent,
  ReviewOutcome,
  Status,
  TestResult,
  TestRunner,
  Usage,
} from './types.js';
import { isSynthetic, judge, targetedVerdict, type Verdict } from './verify.js';

export interface FixOptions {
  maxAttempts: number;
  dryRun: boolean;
  /** Tokens a feedback message may take. */
  feedbackTokens: number;
  /** How failures are fed back after an attempt (default `structured`). */
  feedback?: 'structured' | 'raw';
  /** After a green run, one short request asks whether the patch fixes the cause (default off here; on in the config). */
  review?: boolean;
}

/**
 * A reason not to ask the model once the tests have run. Its message is said as it is (outside
 * text in it is made inert); `notes` are unbreak's own lines (links to its own pull requests),
 * shown as written.
 */
export type Veto = string | { message: string; notes: string[] };

export interface FixDeps {
  tests: TestRunner;
  workspace: FixWorkspace;
  /** Builds the first message from the first report (context, budget, redaction happen there). */
  firstMessage: (before: TestResult) => string;
  /** Made only when a model is needed, so a green run makes no network call. */
  makeFixer: () => Fixer;
  /**
   * Checks the model server (its address, key and model id) while the first test run is going;
   * resolves with the problem, or undefined when it finds none or cannot tell.
   */
  probe?: (signal: AbortSignal) => Promise<ProbeFinding | undefined>;
  /** A reason not to ask the model at all (e.g. the loop guard), or undefined to go on. */
  gate?: (before: TestResult) => Veto | undefined;
  /** Puts test files back as they were before the run; returns those it restored. */
  restoreTestFiles: () => string[] | Promise<string[]>;
  /**
   * Runs the repository's own formatter on these changed files, keeping its changes inside the
   * lines the fix touched; absent where the repository configures none.
   */
  format?: (files: string[]) => Promise<FormatOutcome>;
  /** A repository file's text, for the special-casing check to read the failing tests; undefined where it cannot. */
  readFile?: (rel: string) => string | undefined;
  progress?: (event: ProgressEvent) => void;
}

/** What one attempt came to, as far as the tests are concerned. */
export type AttemptResult =
  /** The work tree is as it was: nothing to run. */
  | { kind: 'no-edits' }
  /** A rerun of the failing tests says they still fail; the full suite was not run. */
  | { kind: 'targeted'; result: TestResult }
  /**
   * The whole suite ran; the verdict says whether it is fixed. When fixed: what the review said,
   * the strong and weak findings of the special-casing check (noted), and, when the review could
   * not confirm the fix, why (the fix is then kept but not committed).
   */
  | { kind: 'full'; result: TestResult; verdict: Verdict; review?: ReviewOutcome; findings?: SpecialCaseFinding[]; unconfirmed?: string }
  /** Green, but the patch detects the test runner or changes the test machinery (a decisive finding): refused. */
  | { kind: 'special-cased'; result: TestResult; verdict: Verdict; findings: SpecialCaseFinding[] }
  /** Green, but the self-review says the patch only treats the tests' symptoms (or the strong findings it was asked about): sent back. */
  | { kind: 'review-flagged'; result: TestResult; verdict: Verdict; review: ReviewOutcome; findings?: SpecialCaseFinding[] }
  /** The token budget ran out during the attempt. */
  | { kind: 'budget'; reason: string };

/** How the run ends, before the work tree is settled. */
interface End {
  status: Status;
  message: string;
  /** unbreak's own lines for the report (a gate's links). */
  notes?: string[];
}

/** Test runs and their time, counted as they happen (each run is also announced). */
class Tally {
  runs = 0;
  ms = 0;
  /** A run stopped from outside (the model server check said no) is not reported as a test result. */
  silent = false;
  constructor(private readonly emit: (event: ProgressEvent) => void) {}

  /** Announces the run before it starts (`why`), then counts it. */
  async count<T extends TestResult | undefined>(scope: 'full' | 'targeted', why: string, start: () => Promise<T>): Promise<T> {
    this.emit({ kind: 'running', scope, why });
    const result = await start();
    if (result && !this.silent) {
      this.runs++;
      this.ms += result.run.durationMs;
      this.emit({ kind: 'tests', scope: result.scope, result });
    }
    return result;
  }
}

/** What the run has seen so far: the first and the latest test results, and the model. */
interface Seen {
  before?: TestResult;
  last?: TestResult;
  fixer?: Fixer;
  /** Failing tests that passed when run again before any model request. */
  flaky?: TestFailure[];
  /** Why the delivered fix is not confirmed by the self-review, when it is not. */
  unconfirmed?: string;
}

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
  // once the tests show the model is needed (a green suite needs no server).
  const probe = new Probe(deps.probe, deps.progress ?? (() => {}));
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
    return await afterFirstRun(deps, options, tally, attempts, seen, first.value, probe);
  } finally {
    probe.abort();
  }
}

async function afterFirstRun(
  deps: FixDeps,
  options: FixOptions,
  tally: Tally,
  attempts: AttemptRecord[],
  seen: Seen,
  before: TestResult,
  probe: Probe,
): Promise<End> {
  const { tests, workspace } = deps;
  const emit = deps.progress ?? (() => {});
  seen.before = seen.last = before;
  // A command, runner or package manager that is not there is the machine's to fix, not the model's.
  const ran = before.report.total ?? (before.report.passed?.length ?? 0) + before.report.failures.filter((f) => !isSynthetic(f, before.report.format)).length;
  const missing = environmentProblem(before.run, ran);
  if (missing) return { status: 'error', message: `${before.run.notFound ? 'the test command was not found' : 'the tests could not run'}: ${missing.message}` };
  if (before.run.notFound) return { status: 'error', message: `the test command was not found: ${before.run.command}: ${lastLine(before.run.output)}` };
  // Killed for time before it named a single test: nothing for a model to fix, and nothing to show it.
  if (before.run.timedOut && ran === 0) {
    const limit = before.run.limitMs !== undefined ? ` (${Math.round(before.run.limitMs / 1000)}s)` : '';
    return {
      status: 'error',
      message:
        `the test command ran longer than its time limit${limit} and was killed before it reported any test, so no model request was made: ` +
        'raise --test-timeout (input test-timeout), or check that the command ends on its own (no watch mode, no prompt waiting for input)',
    };
  }
  if (before.run.exitCode === 0 && before.report.failures.length === 0) {
    return { status: 'no-failures', message: `no failing tests (${before.report.total ?? 'all'} passed)` };
  }
  if (before.run.exitCode === 0) {
    emit({ kind: 'note', text: `the test command exited 0 but its output names ${before.report.failures.length} failures; treating them as failing` });
  }

  const veto = deps.gate?.(before);
  if (veto) return typeof veto === 'string' ? { status: 'skipped', message: veto } : { status: 'skipped', message: veto.message, notes: veto.notes };

  // Before anything is billed: a failure that does not come back is flaky, not a bug to fix.
  // A test that rewrote its own file is not flaky: a failure that went away is trusted only with the
  // original test files. Only then are they compared with the snapshot (a stat of every test file,
  // which a large repository feels), and where one had changed it is put back and the rerun made on
  // the originals. Failures that came back need no check: the verdict is judged with the originals anyway.
  // The rerun itself is kept only where it is the run to report: its output (up to 8 MB of text,
  // twice that as UTF-16) would otherwise stay in this function's frame through every attempt.
  let { flipped, again } = await rerunFailing(tests, tally, before);
  if (flipped.length) {
    const restored = await deps.restoreTestFiles();
    if (restored.length) {
      emit({ kind: 'note', text: `put back test files the test command had changed, to run the failing tests again on the originals: ${restored.join(', ')}` });
      ({ flipped, again } = await rerunFailing(tests, tally, before));
    }
  }
  seen.flaky = flipped;
  if (again) {
    seen.last = again;
    return { status: 'flaky', message: `every failing test passed when run again, so nothing was asked or changed: ${names(flipped)}` };
  }
  if (flipped.length) {
    emit({ kind: 'note', text: `${flipped.length} of the failing tests passed when run again; flaky, so left out of the fix: ${names(flipped)}` });
  }
  // The model is needed now: a server already known to be unreachable ends the run before any request.
  const problem = await probe.result();
  if (problem) return probe.end(problem);
  const target = withoutTests(before, flipped);
  const fixer = (seen.fixer = deps.makeFixer());
  let message = deps.firstMessage(target);
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
    if (result.kind === 'full' && result.verdict.fixed) result = await acceptance(deps, options, fixer, target, result);
    note(record, result, tally.runs - runsBefore, tally.ms - msBefore);
    if (result.kind === 'special-cased' || result.kind === 'review-flagged') emit({ kind: 'note', text: `attempt ${n} not accepted: ${record.note}` });
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

/**
 * The not-fixed headline: what was tried, what still fails (the last full run's verdict when the
 * last test run was one), that the edits were put back, and what to try next.
 */
export function notFixedSummary(attempts: AttemptRecord[], last: TestResult, verdictNote?: string): string {
  const n = attempts.length;
  const editing = attempts.filter((a) => a.edits.some((e) => e.ok));
  const files = [...new Set(editing.flatMap((a) => a.edits.filter((e) => e.ok).map((e) => e.path)))];
  const named = `${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
  const tried = !editing.length
    ? `the model made no edit in ${n === 1 ? 'its one attempt' : `${n} attempts`}`
    : n === 1
      ? `the one attempt edited ${named}`
      : `${editing.length} of ${n} attempts edited ${named}`;
  const failing = last.report.failures.length;
  const still = verdictNote ?? (failing ? `${failing} test${failing === 1 ? '' : 's'} still fail${failing === 1 ? 's' : ''}` : 'the tests still fail');
  const putBack = editing.length ? '; the edits were put back' : '';
  return `${tried}; ${still}${putBack}. Next: allow more attempts, say where the cause is (instructions), or try a stronger model`;
}

async function runSetup(tests: TestRunner, tally: Tally): Promise<End | undefined> {
  const setup = await tests.setup();
  if (!setup) return undefined;
  tally.ms += setup.durationMs;
  if (setup.timedOut) return { status: 'error', message: `the setup command timed out and was killed: ${setup.command}` };
  if (setup.exitCode === 0) return undefined;
  const why = setup.notFound ? 'was not found' : `failed with exit code ${setup.exitCode ?? setup.signal}`;
  return { status: 'error', message: `the setup command ${why}: ${setup.command}: ${lastLine(setup.output)}` };
}

/** The usage the server reported between two readings of the fixer's running total. */
function usageSince(before: Usage, now: Usage): Usage {
  return {
    promptTokens: now.promptTokens - before.promptTokens,
    completionTokens: now.completionTokens - before.completionTokens,
    requests: now.requests - before.requests,
    ...(now.retries !== undefined ? { retries: now.retries - (before.retries ?? 0) } : {}),
  };
}

function attemptRecord(n: number, current: TestResult, workspace: FixWorkspace, editsBefore: number, outcome: AttemptOutcome, usage: Usage): AttemptRecord {
  return {
    n,
    failing: current.report.failures.map((f) => f.id),
    edits: workspace.edits.slice(editsBefore),
    filesChanged: workspace.changedFiles(),
    requests: outcome.requests,
    promptTokens: outcome.promptTokens,
    usage,
    summary: outcome.summary,
    result: 'still-failing',
    note: '',
    testRuns: 0,
    ...(outcome.modelMs !== undefined ? { modelMs: outcome.modelMs } : {}),
    ...(outcome.ended ? { ended: outcome.ended } : {}),
  };
}

/**
 * Runs the tests after an attempt that changed the work tree: a quick look at the tests that
 * failed first, and the verdict always from a full run.
 */
async function verifyAttempt(deps: FixDeps, tally: Tally, before: TestResult, current: TestResult, flaky: TestFailure[]): Promise<AttemptResult> {
  const targets = uniqueFailures([...before.report.failures, ...current.report.failures]);
  const quick =
    (deps.tests.canTarget?.(targets, before.report.format) ?? true)
      ? await tally.count('targeted', 'the failing tests, to check the edits', () => deps.tests.targeted(targets, before.report.format))
      : undefined;
  if (quick && targetedVerdict(targets, quick) === 'fail') return { kind: 'targeted', result: quick };

  let full = await tally.count('full', 'the whole suite, for the verdict', () => deps.tests.full());
  let verdict = judgeWithFlaky(before, full, flaky);
  if (verdict.fixed) {
    // The verdict must hold with the original tests: put back any test file that changed.
    const restored = await deps.restoreTestFiles();
    if (restored.length) {
      deps.progress?.({ kind: 'note', text: `restored original test files before the final run: ${restored.join(', ')}` });
      full = await tally.count('full', 'the whole suite again, with the original test files', () => deps.tests.full());
      verdict = judgeWithFlaky(before, full, flaky);
    }
  }
  return { kind: 'full', result: full, verdict };
}

/**
 * The repository's formatter on the changed files, before the verifying run, so what is verified
 * is what is delivered. A formatter that fails leaves the files as the model wrote them.
 */
async function formatChanged(deps: FixDeps, record: AttemptRecord): Promise<void> {
  if (!deps.format) return;
  const done = await deps.format(deps.workspace.changedFiles());
  record.formatMs = (record.formatMs ?? 0) + done.ms;
  for (const problem of done.problems) deps.progress?.({ kind: 'note', text: `the formatter was not applied: ${problem}` });
  if (!done.formatted.length) return;
  record.formatted = done.formatted;
  deps.progress?.({ kind: 'note', text: `${done.formatters.join(', ')} formatted the lines the fix changed in ${done.formatted.join(', ')}` });
}

/**
 * A green run is accepted by evidence: the special-casing check weighs the added lines. A
 * decisive finding (reading the test environment, changing the test machinery) refuses the patch;
 * strong findings are put to the self-review, which decides about them; weak ones are noted. With
 * no strong finding, the review (when on) looks at the patch in general. A review that gives no
 * verdict in the asked form (twice) leaves the fix unconfirmed: kept, but not committed.
 */
async function acceptance(
  deps: FixDeps,
  options: FixOptions,
  fixer: Fixer,
  target: TestResult,
  green: AttemptResult & { kind: 'full' },
): Promise<AttemptResult> {
  const patch = deps.workspace.patch();
  const failures = target.report.failures;
  const findings = findSpecialCasing({ patch, failures, readFile: deps.readFile ?? (() => undefined), isTestFile: (f) => deps.workspace.isTestFile(f) });
  const { decisive, strong } = weighFindings(findings);
  if (decisive.length) return { kind: 'special-cased', result: green.result, verdict: green.verdict, findings: decisive };
  const noted = findings.length ? { findings } : {};
  if (!options.review || !fixer.review) {
    if (!strong.length) return { ...green, ...noted };
    return {
      ...green,
      ...noted,
      unconfirmed: `the special-casing check found strong evidence (${describeFinding(strong[0]!)}) and no self-review ran to decide about it`,
    };
  }
  const about = strong.length ? ` about ${strong.length === 1 ? 'a finding' : `${strong.length} findings`} of the special-casing check` : '';
  deps.progress?.({ kind: 'phase', text: `asking the model to review the patch${about}` });
  const review = await fixer.review(
    patch,
    failures.map((f) => f.id),
    strong.map(describeFinding),
  );
  if (review.verdict === 'symptom')
    return { kind: 'review-flagged', result: green.result, verdict: green.verdict, review, ...(strong.length ? { findings: strong } : {}) };
  if (review.verdict === 'unclear')
    return { ...green, ...noted, review, unconfirmed: `the self-review could not confirm it (${review.reason || 'no verdict'})` };
  return { ...green, ...noted, review };
}

/** What people read about an accepted fix's judgement: weak findings noted, strong ones the review accepted. */
export function judgementNotes(result: { findings?: SpecialCaseFinding[]; review?: ReviewOutcome }): string[] {
  return (result.findings ?? []).slice(0, 6).map((f) => {
    if (f.strength === 'weak') return `special-casing check, noted only (weak evidence): ${describeFinding(f)}`;
    if (result.review?.verdict === 'ok') return `special-casing check, put to the self-review, which accepted it: ${describeFinding(f)}`;
    return `special-casing check, not decided by a review: ${describeFinding(f)}`;
  });
}

/**
 * The verdict still needs a green run, but a flaky test that fails again is named as flaky,
 * never as something the fix broke.
 */
function judgeWithFlaky(before: TestResult, after: TestResult, flaky: TestFailure[]): Verdict {
  if (!flaky.length) return judge(before, after);
  const ids = new Set(flaky.map((f) => f.id));
  const again = after.report.failures.filter((f) => ids.has(f.id));
  const verdict = judge(before, withoutTests(after, again));
  if (!again.length) return verdict;
  const failed = after.run.timedOut || after.run.exitCode !== 0;
  const reasons = [
    ...verdict.reasons.filter((r) => !(failed && /^the test command exited/.test(r))),
    `flaky test${again.length === 1 ? '' : 's'} failed again: ${names(again)}`,
  ];
  return { ...verdict, fixed: false, reasons };
}

/** The failing tests run once more: which of them passed, and the run itself where every one did. */
async function rerunFailing(tests: TestRunner, tally: Tally, before: TestResult): Promise<{ flipped: TestFailure[]; again?: TestResult }> {
  // Announce only what runs: where the runner cannot pick single tests, say the whole suite runs again, and why.
  const targetable = tests.canTarget?.(before.report.failures, before.report.format) ?? true;
  const again = await (
    targetable
      ? tally.count('targeted', 'the failing tests once more, to tell flaky ones from broken ones', () =>
          tests.targeted(before.report.failures, before.report.format),
        )
      : Promise.resolve(undefined)
  ).then(
    (r) =>
      r ??
      tally.count(
        'full',
        `the whole suite once more, to tell flaky tests from broken ones${targetable ? '' : ' (this test command cannot run single tests)'}`,
        () => tests.full(),
      ),
  );
  const flipped = flippedTests(before, again);
  return flipped.length === before.report.failures.length ? { flipped, again } : { flipped };
}

/** Failing tests of the first run that the rerun saw passing. */
function flippedTests(before: TestResult, again: TestResult): TestFailure[] {
  // A rerun that ran no test at all (a name filter that matched nothing) saw nothing pass.
  if (again.report.total === 0) return [];
  const failing = new Set(again.report.failures.map((f) => f.id));
  const passed = again.report.passed ? new Set(again.report.passed) : undefined;
  const clean = again.run.exitCode === 0 && !again.run.timedOut;
  return before.report.failures.filter((f) => !failing.has(f.id) && (passed?.has(f.id) || (clean && (!passed || isSynthetic(f, before.report.format)))));
}

function withoutTests(result: TestResult, drop: TestFailure[]): TestResult {
  if (!drop.length) return result;
  const ids = new Set(drop.map((f) => f.id));
  return { ...result, report: { ...result.report, failures: result.report.failures.filter((f) => !ids.has(f.id)) } };
}

function names(failures: TestFailure[]): string {
  const shown = failures.slice(0, 5).map((f) => f.id);
  return failures.length > 5 ? `${shown.join(', ')} and ${failures.length - 5} more` : shown.join(', ');
}

/** Writes what the tests said into the attempt's record. */
function note(record: AttemptRecord, result: AttemptResult, runs: number, ms: number): void {
  switch (result.kind) {
    case 'no-edits':
      record.result = 'no-edits';
      record.note = record.edits.length ? 'no edit applied' : 'the model made no edit';
      return;
    case 'targeted': {
      const failing = result.result.report.failures.length;
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: failing });
      record.note = `${failing} targeted test${failing === 1 ? '' : 's'} still failing`;
      return;
    }
    case 'special-cased': {
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: 0, result: 'special-cased', specialCases: result.findings });
      const [first] = result.findings;
      const more = result.findings.length > 1 ? ` (and ${result.findings.length - 1} more)` : '';
      const what = findingSummary(first!);
      record.note = `the tests pass, but the patch special-cases them: ${first!.file}:${first!.line} ${what}${more}`;
      return;
    }
    case 'review-flagged':
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: 0, result: 'review-flagged', review: result.review });
      if (result.findings) record.specialCases = result.findings;
      record.note = `the tests pass, but the self-review says the patch treats the symptom: ${result.review.reason}`;
      return;
    case 'full':
      Object.assign(record, { testRuns: runs, testMs: ms, failuresAfter: result.result.report.failures.length });
      if (result.verdict.fixed) {
        record.result = 'fixed';
        record.note = `all ${result.result.report.total ?? ''} tests pass`.replace('  ', ' ');
        if (result.review) record.review = result.review;
        if (result.findings) record.specialCases = result.findings;
        if (result.unconfirmed) record.note += `; not confirmed: ${result.unconfirmed}`;
      } else {
        // A green run refused for another reason says so, and never that tests still fail.
        record.note = `${passedRun(result.result) ? 'the tests pass, but ' : ''}${result.verdict.reasons.join('; ')}`;
      }
      return;
    case 'budget':
      return;
  }
}

/** The one place the model's next message is made from what its attempt came to. */
function feedbackFor(n: number, options: FixOptions, record: AttemptRecord, result: AttemptResult, current: TestResult, workspace: FixWorkspace): string {
  const common = {
    attempt: n,
    maxAttempts: options.maxAttempts,
    edits: record.edits,
    changedFiles: workspace.changedFiles(),
    budget: options.feedbackTokens,
    ...(options.feedback ? { style: options.feedback } : {}),
    ...(record.formatted ? { formatted: record.formatted } : {}),
    ...(record.ended ? { ended: record.ended } : {}),
  };
  if (result.kind === 'special-cased') {
    return feedbackMessage({ ...common, result: result.result, stillFailing: [], newFailures: [], refusal: specialCaseFeedback(result.findings) });
  }
  if (result.kind === 'review-flagged') {
    const asked = result.findings?.length
      ? `\nIt was asked about what the special-casing check found:\n${result.findings.map((f) => `- ${describeFinding(f)}`).join('\n')}`
      : '';
    const refusal = `A review of your patch says it only satisfies these tests instead of fixing the cause: ${result.review.reason}${asked}\nFix the cause in general code that works for any input; do not detect tests or answer their particular inputs.`;
    return feedbackMessage({ ...common, result: result.result, stillFailing: [], newFailures: [], refusal });
  }
  if (result.kind === 'targeted') {
    return feedbackMessage({ ...common, result: result.result, stillFailing: result.result.report.failures, newFailures: [] });
  }
  if (result.kind === 'full') {
    const { verdict } = result;
    const stillFailing = verdict.stillFailing.length ? verdict.stillFailing : result.result.report.failures.filter((f) => !verdict.newFailures.includes(f));
    return feedbackMessage({ ...common, result: result.result, verdict, stillFailing, newFailures: verdict.newFailures });
  }
  return feedbackMessage({ ...common, stillFailing: current.report.failures, newFailures: [] });
}

/** Keeps a verified fix (unless a dry run) or puts the work tree back, and makes the outcome. */
function settle(workspace: FixWorkspace, options: FixOptions, end: End, attempts: AttemptRecord[], tally: Tally, seen: Seen): Outcome {
  let { status, message } = end;
  const keep = status === 'fixed' && !options.dryRun;
  const changedFiles = workspace.changedFiles();
  const patch = workspace.patch(changedFiles);
  if (!keep) {
    try {
      workspace.restore();
    } catch (error) {
      status = 'error';
      message = `${end.message}; and ${error instanceof Error ? error.message : String(error)}: check these files by hand`;
    }
  }
  const { before, last, fixer } = seen;
  const flaky = (seen.flaky ?? []).map((f) => f.id);
  const usage: Usage = fixer?.usage ? { ...fixer.usage } : { promptTokens: 0, completionTokens: 0, requests: 0 };
  // A server that answers as another model is said in the summary and the status comment too.
  const served = fixer?.servedModel ? [`The model server answered as \`${fixer.servedModel.replace(/`/g, "'")}\`, not the model asked for.`] : [];
  return {
    status,
    message,
    attempts,
    changedFiles: status === 'fixed' ? changedFiles : [],
    failuresBefore: before?.report.failures.length ?? 0,
    failuresAfter: status === 'fixed' ? 0 : ((last ?? before)?.report.failures.length ?? 0),
    usage,
    patch: status === 'fixed' ? patch : '',
    ...(before ? { before: before.report } : {}),
    ...(last ? { after: last.report } : {}),
    testRuns: tally.runs,
    testMs: tally.ms,
    flaky,
    ...(fixer?.modelMs !== undefined ? { modelMs: fixer.modelMs } : {}),
    ...(served.length || end.notes?.length ? { notes: [...(end.notes ?? []), ...served] } : {}),
    ...(status === 'fixed' && seen.unconfirmed ? { unconfirmed: seen.unconfirmed } : {}),
  };
}

function uniqueFailures(failures: TestFailure[]): TestFailure[] {
  const seen = new Set<string>();
  return failures.filter((f) => !seen.has(f.id) && seen.add(f.id));
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .at(-1)
      ?.slice(0, 200) ?? ''
  );
}
