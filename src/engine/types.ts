import type { Pin } from '../workspace/pin.js';
import type { EditRecord } from '../workspace/workspace.js';
import type { CommandRun } from '../run/command.js';
import type { TestFailure, TestReport } from '../failures/test-report.js';
import type { SpecialCaseFinding } from '../judge/finding.js';
import type { ProbeFinding } from './probe.js';
import type { CasesAnswer, CasesQuestion } from '../model/cases-request.js';

export type { CasesAnswer, CasesQuestion };

export type { EditRecord };

/**
 * Interfaces the engine drives, and the records it returns. The CLI, the action and the benchmark
 * share one set of implementations (pipeline.ts plugs them in); tests plug in fakes.
 */

export interface TestResult {
  run: CommandRun;
  report: TestReport;
  /** 'full' for the whole command, 'targeted' for a rerun of chosen tests. */
  scope: 'full' | 'targeted';
}

export interface TestRunner {
  setup(): Promise<CommandRun | undefined>;
  full(): Promise<TestResult>;
  /** Reruns just these tests where the framework can pick them; undefined where it cannot. */
  targeted(failures: TestFailure[], format: string): Promise<TestResult | undefined>;
  /** Whether `targeted` would run anything for these tests (unknown: it is tried). */
  canTarget?(failures: TestFailure[], format: string): boolean;
  /** Stops the command running now (its whole process tree); the run then ends as killed. */
  cancel?(): void;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Every HTTP request made to the model server, the SDK's retries and resends included. */
  requests: number;
  /** How many of `requests` were retries or resends of a request already made (a 5xx, a time-out, a too-long request shortened). */
  retries?: number;
  /** The self-reviews' share of the figures above, when any ran: counted apart so fix-loop figures stay comparable. */
  review?: ReviewUsage;
  /** The further-cases request's share, when one was made (it belongs to no attempt either). */
  cases?: ReviewUsage;
}

export interface ReviewUsage {
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

/** What the self-review said of a green patch. */
export interface ReviewOutcome {
  /** `unclear`: not in the asked form twice, or no answer: the fix is kept but not confirmed (not committed), and the run says so. */
  verdict: 'ok' | 'symptom' | 'unclear';
  /** For `symptom`: what in the patch only fits the tests; for `unclear`: what came back instead. */
  reason: string;
  /** Requests it made (0 when it could not ask). */
  requests: number;
}

/** What the repository's formatter did to the changed files before a verifying run. */
export interface FormatOutcome {
  /** Files whose text the formatter changed (within the lines the fix touched). */
  formatted: string[];
  /** The formatters that ran (e.g. `prettier`). */
  formatters: string[];
  /** One line per formatter that failed; the files are then left as the model wrote them. */
  problems: string[];
  /** Milliseconds the formatters took (the project's tools, like its tests: not unbreak's own time). */
  ms: number;
}

export interface AttemptOutcome {
  summary: string;
  requests: number;
  toolCalls: number;
  ended?: string;
  promptTokens: number[];
  /** Milliseconds spent waiting for the model, when the fixer measures it. */
  modelMs?: number;
  /** Set when the token budget ran out: why, said for people. The run ends not fixed. */
  budgetSpent?: string;
}

export interface Fixer {
  attempt(message: string): Promise<AttemptOutcome>;
  /** The self-review of a patch the tests passed: one short request apart from the fix conversation. */
  review?(patch: string, failures: string[], findings?: string[]): Promise<ReviewOutcome>;
  /** Further cases of the rule the failing tests check, asked apart by a request that never sees the patch. */
  cases?(question: CasesQuestion): Promise<CasesAnswer>;
  readonly usage: Usage;
  /** Milliseconds spent waiting for the model over the run, when the fixer measures it. */
  readonly modelMs?: number;
  /** The model the server answered as, when it is not the one asked for. */
  readonly servedModel?: string;
}

/** The parts of the workspace the loop needs. */
export interface FixWorkspace {
  readonly edits: EditRecord[];
  changedFiles(): string[];
  restore(files?: string[]): string[];
  patch(files?: string[]): string;
  isTestFile(rel: string): boolean;
  /** A changed file's text before the run (null: the fix created it). */
  originalText?(rel: string): string | null | undefined;
  /** Files under a folder, for finding a Go test by its function. */
  listFiles?(dir?: string): Promise<string[]>;
  /**
   * Writes a file of unbreak's own (the further cases) that is never part of the patch and is
   * taken away by `removeScratch` or any restore; returns why it could not, or undefined.
   */
  writeScratch?(rel: string, text: string): string | undefined;
  removeScratch?(): void;
}

/** `flaky`: every test that failed passed when rerun once before any model request (README, "Command line"). */
export type Status = 'fixed' | 'not-fixed' | 'no-failures' | 'flaky' | 'skipped' | 'error';

export interface AttemptRecord {
  n: number;
  /** Ids failing when the attempt began. */
  failing: string[];
  edits: EditRecord[];
  filesChanged: string[];
  requests: number;
  /** The loop's own estimate of each request's input tokens (to fit the budget); not shown to people. */
  promptTokens: number[];
  /** What the model server reported for this attempt's requests (what a bill counts): the figure people see. */
  usage?: Usage;
  summary: string;
  /**
   * What the tests said after it: `special-cased` and `review-flagged` are green runs that were
   * not accepted (a decisive finding of the special-casing check: it detects the test runner or
   * changes the test machinery; the self-review said it treats the symptom, or rejected a strong
   * finding; or, with `counterexamples`, further cases of the rule failed on it).
   */
  result: 'fixed' | 'still-failing' | 'no-edits' | 'error' | 'special-cased' | 'review-flagged';
  failuresAfter?: number;
  /** Why it was judged so, one line. */
  note: string;
  /** Why the attempt ended before the model said it was done (the model repeating itself, a cap), when it did. */
  ended?: string;
  testRuns: number;
  /** Milliseconds of test runs this attempt caused (targeted and full). */
  testMs?: number;
  /** Milliseconds spent waiting for the model in this attempt, when measured. */
  modelMs?: number;
  /** Files the repository's formatter changed (inside the lines the fix touched) before the verifying run. */
  formatted?: string[];
  /** Milliseconds the repository's formatter took in this attempt. */
  formatMs?: number;
  /** The special-casing check's findings: the decisive ones that refused it, or those noted (weak) and put to the review (strong). */
  specialCases?: SpecialCaseFinding[];
  /** The self-review of a green run, when one was made (its request is not in `requests`). */
  review?: ReviewOutcome;
  /** Further cases of the rule that failed on the attempt's green patch, which was sent back for them. */
  counterexamples?: { name: string; message: string }[];
}

export interface Outcome {
  status: Status;
  /** One line for people: what happened, and for a failure, why. */
  message: string;
  attempts: AttemptRecord[];
  changedFiles: string[];
  failuresBefore: number;
  failuresAfter: number;
  usage: Usage;
  patch: string;
  before?: TestReport;
  after?: TestReport;
  testRuns: number;
  testMs: number;
  /** Ids of failing tests that passed when run again before any model request (left out of the fix). */
  flaky?: string[];
  /** Milliseconds spent waiting for the model, when measured: wall time minus tests minus this is unbreak's own. */
  modelMs?: number;
  /** A fixed run's changed files as the verifying run left them (workspace/pin.ts): what is delivered. */
  pinned?: Pin[];
  /**
   * The base branch, when the tests passed on the PR's head and failed only merged with it: the
   * failures (and any fix) are those of the merge commit; a fix was verified on the head too.
   */
  mergedWith?: string;
  /** More lines for people about what was tested (e.g. the merge with the base, and why it was or was not). */
  notes?: string[];
  /**
   * The dependencies the change moved (old → new), kept by the fix, each with the line of the new
   * version's declarations or changelog that the patch follows, when one names what the patch uses.
   */
  bumps?: { name: string; from: string; to: string; follows?: string }[];
  /**
   * Set on a fixed run whose fix the self-review could not confirm (no verdict in the asked form,
   * twice; or strong special-casing evidence with the review off): why. The CLI keeps the fix in
   * the work tree and says so; the action suggests it and never pushes it.
   */
  unconfirmed?: string;
}

export type ProgressEvent =
  | { kind: 'phase'; text: string }
  /** A test run is about to start, and why. */
  | { kind: 'running'; scope: 'full' | 'targeted'; why: string }
  | { kind: 'tests'; scope: 'full' | 'targeted'; result: TestResult }
  | { kind: 'attempt'; n: number; of: number; failing: number }
  | { kind: 'model'; text: string }
  | { kind: 'tool'; text: string }
  | { kind: 'note'; text: string };

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
  /** May wait for what it needs (the parsers, compiled during the rerun: see `failing`). */
  firstMessage: (before: TestResult) => string | Promise<string>;
  /** Made only when a model is needed, so a green run makes no network call. */
  makeFixer: () => Fixer;
  /**
   * Checks the model server (its address, key and model id) while the first test run is going;
   * resolves with the problem, or undefined when it finds none or cannot tell.
   */
  probe?: (signal: AbortSignal) => Promise<ProbeFinding | undefined>;
  /** How long a server the probe could not reach is checked again before the first model request (probe.ts's default unless given). */
  serverWaitMs?: number;
  /** A reason not to ask the model at all (e.g. the loop guard), or undefined to go on. */
  gate?: (before: TestResult) => Veto | undefined;
  /**
   * Told once, when the first run shows failing tests that nothing ended the run for, before the
   * rerun for flaky ones: what only the first message needs (the parsers) is started here, so a
   * run with nothing to ask pays nothing for it, and its making still overlaps a test run.
   */
  failing?: (before: TestResult) => void;
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
