import { readdir, stat as statOf, type Dirent } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import type { CommandRun } from '../run/command.js';
import { isSynthetic, type Reader, type TestFailure, type TestReport } from './test-report.js';
import { boundLines, forgetBoundLines, stripAnsi } from './text.js';
import { jestReader } from './readers/jest.js';
import { vitestReader } from './readers/vitest.js';
import { mochaReader } from './readers/mocha.js';
import { nodeTestSpecReader, nodeTestTapReader } from './readers/node-test.js';
import { pytestReader } from './readers/pytest.js';
import { unittestReader } from './readers/unittest.js';
import { goReader } from './readers/go.js';
import { cargoReader } from './readers/cargo.js';
import { genericReader } from './readers/generic.js';
import { tscReader } from './readers/tsc.js';
import { eslintReader } from './readers/eslint.js';
import { prettierReader } from './readers/prettier.js';
import { esbuildReader } from './readers/esbuild.js';
import { readJunitXml } from './readers/junit.js';
import { stepSections, type StepSection } from './steps.js';

/** Most specific first: each reader answers only for output it recognizes. */
export const READERS: Reader[] = [
  jestReader,
  vitestReader,
  nodeTestTapReader,
  nodeTestSpecReader,
  mochaReader,
  pytestReader,
  unittestReader,
  goReader,
  cargoReader,
  // What CI runs besides tests: type checks, linters, formatters in check mode, builds.
  tscReader,
  eslintReader,
  prettierReader,
  esbuildReader,
];

const MAX_JUNIT_FILES = 50;
const MAX_JUNIT_BYTES = 20 * 1024 * 1024;
/** All files together: test code can write fifty files at the size cap, and parsing XML costs about a second per 3 MB. */
const MAX_JUNIT_TOTAL = 24 * 1024 * 1024;

/** Reads the report from the JUnit files this run wrote, else from the output; never empty when the run failed. */
export async function readReport(run: CommandRun, root: string, junitGlob: string): Promise<TestReport> {
  try {
    // A copy whose strings are its own: a name a reader sliced out of the output would keep the whole
    // output (up to 8 MB of text, 16 MB as UTF-16) alive for as long as the report is kept.
    return structuredClone(await readRunReport(run, root, junitGlob));
  } finally {
    forgetBoundLines();
  }
}

async function readRunReport(run: CommandRun, root: string, junitGlob: string): Promise<TestReport> {
  const output = boundLines(stripAnsi(run.output));
  const report = (await readJunitFiles(run, root, junitGlob)) ?? readOutput(output, root);
  const failed = run.timedOut || run.exitCode !== 0;
  if (run.timedOut) {
    report.failures.push(
      problem(
        '(timed out)',
        `the test command ran longer than its time limit (${Math.round((run.limitMs ?? run.durationMs) / 1000)}s) and was killed with its child processes`,
        output,
      ),
    );
  } else if (run.notFound) {
    report.failures.push(problem('(command not found)', lastLines(output, 5) || `sh could not run: ${run.command}`, output));
  } else if (failed && report.failures.length === 0) {
    const generic = genericReader.read({ output, root });
    report.failures.push(...(generic?.failures ?? []).map((f) => ({ ...f, synthetic: true })));
    if (report.failures.length === 0) report.failures.push(problem('(test command failed)', `exit code ${run.exitCode ?? run.signal}`, output));
    report.excerpt ??= generic?.excerpt;
  }
  return report;
}

export function readOutput(output: string, root: string): TestReport {
  const steps = stepSections(output);
  if (steps) return readSteps(steps, root);
  for (const reader of READERS) {
    const report = reader.read({ output, root });
    if (report) return report;
  }
  return { format: 'generic', failures: [] };
}

async function readJunitFiles(run: CommandRun, root: string, pattern: string): Promise<TestReport | undefined> {
  let files: string[];
  try {
    const named = nameFilter(pattern);
    files = await glob(pattern, {
      cwd: root,
      ignore: ['**/node_modules/**', '**/.git/**'],
      absolute: true,
      dot: false,
      ...(named ? { fs: { readdir: readdirOf(pattern, named) as typeof readdir } } : {}),
    });
  } catch {
    return undefined;
  }
  const fresh: { path: string; text: string }[] = [];
  let total = 0;
  for (const file of files.slice(0, 500)) {
    if (fresh.length >= MAX_JUNIT_FILES) break;
    try {
      const info = await stat(file);
      // Only reports this run wrote; an old junit.xml in the tree says nothing about this run.
      if (info.mtimeMs < run.startedAt - 1000 || info.size > MAX_JUNIT_BYTES || total + info.size > MAX_JUNIT_TOTAL) continue;
      total += info.size;
      fresh.push({ path: path.relative(root, file), text: await readFile(file, 'utf8') });
    } catch {
      continue;
    }
  }
  if (fresh.length === 0) return undefined;
  return readJunitXml(fresh, root);
}

/**
 * A test of a file's name that every file the glob matches passes: the glob's last segment, where
 * that segment holds no `**` and no `/` (the default's is `{junit,TEST-*,…}*.xml`). Looser than
 * the glob (dot files pass), never stricter. The JUnit glob walks the whole tree after every test
 * run; with this, a file whose name cannot match (a repository's 50,000 test files) is dropped as
 * its directory is read, before a path is built and matched for it.
 */
export function nameFilter(pattern: string): ((name: string) => boolean) | undefined {
  if (pattern.startsWith('!') || pattern.includes('\\')) return undefined;
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '{' || c === '[' || c === '(') depth++;
    else if ((c === '}' || c === ']' || c === ')') && depth > 0) depth--;
    else if (c === '/' && depth === 0) cut = i;
  }
  const last = pattern.slice(cut + 1);
  if (!last || last.includes('/') || last.includes('**')) return undefined;
  return picomatch(last, { dot: true });
}

/**
 * Each directory's entries that the name test lets through, from an earlier search, with the
 * directory's stat then. A file added, removed or renamed in a directory changes its mtime and
 * ctime (ctime cannot be set back), so a directory whose stat is the same lists the same names,
 * and the whole tree is not read again after every test run. A listing is kept only when the
 * directory had not changed for a while before it was read (timestamps are coarse).
 */
const listings = new Map<string, { mtimeMs: number; ctimeMs: number; ino: number; entries: Dirent[] }>();
const SETTLED_MS = 2000;

/** `fs.readdir` as fdir calls it (with file types), less the files whose name `named` refuses. */
function readdirOf(pattern: string, named: (name: string) => boolean) {
  return (dir: string, options: { withFileTypes: true }, done: (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void) =>
    statOf(dir, (statError, info) => {
      const key = `${pattern}\0${dir}`;
      const known = statError ? undefined : listings.get(key);
      if (known && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs && known.ino === info.ino) return done(null, known.entries);
      const readAt = Date.now();
      readdir(dir, options, (error, all) => {
        if (error || !all) return done(error, all);
        const entries = all.filter((e) => !e.isFile() || named(e.name));
        if (!statError && readAt - Math.max(info.mtimeMs, info.ctimeMs) > SETTLED_MS)
          listings.set(key, { mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino, entries });
        else listings.delete(key);
        done(null, entries);
      });
    });
}

/**
 * CI's steps in one output: each step's part read on its own, the reports joined. A failed step
 * whose output no reader understands is one failure named after the step.
 */
function readSteps(steps: StepSection[], root: string): TestReport {
  const reports = stepReports(steps, root).map((s) => s.report);
  // One format whatever passed or failed, so a run where a step went green reads as the same kind of output.
  const joined: TestReport = { format: 'steps', failures: reports.flatMap((r) => r.failures) };
  if (reports.every((r) => r.total !== undefined)) joined.total = reports.reduce((n, r) => n + r.total!, 0);
  if (reports.some((r) => r.passed)) joined.passed = reports.flatMap((r) => r.passed ?? []);
  const excerpts = reports.map((r) => r.excerpt).filter(Boolean);
  if (excerpts.length) joined.excerpt = excerpts.join('\n\n');
  return joined;
}

/** Each step's own report (paths repo-relative), with its label: which step a failure came from, and in which format. */
export function readStepReports(output: string, root: string): { label: string; report: TestReport }[] | undefined {
  const steps = stepSections(output);
  return steps ? stepReports(steps, root) : undefined;
}

function stepReports(steps: StepSection[], root: string): { label: string; report: TestReport }[] {
  return steps.map((step) => {
    const dir = step.dir && !step.dir.startsWith('..') ? step.dir : '';
    const report = rebase(readOutput(step.text, dir ? path.join(root, dir) : root), dir);
    // What the step's own format says is not a case (a pytest file that did not collect) stays so in the joined report.
    for (const f of report.failures) if (isSynthetic(f, report.format)) f.synthetic = true;
    if (step.result && !step.result.passed && report.failures.length === 0) {
      const generic = genericReader.read({ output: step.text, root: dir ? path.join(root, dir) : root });
      const failures = rebase({ format: 'generic', failures: generic?.failures ?? [] }, dir).failures.map((f) => ({ ...f, synthetic: true }));
      // The log says nothing a reader knows: the failure is the step, with the end of its output.
      const named = failures.map((f) => (f.id === 'command failed' ? { ...f, id: `(step failed) ${step.label}`, name: `(step failed) ${step.label}` } : f));
      report.failures.push(...(named.length ? named : [problem(`(step failed) ${step.label}`, `exit code ${step.result.exitCode}`, step.text)]));
      report.excerpt ??= generic?.excerpt;
    }
    return { label: step.label, report };
  });
}

/** A report read in a subdirectory, its paths made repo-relative. */
function rebase(report: TestReport, dir: string): TestReport {
  if (!dir) return report;
  const up = (file: string) => path.posix.join(dir, file);
  report.failures = report.failures.map((f) => ({
    ...f,
    ...(f.file ? { file: up(f.file), id: f.id.startsWith(`${f.file} > `) ? `${up(f.file)}${f.id.slice(f.file.length)}` : f.id } : {}),
    locations: f.locations.map((l) => ({ ...l, file: up(l.file) })),
  }));
  return report;
}

function problem(name: string, message: string, output: string): TestFailure {
  return { id: name, name, message, stack: lastLines(output, 20), locations: [], synthetic: true };
}

function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}
