import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Guard } from '../src/workspace/guard.js';
import { testStepsCommand, type ScriptStep } from '../src/failures/steps.js';
import { DEFAULT_SHELL } from '../src/event/reproduce-ci/workflow-steps.js';

/**
 * A scenario is a small project with a bug a "PR" introduced, and the reference fix:
 *
 *     bench/scenarios/<name>/
 *       scenario.json   what it is (see ScenarioMeta)
 *       base/           the project at the base commit
 *       pr.patch        the PR commit that brought the bug (git diff base..pr)
 *       fix.patch       the reference fix (git diff pr..fixed)
 *       heldout/        tests the model never sees, added after the run to score the fix
 */

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SCENARIOS_DIR = path.join(BENCH_DIR, 'scenarios');
export const REPO_ROOT = path.dirname(BENCH_DIR);

export const KINDS = [
  'one-line',
  'indirect',
  'two-files',
  'compile',
  'deep-stack',
  'many-tests',
  'large-file',
  'renamed',
  'latent',
  'lint',
  'snapshot',
  'ci-steps',
  'bump',
] as const;
export type Kind = (typeof KINDS)[number];

export interface ScenarioMeta {
  /** One line: what the PR broke. */
  title: string;
  language: 'javascript' | 'typescript' | 'python' | 'rust' | 'go';
  /** The test runner, for the table: node:test, jest, vitest, mocha, pytest, cargo, go. */
  runner: string;
  kinds: Kind[];
  /** The test command, run in the repo root; with `steps`, made from them. */
  test: string;
  /**
   * CI's failed steps, as unbreak reproduces a failed workflow run (README, "How it finds what CI ran"): each a
   * `<job> / <step>` label and its `run:` script, run as GitHub's shell runs it, in the repo root.
   * The test command is made of them, and reruns of failing tests run only their steps.
   */
  steps?: { label: string; run: string }[];
  /** Runs only the held-out tests (after they are copied in). */
  heldout: string;
  /** Run once before the first test run, as `--setup` (a `deps-` scenario installs from its lockfile). */
  setup?: string;
  /**
   * A `bump` scenario: lines of the bumped package's own files (a declaration, a changelog or
   * migration line) that the fix follows; the figure is whether the first request holds each.
   */
  needs?: string[];
  /** `file:line` (in the PR's version) of every line the reference fix changes; written by pack.ts, checked by --check. */
  fixLines: string[];
  /** Part of the CI smoke subset. */
  smoke?: boolean;
  /**
   * `tuning` (default): the code may be tuned while watching this scenario's figures. `frozen`:
   * never tuned on; its figures are reported apart and say whether a change generalises.
   */
  set?: 'tuning' | 'frozen';
}

export interface Scenario extends ScenarioMeta {
  name: string;
  dir: string;
  /** Position in the corpus, to spread the damage kinds. */
  index: number;
  bugs: number;
  set: 'tuning' | 'frozen';
  /**
   * Whether every line the fix changes is a line the PR added (the PR's diff, always in the
   * first request, then shows it); false for a fix that needs real localization.
   */
  fixInPr: boolean;
  /** Has an `overfit.patch`: a fix that special-cases the visible tests (for the `overfit-literal` variant). */
  hasOverfit: boolean;
  /** Has an `overfit-env.patch`: a "fix" that behaves differently under the test runner (for the `overfit-env` variant). */
  hasOverfitEnv?: boolean;
}

export function loadScenarios(dir = SCENARIOS_DIR): Scenario[] {
  return readdirSync(dir)
    .filter((name) => existsSync(path.join(dir, name, 'scenario.json')))
    .sort()
    .map((name, index) => {
      const meta = JSON.parse(readFileSync(path.join(dir, name, 'scenario.json'), 'utf8')) as ScenarioMeta;
      for (const key of ['title', 'language', 'runner', 'kinds', 'test', 'heldout', 'fixLines'] as const) {
        if (meta[key] === undefined) throw new Error(`${name}/scenario.json has no "${key}"`);
      }
      if (meta.set !== undefined && meta.set !== 'tuning' && meta.set !== 'frozen')
        throw new Error(`${name}/scenario.json: "set" is "tuning" or "frozen", not ${JSON.stringify(meta.set)}`);
      if (meta.steps) meta.test = testStepsCommand(scriptSteps(meta.steps));
      const bugs = meta.kinds.includes('two-files') ? 2 : 1;
      const added = new Set(addedLines(readFileSync(path.join(dir, name, 'pr.patch'), 'utf8')));
      const fixInPr = meta.fixLines.every((l) => added.has(l));
      return {
        ...meta,
        name,
        dir: path.join(dir, name),
        index,
        bugs,
        set: meta.set ?? 'tuning',
        fixInPr,
        hasOverfit: existsSync(path.join(dir, name, 'overfit.patch')),
        hasOverfitEnv: existsSync(path.join(dir, name, 'overfit-env.patch')),
      };
    });
}

export const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export function gitIn(dir: string, ...args: string[]): string {
  return gitRaw(dir, ...args).trim();
}

/** Git's stdout as is (a patch of CRLF files must keep its last \r). */
export function gitRaw(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'advice.detachedHead=false', ...args], {
    cwd: dir,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Where the scenario repos live: inside this repository (git-ignored `tmp/`), so the projects
 * resolve jest, vitest, mocha, tsc and their types from its node_modules with no install.
 */
export function workRoot(): string {
  const root = path.join(REPO_ROOT, 'tmp', 'bench');
  mkdirSync(root, { recursive: true });
  return root;
}

export interface ScenarioRepo {
  dir: string;
  /** The files the reference fix touches, as they are after it. */
  fixed: Map<string, string>;
  /** Test files of the project (by the product's own test-file globs). */
  testFiles: string[];
  /** From `overfit.patch`, when the scenario has one: files as a fix that special-cases the visible tests leaves them. */
  overfit?: Map<string, string>;
  /** From `overfit-env.patch`: files as a "fix" that detects the test runner leaves them. */
  overfitEnv?: Map<string, string>;
  cleanup: () => void;
}

/** A git repo: the base committed on main, the PR committed on branch `pr` (checked out); the fix read, not applied. */
export function makeScenarioRepo(s: Scenario, parent = workRoot()): ScenarioRepo {
  const dir = mkdtempSync(path.join(parent, `${s.name}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    gitIn(dir, 'init', '-q', '-b', 'main');
    cpSync(path.join(s.dir, 'base'), dir, { recursive: true });
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', 'base');
    gitIn(dir, 'checkout', '-q', '-b', 'pr');
    gitIn(dir, 'apply', '--whitespace=nowarn', path.join(s.dir, 'pr.patch'));
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', `PR: ${s.title}`);
    gitIn(dir, 'apply', '--whitespace=nowarn', path.join(s.dir, 'fix.patch'));
    const touched = [...gitIn(dir, 'diff', '--name-only').split('\n'), ...gitIn(dir, 'ls-files', '--others', '--exclude-standard').split('\n')].filter(Boolean);
    const fixed = new Map(touched.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
    gitIn(dir, 'reset', '-q', '--hard');
    gitIn(dir, 'clean', '-q', '-fd');
    const readPatch = (name: string): Map<string, string> | undefined => {
      const file = path.join(s.dir, name);
      if (!existsSync(file)) return undefined;
      gitIn(dir, 'apply', '--whitespace=nowarn', file);
      const files = new Map(
        gitIn(dir, 'diff', '--name-only')
          .split('\n')
          .filter(Boolean)
          .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
      );
      gitIn(dir, 'reset', '-q', '--hard');
      return files;
    };
    const overfit = readPatch('overfit.patch');
    const overfitEnv = readPatch('overfit-env.patch');
    const guard = new Guard({ root: dir, protect: [], allowTestEdits: false });
    const testFiles = gitIn(dir, 'ls-files')
      .split('\n')
      .filter((f) => f && guard.isTestFile(f));
    return { dir, fixed, testFiles, ...(overfit ? { overfit } : {}), ...(overfitEnv ? { overfitEnv } : {}), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Copies the held-out tests into a repo. */
export function addHeldout(s: Scenario, dir: string): string[] {
  const from = path.join(s.dir, 'heldout');
  if (!existsSync(from)) return [];
  cpSync(from, dir, { recursive: true });
  return listFiles(from);
}

export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const abs = path.join(dir, name);
    if (statSync(abs).isDirectory()) out.push(...listFiles(abs, `${prefix}${name}/`));
    else out.push(`${prefix}${name}`);
  }
  return out;
}

/** Lines a patch adds, as `file:line` in its post-image. */
export function addedLines(patch: string): string[] {
  const out: string[] = [];
  let file = '';
  let line = 0;
  for (const l of patch.split('\n')) {
    const plus = /^\+\+\+ (?:b\/(.+)|\/dev\/null)$/.exec(l);
    if (plus) {
      file = plus[1] ?? '';
      continue;
    }
    if (l.startsWith('---') || l.startsWith('diff --git')) continue;
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(l);
    if (h) {
      line = Number(h[1]);
      continue;
    }
    if (!file) continue;
    if (l.startsWith('+')) out.push(`${file}:${line++}`);
    else if (l.startsWith(' ')) line++;
  }
  return out;
}

/** Lines changed by a patch in its pre-image, as `file:line` (insertions: the line they follow). */
export function patchLines(patch: string): string[] {
  const out: string[] = [];
  let file = '';
  let line = 0;
  for (const l of patch.split('\n')) {
    const f = /^--- (?:a\/(.+)|\/dev\/null)$/.exec(l);
    if (f) {
      file = f[1] ?? '';
      continue;
    }
    const plus = /^\+\+\+ b\/(.+)$/.exec(l);
    if (plus && !file) file = plus[1]!;
    if (l.startsWith('+++')) continue;
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(l);
    if (h) {
      line = Number(h[1]) - (h[2] === '0' ? 0 : 1);
      continue;
    }
    if (!file) continue;
    if (l.startsWith('-')) {
      line++;
      out.push(`${file}:${line}`);
    } else if (l.startsWith('+')) {
      const key = `${file}:${Math.max(line, 1)}`;
      if (out.at(-1) !== key) out.push(key);
    } else if (l.startsWith(' ')) line++;
  }
  return [...new Set(out)];
}

/** What a scenario's runner needs on the machine, beyond Node and this repository's node_modules. */
const TOOLCHAINS: Partial<Record<ScenarioMeta['language'], { name: string; probe: [string, string[]] }>> = {
  go: { name: 'go', probe: ['go', ['version']] },
  rust: { name: 'cargo', probe: ['cargo', ['--version']] },
  python: { name: 'pytest', probe: ['python3', ['-m', 'pytest', '--version']] },
};

const found = new Map<string, boolean>();

/** The toolchain a scenario needs that this machine lacks (e.g. `go`), or undefined when it has it. */
export function missingToolchain(s: Pick<ScenarioMeta, 'language'>): string | undefined {
  const tool = TOOLCHAINS[s.language];
  if (!tool) return undefined;
  if (!found.has(tool.name)) {
    try {
      execFileSync(tool.probe[0], tool.probe[1], { stdio: 'ignore', timeout: 60_000 });
      found.set(tool.name, true);
    } catch {
      found.set(tool.name, false);
    }
  }
  return found.get(tool.name) ? undefined : tool.name;
}

/** A scenario's CI steps as the runner runs them. */
export function scriptSteps(steps: NonNullable<ScenarioMeta['steps']>): ScriptStep[] {
  return steps.map((s) => ({ label: s.label, script: s.run, dir: '', env: {}, shell: DEFAULT_SHELL }));
}
