/**
 * The one place that decides what counts as a test case (cases count; the suites, describe blocks and
 * files that contain them do not). Readers describe what the output says as events; foldEvents
 * turns them into the report's failures and passes.
 */
import { failureId, type TestFailure } from './test-report.js';
import { oneLine } from './text.js';

export type EventKind = 'case' | 'suite' | 'file';

export type FailureDetails = Omit<TestFailure, 'id' | 'name'>;

export interface TestEvent {
  kind: EventKind;
  /** Enclosing suites, outermost first (for a runner whose files are suites, the file comes first). */
  suites: string[];
  name: string;
  result: 'pass' | 'fail' | 'skip';
  /** Repo-relative test file, when the output names it. */
  file?: string;
  /**
   * For a failing suite or file: true when the runner says it failed by itself (a hook, an import error),
   * false when it says only its children failed; left out, its children decide.
   */
  own?: boolean;
  /** The failure as the reader built it (message, expected/actual, stack, locations); id and name are set here. */
  failure?: FailureDetails;
  /** Leave the file out of the id (runners that never name the file of a passing test). */
  fileInId?: boolean;
  /** Overrides the id (a file that failed as a whole is identified by its path; runners with native ids). */
  id?: string;
  /** The name as the runner writes it, when that is not the suites joined by " > " (go's `TestA/sub`). */
  label?: string;
}

export interface Folded {
  failures: TestFailure[];
  passed: string[];
  /** Cases that passed or failed (skips and suites left out). */
  cases: number;
}

/** Normalised full name: names trimmed, suites joined with " > ". */
export function fullName(event: Pick<TestEvent, 'suites' | 'name'>): string {
  return [...event.suites, event.name].map((s) => s.trim()).join(' > ');
}

export function foldEvents(raw: TestEvent[]): Folded {
  // Names are written by the test code: a name holding line breaks or control characters would end
  // a code span, a table row or a commit trailer wherever the id is shown. Folded on one line here, once.
  const events = raw.map(printable);
  const underFailure = failingAncestors(events);
  const failures: TestFailure[] = [];
  const passed: string[] = [];
  let cases = 0;
  for (const event of events) {
    const full = fullName(event);
    if (event.kind === 'case') {
      if (event.result === 'skip') continue;
      cases++;
      if (event.result === 'pass') passed.push(event.id ?? idOf(event, full));
      else failures.push(toFailure(event, full, event.label ?? full, false));
      continue;
    }
    if (event.result !== 'fail') continue;
    // A suite that failed only because its children did has nothing of its own to report.
    const own =
      event.own ?? !(underFailure.has(key(event.file, full)) || (event.kind === 'file' && event.suites.length === 0 && underFailure.has(fileKey(event.file))));
    if (!own) continue;
    failures.push(toFailure(event, full, event.kind === 'file' ? FILE_FAILURE_NAME : `${event.label ?? full} (suite)`, true));
  }
  const merged = mergeDuplicates(failures);
  // A test reported passing and failing in one run (a pass, then an error in its teardown) failed.
  const failed = new Set(merged.map((f) => f.id));
  return { failures: merged, passed: [...new Set(passed)].filter((id) => !failed.has(id)), cases };
}

function printable(event: TestEvent): TestEvent {
  const out: TestEvent = { ...event, suites: event.suites.map(oneLine), name: oneLine(event.name) };
  if (event.file !== undefined) out.file = oneLine(event.file);
  if (event.id !== undefined) out.id = oneLine(event.id);
  if (event.label !== undefined) out.label = oneLine(event.label);
  return out;
}

/** Name given to a failure that is a whole test file failing to load, compile or run. */
export const FILE_FAILURE_NAME = '(suite failed to run)';

function idOf(event: TestEvent, full: string): string {
  return failureId(event.fileInId === false ? undefined : event.file, full);
}

function toFailure(event: TestEvent, full: string, name: string, synthetic: boolean): TestFailure {
  const id = event.id ?? (event.kind === 'file' ? (event.file ?? FILE_FAILURE_NAME) : idOf(event, full));
  const failure: TestFailure = { id, name, message: '', locations: [], ...event.failure };
  if (event.file && !failure.file) failure.file = event.file;
  // A suite has no passing twin among the cases: it counts as fixed once it is no longer reported.
  if (synthetic) failure.synthetic = true;
  return failure;
}

/** Every suite path (and file) that holds a failing event below it, so a suite's check is one lookup. */
function failingAncestors(events: TestEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    if (e.result !== 'fail') continue;
    const parts = [...e.suites, e.name].map((x) => x.trim());
    for (let n = 1; n < parts.length; n++) {
      const path = parts.slice(0, n).join(' > ');
      out.add(key(e.file, path));
      out.add(key(undefined, path));
    }
    if (e.file && (e.kind !== 'file' || e.suites.length > 0)) out.add(fileKey(e.file));
  }
  return out;
}

const key = (file: string | undefined, path: string) => `${file ?? ''}\u0000${path}`;
const fileKey = (file: string | undefined) => `\u0001${file ?? ''}`;

/**
 * Keeps the first failure of each id and file (runners may repeat failures in a closing summary; ids without
 * a file may be shared by same-named tests of two files, which are both kept). A repeat that says something new
 * (a test that failed, then errored in teardown) adds its message to the first.
 */
export function mergeDuplicates(failures: TestFailure[]): TestFailure[] {
  const seen = new Map<string, TestFailure>();
  return failures.filter((f) => {
    const key = `${f.id}\u0000${f.file ?? ''}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, f);
      return true;
    }
    if (f.message && !first.message.includes(f.message)) first.message += `\n\n${f.message}`;
    return false;
  });
}

/** A reader's failure as an event carries it: id and name are decided by the fold. */
export function withoutName(failure: TestFailure): FailureDetails {
  const { id: _id, name: _name, ...rest } = failure;
  return rest;
}
