import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { configDefaults, DEFAULT_JUNIT_GLOB, resolveConfig } from '../../src/options/config.js';
import { runPipeline } from '../../src/pipeline/pipeline.js';
import { readReport } from '../../src/failures/collect.js';
import type { TestReport } from '../../src/failures/test-report.js';
import { runCommand, type CommandRun } from '../../src/run/command.js';
import { Guard } from '../../src/workspace/guard.js';
import { isApart, startModelServer } from '../../testkit/model-server.js';
import { apartUsage } from '../run-one.js';
import { ScriptedModel } from '../model.js';
import { GIT_ENV } from '../scenario.js';
import { applyEdits, applyRule, byFile, sourceOf, type Edit, type Project, type Rule } from './project.js';

const TEST_TIMEOUT_MS = 300_000;

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'advice.detachedHead=false', '-c', 'core.autocrlf=false', ...args], {
    cwd: dir,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

export interface Suite {
  run: CommandRun;
  report: TestReport;
}

export async function runSuite(p: Project, dir: string): Promise<Suite> {
  const run = await runCommand(p.test, { cwd: dir, timeoutMs: TEST_TIMEOUT_MS });
  return { run, report: await readReport(run, dir, DEFAULT_JUNIT_GLOB) };
}

/**
 * A clone of the project at its pinned commit on `main` (no remote, so main is the PR's base),
 * installed. A clone a previous run installed at the same commit is reused (the marker file
 * next to it says so): installs are most of a run's time on a busy machine.
 */
export async function prepare(p: Project, src: string, work: string, fresh: boolean): Promise<string> {
  const dir = path.join(work, p.name);
  const marker = path.join(work, `${p.name}.installed`);
  if (!fresh && existsSync(marker) && readFileSync(marker, 'utf8').trim() === `${p.commit} ${p.install}`) {
    git(dir, 'checkout', '-q', '-f', '-B', 'main', p.commit);
    git(dir, 'clean', '-q', '-fd');
    if (git(dir, 'rev-parse', 'HEAD') === p.commit) return dir;
  }
  rmSync(marker, { force: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('git', ['clone', '-q', '--no-checkout', sourceOf(p, src), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  git(dir, 'checkout', '-q', '-B', 'main', p.commit);
  git(dir, 'remote', 'remove', 'origin');
  if (p.install.trim()) {
    const r = await runCommand(p.install, { cwd: dir, timeoutMs: 900_000 });
    if (r.exitCode !== 0) throw new Error(`${p.name}: install failed (${p.install}, exit ${r.exitCode}): ${r.output.slice(-600)}`);
  }
  writeFileSync(marker, `${p.commit} ${p.install}\n`);
  return dir;
}

/** Writes the edits into the work tree (a file that is not there starts empty). */
function edit(dir: string, edits: Edit[], label: string): void {
  for (const [file, es] of byFile(edits)) {
    const abs = path.join(dir, file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, applyEdits(existsSync(abs) ? readFileSync(abs, 'utf8') : '', es, label));
  }
}

/**
 * The base of an outside case: its `base` edits committed on main (main is what unbreak diffs the PR
 * against, so they are not in the PR's diff). An in-diff case has none.
 */
export function injectBase(dir: string, r: Rule): void {
  if (!r.base?.length) return;
  edit(dir, r.base, `rule ${r.name} (base)`);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Base');
}

/** A case from a real fix commit starts at that commit's parent: main moves there. */
export function checkoutRuleCommit(dir: string, r: Rule): void {
  if (r.commit) git(dir, 'checkout', '-q', '-f', '-B', 'main', r.commit);
}

/** The PR: the rule (or an outside case's `pr` edits) committed on branch `pr`, checked out. */
export function injectPr(dir: string, r: Rule): void {
  git(dir, 'checkout', '-q', '-f', '-B', 'pr', 'main');
  if (r.pr) {
    edit(dir, r.pr, `rule ${r.name} (PR)`);
    git(dir, 'add', '-A');
  } else {
    const abs = path.join(dir, r.file);
    writeFileSync(abs, applyRule(readFileSync(abs, 'utf8'), r));
  }
  git(dir, 'commit', '-q', '-am', `PR: ${r.name}`);
}

export function inject(dir: string, r: Rule): void {
  checkoutRuleCommit(dir, r);
  injectBase(dir, r);
  injectPr(dir, r);
}

/**
 * The reference fix, as the files it touches should read: for an in-diff case the file as main has it
 * (read before the PR), for an outside case the PR's files with the `fix` edits made. Called on the PR.
 */
export function referenceFix(dir: string, r: Rule, pristine: string): Map<string, string> {
  if (!r.fix) return new Map([[r.file, pristine]]);
  const out = new Map<string, string>();
  for (const [file, es] of byFile(r.fix)) {
    const abs = path.join(dir, file);
    out.set(file, applyEdits(existsSync(abs) ? readFileSync(abs, 'utf8') : '', es, `rule ${r.name} (fix)`));
  }
  return out;
}

/** Back to the pinned commit (main moved by a base commit goes back too); ignored files (installed dependencies, build output) stay. */
export function reset(dir: string, commit: string): void {
  git(dir, 'checkout', '-q', '-f', '-B', 'main', commit);
  git(dir, 'clean', '-q', '-fd');
  git(dir, 'branch', '-q', '-D', 'pr');
}

/** A clone is kept for the next run only when asked; otherwise it goes with its marker. */
export function discard(p: Project, work: string): void {
  rmSync(path.join(work, `${p.name}.installed`), { force: true });
  rmSync(path.join(work, p.name), { recursive: true, force: true });
}

export interface CaseFigures {
  project: string;
  rule: string;
  /** in-diff: the fix is in the lines the PR changed; outside: it is in code the PR did not touch (absent in older results: in-diff). */
  kind?: 'in-diff' | 'outside';
  runner: string;
  namesFile: boolean;
  status: string;
  fixed: boolean;
  /** The real suite after the run: exit 0. */
  suiteGreen: boolean;
  /** unbreak's verdict (fixed or not) matches the real suite afterwards. */
  agrees: boolean;
  firstHoldsFix?: boolean;
  /** Model requests of the fix loop (what it took to reach a green run). */
  requests: number;
  /** The self-review's requests, apart (absent in results recorded before they were counted apart). */
  reviewRequests?: number;
  attempts: number;
  firstTokens: number;
  maxTokens: number;
  testRuns: number;
  wallMs: number;
  notes: string[];
  error?: string;
}

/**
 * One engine run on the PR, the benchmark's scripted model knowing the reference fix (`fixed`: the files
 * it touches as they should read). The model edits a change only once the conversation has shown it the
 * lines around it, so a fix outside the PR's diff has to be found first, and the first request's
 * figure says whether it was there.
 */
export async function runCase(p: Project, r: Rule, dir: string, fixed: Map<string, string>): Promise<CaseFigures> {
  const guard = new Guard({ root: dir, protect: [], allowTestEdits: false });
  const testFiles = git(dir, 'ls-files')
    .split('\n')
    .filter((f) => f && guard.isTestFile(f));
  const model = new ScriptedModel({ root: dir, behaviour: 'exact', fixed, testFiles, seed: 0 });
  const server = await startModelServer(model.reply);
  const base = { project: p.name, rule: r.name, kind: r.kind ?? 'in-diff', runner: p.runner, namesFile: r.namesFile };
  try {
    const config = resolveConfig(
      {
        ...configDefaults(),
        root: dir,
        testCommand: p.test,
        testTimeoutSec: TEST_TIMEOUT_MS / 1000,
        model: 'scripted',
        baseUrl: server.url,
        apiKey: 'bench-key',
        modelTimeoutSec: 30,
        contextMode: 'focused',
      },
      'flag',
    );
    const started = performance.now();
    const outcome = await runPipeline(config);
    const wallMs = performance.now() - started;
    // unbreak puts back an edit it does not verify, so a refused run leaves the bug in the tree.
    // When the model did send the reference fix byte for byte, the real suite is run on that fix:
    // a green suite there means the verdict refused a right fix.
    const sentFix = model.checks.some((c) => c.result === 'correct');
    if (outcome.status !== 'fixed' && sentFix) for (const [file, text] of fixed) writeFileSync(path.join(dir, file), text);
    const after = await runSuite(p, dir);
    const suiteGreen = after.run.exitCode === 0;
    // The server's count of each request it received (the self-review's and the further cases' apart), as the main benchmark reports it.
    const prompts = server.usage.filter((u) => !isApart(u)).map((u) => u.prompt);
    return {
      ...base,
      status: outcome.status,
      fixed: outcome.status === 'fixed',
      suiteGreen,
      agrees: (outcome.status === 'fixed') === suiteGreen,
      ...(model.firstHoldsFix !== undefined ? { firstHoldsFix: model.firstHoldsFix } : {}),
      requests: outcome.usage.requests - apartUsage(outcome.usage).requests,
      reviewRequests: apartUsage(outcome.usage).requests,
      attempts: outcome.attempts.length,
      firstTokens: prompts[0] ?? 0,
      maxTokens: Math.max(0, ...prompts),
      testRuns: outcome.testRuns,
      wallMs,
      notes: [outcome.message, ...outcome.attempts.map((a) => `${a.result}: ${a.note}`)],
      ...(outcome.status === 'error' ? { error: outcome.message } : {}),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      status: 'bench-error',
      fixed: false,
      suiteGreen: false,
      agrees: false,
      requests: 0,
      reviewRequests: 0,
      attempts: 0,
      firstTokens: 0,
      maxTokens: 0,
      testRuns: 0,
      wallMs: 0,
      notes: [message],
      error: message,
    };
  } finally {
    await server.close();
  }
}
