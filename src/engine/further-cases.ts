import path from 'node:path';
import type { TestFailure, TestReport } from '../failures/test-report.js';
import { casesPath, isFurtherCase } from './cases-file.js';
import type { Tally } from './run-state.js';
import type { Fixer, FixDeps, TestResult } from './types.js';

/**
 * The further cases, the executed half of the second opinion: a request that never sees the patch
 * writes further cases of the rule the failing tests check, from those tests and the code as it
 * was; unbreak writes them beside the failing test file, runs the project's own test command on
 * the patched code, and takes the file away again. A case that fails is a counterexample on
 * evidence, whatever a review would say. Asked once per run; later green attempts run the same file.
 */
export interface CasesFile {
  path: string;
  text: string;
}

/** What running the further cases showed. */
export type CasesEvidence =
  /** Every case passed, or they could not be asked or run (`why`): no evidence either way. */
  | { kind: 'none'; why: string }
  | { kind: 'held'; file: CasesFile }
  /** Cases of the rule that fail on the patched code. */
  | { kind: 'counterexample'; file: CasesFile; failing: TestFailure[] };

/** The run's further cases, asked once: the file, or why there is none. */
export type AskedCases = { file: CasesFile } | { none: string };

/** Asks for the further cases (once per run: `asked` keeps the answer) and runs them against the work tree as it is. */
export async function furtherCases(deps: FixDeps, fixer: Fixer, tally: Tally, target: TestResult, asked: { cases?: AskedCases }): Promise<CasesEvidence> {
  const { workspace } = deps;
  if (!fixer.cases || !workspace.writeScratch) return { kind: 'none', why: 'this run cannot ask for them' };
  asked.cases ??= await ask(deps, fixer, target);
  if ('none' in asked.cases) return { kind: 'none', why: asked.cases.none };
  const file = asked.cases.file;
  const problem = workspace.writeScratch(file.path, file.text);
  if (problem) return { kind: 'none', why: `the cases file could not be written: ${problem}` };
  deps.progress?.({ kind: 'note', text: `further cases of the rule, written by a request that did not see the patch: ${file.path}` });
  let run: TestResult;
  try {
    run = await tally.count('full', 'the whole suite with further cases of the rule, to check the patch', () => deps.tests.full());
  } finally {
    workspace.removeScratch?.();
  }
  return weighCasesRun(run, file);
}

/**
 * Reads the run with the cases file: every failure must be one of its cases (a failure elsewhere,
 * a file that did not compile or load, a failed run with no case named: the cases are no
 * evidence, since the original tests passed without them). The cases that failed, if any, are the
 * counterexamples. `file` is the cases file the run had.
 */
export function weighCasesRun(run: TestResult, file: CasesFile): CasesEvidence {
  const failures = run.report.failures;
  if (run.run.timedOut) return { kind: 'none', why: 'the run with the further cases timed out' };
  const stray = failures.find((f) => !isFurtherCase(f));
  if (stray)
    return { kind: 'none', why: `the further cases did not run cleanly (${stray.synthetic ? 'did not compile or load' : `${stray.id} failed beside them`})` };
  if (!failures.length) return run.run.exitCode === 0 ? { kind: 'held', file } : { kind: 'none', why: 'the run with the further cases failed, naming no case' };
  return { kind: 'counterexample', file, failing: failures };
}

/** What people and the model read about cases that failed: the first, and how many more. */
export function counterexampleText(failing: { name: string; message: string }[]): string {
  const [first] = failing;
  const more = failing.length > 1 ? ` (and ${failing.length - 1} more)` : '';
  return `a further case of the rule fails on the patched code: ${first!.name}: ${first!.message.split('\n')[0]!.slice(0, 200)}${more}`;
}

async function ask(deps: FixDeps, fixer: Fixer, target: TestResult): Promise<AskedCases> {
  const { workspace } = deps;
  const failures = target.report.failures.filter((f) => !f.synthetic);
  if (!failures.length) return { none: 'no failing test case to write further cases of' };
  const testFile = await failingTestFile(deps, failures, target.report);
  if (!testFile) return { none: 'the failing tests’ file is not known' };
  const exists = (rel: string) => deps.readFile?.(rel) !== undefined;
  const where = casesPath(testFile, exists);
  if (!where) return { none: `no further cases are written for ${path.posix.extname(testFile) || testFile}` };
  const sources = workspace
    .changedFiles()
    .filter((f) => !workspace.isTestFile(f))
    .flatMap((f) => {
      const text = workspace.originalText?.(f);
      return typeof text === 'string' ? [{ path: f, text }] : [];
    });
  const testText = deps.readFile?.(testFile);
  const answer = await fixer.cases!({
    path: where,
    failures: failures.map((f) => ({ id: f.id, message: f.message })),
    ...(testText !== undefined ? { testFile: { path: testFile, text: testText } } : {}),
    sources,
  });
  if (!answer.ok) return { none: answer.reason };
  return { file: { path: where, text: answer.text.endsWith('\n') ? answer.text : `${answer.text}\n` } };
}

/**
 * The file the first failing test is in: its own file or a test file among its locations; a
 * Rust test in its source file's test module; a Go test found by its function in the package's folder.
 */
async function failingTestFile(deps: FixDeps, failures: TestFailure[], report: TestReport): Promise<string | undefined> {
  const isTest = (f: string) => deps.workspace.isTestFile(f);
  for (const f of failures) {
    const file = f.file && isTest(f.file) ? f.file : f.locations.find((l) => isTest(l.file))?.file;
    if (file) return file;
    const rust = [f.file, ...f.locations.map((l) => l.file)].find((p) => p?.endsWith('.rs') && /#\[cfg\(\s*test\s*\)\]/.test(deps.readFile?.(p) ?? ''));
    if (rust) return rust;
  }
  if (report.format !== 'go') return undefined;
  const mod = /^module\s+(\S+)/m.exec(deps.readFile?.('go.mod') ?? '')?.[1];
  for (const f of failures) {
    // The go reader's id: the package's import path, then the test's name.
    const [pkg, name] = f.id.split(' ');
    if (!mod || !pkg || !name || !(pkg === mod || pkg.startsWith(`${mod}/`))) continue;
    const dir = pkg.slice(mod.length + 1);
    const test = name.split('/')[0]!;
    const files = (await deps.workspace.listFiles?.(dir).catch(() => [])) ?? [];
    const found = files
      .filter((p) => p.endsWith('_test.go') && path.posix.dirname(p) === (dir || '.'))
      .find((p) => new RegExp(`^func ${test}\\(`, 'm').test(deps.readFile?.(p) ?? ''));
    if (found) return found;
  }
  return undefined;
}
