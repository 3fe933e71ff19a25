import { closest, distance } from 'fastest-levenshtein';
import { stripAnsi } from '../failures/text.js';

/**
 * Test commands that cannot run at all: the command, the runner or the package manager is not
 * there. These are the machine's to fix, not the model's, so the run ends before any request.
 * A test file's own missing module (`./slug.js`, a project import) is left to the model.
 */

/** Runners and the tools that load them: missing, they stop every test before it runs. */
const RUNNERS = [
  'jest',
  'vitest',
  'mocha',
  'tap',
  'ava',
  'jasmine',
  'karma',
  'ts-node',
  'tsx',
  'typescript',
  'ts-jest',
  '@swc/jest',
  'babel-jest',
  'c8',
  'nyc',
  'pytest',
  'nose',
  'nose2',
  'tox',
  'hypothesis',
  'xdist',
  'pytest_cov',
  'pytest-cov',
];

export interface EnvironmentProblem {
  /** One line: what is missing and what to do. */
  message: string;
}

interface Rule {
  test: RegExp;
  say: (m: RegExpExecArray) => string;
}

const runner = (name: string) => RUNNERS.includes(name.replace(/\/.*$/, '').toLowerCase()) || RUNNERS.includes(name.toLowerCase());

const RULES: Rule[] = [
  // npx with a name the registry does not have (often a typo: `npx vitset`).
  {
    test: /npm (?:error|ERR!) 404 Not Found - GET \S+\/(@?[^\s/]+(?:\/[^\s/]+)?)\s*$/m,
    say: (m) =>
      `npm cannot find the package "${decodeURIComponent(m[1]!)}" in the registry: check the spelling in the test command, or install the tool the command needs`,
  },
  {
    test: /npm (?:error|ERR!) could not determine executable to run/,
    say: () =>
      'npx found no program to run: the package named in the test command has no executable; check the command, or install the runner (e.g. npm install --save-dev <runner>)',
  },
  {
    test: /npm (?:error|ERR!) npx canceled due to missing packages[^[]*\["?([^"\]]+)/,
    say: (m) => `${m[1]} is not installed: install the project's dependencies (e.g. --setup "npm ci")`,
  },
  {
    test: /npm (?:error|ERR!) Missing script: "?([\w:.-]+)"?/,
    say: (m) => `package.json has no "${m[1]}" script: pass the test command with --test, or add the script`,
  },
  { test: /^error Command "([\w:.-]+)" not found\./m, say: (m) => `yarn has no "${m[1]}" script or command: pass the test command with --test` },
  {
    test: /ERR_PNPM_NO_SCRIPT\s+Missing script: "?([\w:.-]+)"?/,
    say: (m) => `package.json has no "${m[1]}" script: pass the test command with --test, or add the script`,
  },
  // `python -m pytest` without pytest; the module's own name, unquoted, is Python's wording for -m.
  {
    test: /^\S*python[\d.]*: No module named ([\w.]+)\s*$/m,
    say: (m) => pythonModuleMissing(m[1]!),
  },
  // A runner or its plugin missing, as node or Python reports it.
  {
    test: /(?:Cannot find (?:module|package) '([^']+)'|No module named '([^']+)')/,
    say: (m) => {
      const name = m[1] ?? m[2]!;
      return `${moduleName(name)} is not installed: install the project's dependencies (e.g. --setup "npm ci" or pip install ${moduleName(name)})`;
    },
  },
  {
    test: /^(?:pytest|py\.test|__main__\.py): error: unrecognized arguments: (.+)$/m,
    say: (m) => `pytest does not know ${m[1]!.trim()}: install the plugin that adds it (e.g. pytest-cov for --cov) or drop it from the command`,
  },
  {
    test: /^error: no such command: `?([\w-]+)`?/m,
    say: (m) => `cargo has no "${m[1]}" command: install it (cargo install cargo-${m[1]}) or change the test command`,
  },
  {
    test: /^go: cannot find main module|^go: go\.mod file not found/m,
    say: () => 'go finds no module here: run the tests from the module root, or change the test command',
  },
];

/** Modules people run with `python -m`: a near miss of one of these is a typo, not a package to install. */
const PYTHON_MODULES = ['pytest', 'unittest', 'nose2', 'tox', 'coverage', 'doctest', 'django', 'behave', 'hypothesis', 'ward'];

/**
 * Never "pip install <name>" for a name that is not known: a misspelt module (`pytset`) is
 * someone else's package on PyPI (typosquatting), so a name that is not a known runner gets
 * "check the spelling", with the runner it is closest to.
 */
function pythonModuleMissing(name: string): string {
  if (PYTHON_MODULES.includes(name.toLowerCase())) {
    return `${name} is not installed for this Python: install it (e.g. pip install ${name}) or use the Python that has it`;
  }
  const near = closest(name.toLowerCase(), PYTHON_MODULES);
  const hint = distance(name.toLowerCase(), near) <= 2 ? ` (did you mean ${near}?)` : '';
  return `Python has no module named ${name}: check the spelling in the test command${hint}, or install the package that provides it`;
}

/** Whether a module that could not be loaded is the runner (or its own file), not the project's. */
function isRunnerModule(name: string): boolean {
  if (/\/node_modules\/(?:\.bin\/)?((?:@[^/]+\/)?[^/]+)/.test(name)) return true;
  if (name.startsWith('.') || name.startsWith('/')) return false;
  return runner(name);
}

function moduleName(name: string): string {
  const bin = /\/node_modules\/(?:\.bin\/)?((?:@[^/]+\/)?[^/]+)/.exec(name);
  return bin ? bin[1]! : name;
}

/**
 * Recognises a test command that could not run for want of something on the machine. Only
 * when the command produced no test results: a failing test that happens to print one of these
 * lines is still a failing test.
 */
export function environmentProblem(
  run: { output: string; exitCode: number | null; notFound: boolean; command: string },
  testsReported: number,
): EnvironmentProblem | undefined {
  if (run.exitCode === 0) return undefined;
  const output = stripAnsi(run.output);
  if (run.notFound) {
    const missing = /(?:^|\n)(?:\/bin\/)?(?:sh|bash)(?:: \d+)?: (?:line \d+: )?([^\s:]+): (?:command )?not found/.exec(output)?.[1];
    if (missing)
      return {
        message: `${missing} is not installed or not on PATH: install it${runner(missing) ? ` (e.g. npm install --save-dev ${missing}, then run it through npx or an npm script)` : ''}, or change the test command`,
      };
    return { message: `the test command cannot run (exit ${run.exitCode}): check it: ${run.command}` };
  }
  if (testsReported > 0) return undefined;
  for (const rule of RULES) {
    const m = rule.test.exec(output);
    if (!m) continue;
    if (rule.test.source.startsWith('(?:Cannot find') && !isRunnerModule(m[1] ?? m[2]!)) continue;
    return { message: rule.say(m) };
  }
  return pytestUsage(output, run.exitCode);
}

/**
 * pytest's exit 4 (its command line is wrong: a path or test id that is not there) and exit 5 (it
 * collected or selected no test) are the test command's to fix: no model could make a missing file
 * or an empty -k selection pass. Told by pytest's own lines, so a wrapper with its own codes is not.
 */
function pytestUsage(output: string, exitCode: number | null): EnvironmentProblem | undefined {
  if (exitCode === 4) {
    const path = /^ERROR: file or directory not found: (.+)$/m.exec(output);
    if (path) return { message: `pytest finds no file or directory ${path[1]!.trim()} (exit 4): check the path in the test command` };
    const id = /^ERROR: not found: (\S+)\s*$/m.exec(output);
    if (id) return { message: `pytest finds no test ${id[1]} (exit 4): check the test id in the test command` };
    const usage = /^(?:pytest|py\.test|__main__\.py): error: (.+)$/m.exec(output);
    if (usage) return { message: `pytest refuses its command line: ${usage[1]!.trim()} (exit 4): fix the test command` };
    return undefined;
  }
  if (exitCode !== 5) return undefined;
  const deselected = /^collected (\d+) items? \/ \1 deselected \/ 0 selected\s*$/m.exec(output);
  if (deselected) return { message: `pytest collected ${deselected[1]} tests and selected none (exit 5): check -k / -m in the test command` };
  if (/^collected 0 items\s*$/m.test(output) && /^=+ no tests ran in [\d.]+s =+\s*$/m.test(output)) {
    return { message: "pytest collected no tests (exit 5): check the paths in the test command and pytest's testpaths and python_files settings" };
  }
  return undefined;
}
