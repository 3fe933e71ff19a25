import type { End, Seen, Tally } from './run-state.js';
import type { AttemptRecord, FixOptions, FixWorkspace, Outcome, TestResult, Usage } from './types.js';

/** Keeps a verified fix (unless a dry run) or puts the work tree back, and makes the outcome. */
export function settle(workspace: FixWorkspace, options: FixOptions, end: End, attempts: AttemptRecord[], tally: Tally, seen: Seen): Outcome {
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
