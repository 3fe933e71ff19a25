import { createTwoFilesPatch } from 'diff';
import type {
  AttemptOutcome,
  CasesAnswer,
  CasesQuestion,
  EditRecord,
  Fixer,
  FixDeps,
  FixWorkspace,
  ReviewOutcome,
  TestResult,
  TestRunner,
  Usage,
} from '../src/engine/types.js';
import type { CommandRun } from '../src/run/command.js';
import type { TestFailure, TestReport } from '../src/failures/test-report.js';

/** In-process doubles for the loop's seams: canned test results, a scripted fixer, a map of files. */

export function failure(name: string, extra: Partial<TestFailure> = {}): TestFailure {
  return { id: `t.test.js > ${name}`, file: 't.test.js', name, message: `${name} failed`, expected: '1', actual: '2', locations: [], ...extra };
}

export function run(exitCode: number | null, extra: Partial<CommandRun> = {}): CommandRun {
  const output = extra.output ?? `exit ${exitCode}`;
  return {
    command: 'node --test',
    exitCode,
    timedOut: false,
    notFound: false,
    durationMs: 10,
    startedAt: 0,
    output,
    outputBytes: output.length,
    droppedBytes: 0,
    ...extra,
  };
}

/** A full-suite result: the named failures, the rest passing (names given), `total` tests. */
export function full(
  failing: TestFailure[],
  total: number,
  extra: { exitCode?: number; passed?: string[]; report?: Partial<TestReport>; run?: Partial<CommandRun> } = {},
): TestResult {
  const exitCode = extra.exitCode ?? (failing.length ? 1 : 0);
  const failingIds = new Set(failing.map((f) => f.id));
  const passed =
    extra.passed ??
    Array.from({ length: total }, (_, i) => `t.test.js > ok ${i}`)
      .slice(0, total - failing.length)
      .concat(ALL.filter((id) => !failingIds.has(id)));
  return { scope: 'full', run: run(exitCode, extra.run), report: { format: 'node-test-spec', total, passed, failures: failing, ...extra.report } };
}

export function targeted(failing: TestFailure[], passed: string[]): TestResult {
  return {
    scope: 'targeted',
    run: run(failing.length ? 1 : 0),
    report: { format: 'node-test-spec', total: failing.length + passed.length, passed, failures: failing },
  };
}

/** Names tests a case uses, so a passing run names them as passed. */
const ALL: string[] = [];
export function known(...failures: TestFailure[]): void {
  ALL.length = 0;
  ALL.push(...failures.map((f) => f.id));
}

export class FakeTests implements TestRunner {
  readonly calls: string[] = [];
  constructor(
    private readonly fulls: TestResult[],
    private readonly targets: (TestResult | undefined)[] = [],
    private readonly setupRun?: CommandRun,
  ) {}
  async setup(): Promise<CommandRun | undefined> {
    this.calls.push('setup');
    return this.setupRun;
  }
  async full(): Promise<TestResult> {
    this.calls.push('full');
    const next = this.fulls.shift();
    if (!next) throw new Error('FakeTests: no more full runs scripted');
    return next;
  }
  async targeted(failures: TestFailure[]): Promise<TestResult | undefined> {
    this.calls.push(`targeted:${failures.map((f) => f.name).join(',')}`);
    return this.targets.shift();
  }
}

export class FakeWorkspace implements FixWorkspace {
  readonly edits: EditRecord[] = [];
  readonly files = new Map<string, string>();
  private readonly originals = new Map<string, string>();
  restores = 0;
  failRestore = false;
  constructor(files: Record<string, string> = { 'src/a.js': 'return 2' }) {
    for (const [k, v] of Object.entries(files)) this.files.set(k, v);
  }
  write(path: string, text: string): void {
    if (!this.originals.has(path)) this.originals.set(path, this.files.get(path) ?? '');
    this.files.set(path, text);
    this.edits.push({ path, ok: true });
  }
  refuse(path: string, error: string): void {
    this.edits.push({ path, ok: false, error });
  }
  changedFiles(): string[] {
    return [...this.originals].filter(([k, v]) => this.files.get(k) !== v).map(([k]) => k);
  }
  restore(): string[] {
    this.restores++;
    if (this.failRestore) throw new Error('cannot write src/a.js');
    const changed = this.changedFiles();
    for (const [k, v] of this.originals) this.files.set(k, v);
    this.originals.clear();
    return changed;
  }
  /** A real unified diff, as the special-casing check reads it. */
  patch(files = this.changedFiles()): string {
    return files.map((f) => createTwoFilesPatch(`a/${f}`, `b/${f}`, `${this.originals.get(f) ?? ''}\n`, `${this.files.get(f) ?? ''}\n`)).join('');
  }
  isTestFile(rel: string): boolean {
    return rel.includes('.test.');
  }
}

export type Step = (ws: FakeWorkspace) => Partial<AttemptOutcome> | void;

export class FakeFixer implements Fixer {
  readonly messages: string[] = [];
  readonly usage: Usage = { promptTokens: 0, completionTokens: 0, requests: 0 };
  modelMs = 0;
  /** The patches it was asked to review, in order. */
  readonly reviewed: string[] = [];
  /** Answers to review requests, in order (default: ok). */
  reviews: Omit<ReviewOutcome, 'requests'>[] = [];
  /** The further-cases request, where a test gives one (unset: the fixer cannot ask for them). */
  cases?: (question: CasesQuestion) => Promise<CasesAnswer>;
  constructor(
    private readonly ws: FakeWorkspace,
    private readonly steps: Step[],
  ) {}
  /** The special-casing findings each review was asked about, in order (empty: a general review). */
  readonly asked: string[][] = [];
  async review(patch: string, _failures: string[], findings: string[] = []): Promise<ReviewOutcome> {
    this.reviewed.push(patch);
    this.asked.push(findings);
    const review = (this.usage.review ??= { requests: 0, promptTokens: 0, completionTokens: 0 });
    for (const u of [this.usage, review]) {
      u.requests++;
      u.promptTokens += 50;
      u.completionTokens += 5;
    }
    return { ...(this.reviews.shift() ?? { verdict: 'ok', reason: '' }), requests: 1 };
  }
  async attempt(message: string): Promise<AttemptOutcome> {
    this.messages.push(message);
    const step = this.steps.shift();
    if (!step) throw new Error('FakeFixer: no more attempts scripted');
    this.usage.requests++;
    this.usage.promptTokens += 100;
    this.usage.completionTokens += 10;
    this.modelMs += 5;
    return { summary: '', requests: 1, toolCalls: 0, promptTokens: [100], modelMs: 5, ...(step(this.ws) ?? {}) };
  }
}

/** Everything runFix needs, faked; `made` says whether the model was asked at all. */
export function deps(tests: FakeTests, ws: FakeWorkspace, steps: Step[], extra: Partial<FixDeps> = {}) {
  const fixer = new FakeFixer(ws, steps);
  const events: string[] = [];
  let made = 0;
  const d: FixDeps = {
    tests,
    workspace: ws,
    firstMessage: (before) => `fix ${before.report.failures.map((f) => f.name).join(', ')}`,
    makeFixer: () => {
      made++;
      return fixer;
    },
    restoreTestFiles: () => [],
    progress: (e) => events.push(e.kind === 'tests' ? `tests:${e.scope}` : `${e.kind}:${'text' in e ? e.text : 'n' in e ? e.n : ''}`),
    ...extra,
  };
  return { deps: d, fixer, events, made: () => made };
}
