import { screenedMatcher } from './globs.js';

/**
 * Test configuration: what decides which tests run and how their results are judged. A change
 * here can make failing tests pass without touching the code (a pytest plugin in `addopts` that
 * flips results, a `--require` shim that disarms `node:assert`, a Makefile target turned into
 * `echo`), so it is protected like the tests themselves unless test edits are allowed.
 */

/** Files that are test configuration as a whole (also restored before the final verdict). */
export const TEST_CONFIG_GLOBS = [
  '**/vite.config.*',
  '**/vitest.setup.*',
  '**/jest.setup.*',
  '**/jest.preset.*',
  '**/setupTests.*',
  '**/setup-tests.*',
  '**/*.snap',
  '**/tox.ini',
  '**/noxfile.py',
  '**/.nycrc*',
  '**/.c8rc*',
  '**/.taprc',
  '**/.ava.config.*',
  '**/ava.config.*',
  '**/sitecustomize.py',
  '**/usercustomize.py',
  '**/*.pth',
];

const isWholeFile = screenedMatcher(TEST_CONFIG_GLOBS, { dot: true, nocase: true });

export function isTestConfigFile(rel: string): boolean {
  return isWholeFile(rel);
}

const base = (rel: string) => rel.split('/').pop()!.toLowerCase();

/**
 * Whether a repo-relative path names a folder of the project that holds no tests: the guard
 * answers from the work tree.
 */
export type SourceFolder = (rel: string) => boolean;

/**
 * What part of the test configuration an edit from `before` to `after` changes, in a file that
 * holds other things too; undefined when it changes none. With `sourceFolder`, a pytest section
 * whose only change is folders of the project appended to `pythonpath` is not a change: that is
 * how a src layout the tests could not import is fixed, and it loads the project's own code, not
 * other code (a folder the patch adds is the judge's to refuse).
 */
export function testConfigChange(rel: string, before: string, after: string, sourceFolder?: SourceFolder): string | undefined {
  const name = base(rel);
  const extract = extractors[name] ?? (/\.mk$/.test(name) ? makeTargets : undefined);
  if (!extract) return undefined;
  const [was, now] = [extract(before), extract(after)];
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const changed = Object.keys({ ...was, ...now }).filter(
    (k) => was[k] !== now[k] && !(sourceFolder && PYTEST_SECTION.test(k) && onlyFoldersAppended(was[k] ?? '', now[k] ?? '', dir, sourceFolder)),
  );
  return changed.length ? changed.join(', ') : undefined;
}

/** The sections pytest reads its options from: pytest.ini's, pyproject's and setup.cfg's. */
const PYTEST_SECTION = /^\[(?:pytest|tool\.pytest\.ini_options|tool:pytest)\]$/i;

/** A section's text (trimmed lines, as `sections` keeps them) by key; a line with no `=` or `:` continues the key before it. */
function keysOf(section: string): Map<string, string> {
  const out = new Map<string, string>();
  let key = '';
  for (const line of section.split('\n').filter(Boolean)) {
    const start = /^([A-Za-z_][\w.-]*)\s*[=:]\s*(.*)$/.exec(line);
    if (start) key = start[1]!.toLowerCase();
    out.set(key, `${out.get(key) ?? ''}${start ? start[2] : line}\n`);
  }
  return out;
}

/** The folders of a pythonpath value (INI: separated by blanks; TOML: a string or an array of them), undefined if it holds anything else. */
function pathEntries(value: string | undefined): string[] | undefined {
  if (value === undefined) return [];
  const quoted = [...value.matchAll(/"([^"\\]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!);
  const rest = value.replace(/"([^"\\]*)"|'([^']*)'/g, ' ');
  if (quoted.length ? /[^\s[\],]/.test(rest) : /["'[\]]/.test(rest)) return undefined;
  const entries = quoted.length ? quoted : rest.split(/\s+/).filter(Boolean);
  return entries.map((e) => e.replace(/^(?:\.\/)+/, '').replace(/\/+$/, '') || '.');
}

function onlyFoldersAppended(before: string, after: string, dir: string, sourceFolder: SourceFolder): boolean {
  const [was, now] = [keysOf(before), keysOf(after)];
  for (const k of new Set([...was.keys(), ...now.keys()])) if (k !== 'pythonpath' && was.get(k) !== now.get(k)) return false;
  const [old, added] = [pathEntries(was.get('pythonpath')), pathEntries(now.get('pythonpath'))];
  if (!old || !added || added.length <= old.length || old.some((e, i) => added[i] !== e)) return false;
  return added.slice(old.length).every((e) => sourceFolder(e === '.' ? dir || '.' : dir ? `${dir}/${e}` : e));
}

type Extractor = (text: string) => Record<string, string>;

// Keys of package.json that configure a test runner, and the scripts any of them may run.
const PACKAGE_KEYS = ['scripts', 'jest', 'vitest', 'mocha', 'ava', 'c8', 'nyc', 'tap', 'jasmine'];

const packageJson: Extractor = (text) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '{}');
  } catch {
    return { 'package.json (not valid JSON)': text };
  }
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  return Object.fromEntries(PACKAGE_KEYS.map((k) => [k, JSON.stringify(obj[k] ?? null)]));
};

/**
 * Sections of an INI or TOML file, by header, for the headers that matter; a line outside them
 * that names pytest (TOML's dotted keys, `pytest11` entry points) counts too.
 */
function sections(pattern: RegExp): Extractor {
  return (text) => {
    const out: Record<string, string> = {};
    let current: string | undefined;
    for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
      const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*$/.exec(line);
      if (header) {
        current = pattern.test(header[1]!) ? `[${header[1]}]` : undefined;
        if (current) out[current] ??= '';
        continue;
      }
      const key = current ?? (/pytest|addopts/i.test(line) ? 'lines naming pytest' : undefined);
      if (key && line.trim() && !line.trim().startsWith('#')) out[key] = `${out[key] ?? ''}${line.trim()}\n`;
    }
    return out;
  };
}

const PY_SECTIONS = /^(tool\.pytest|tool\.tox|tool\.nox|tool\.hatch\.envs|tool\.poe|tool\.pdm\.scripts|project\.entry-points\.pytest11|tool:pytest|pytest)/i;
const CFG_SECTIONS = /^(tool:pytest|pytest|options\.entry_points|tox|testenv)/i;

const TEST_TARGET = /(?:^|[-_./])(?:test|tests|check|spec|specs|ci|verify)(?:[-_./]|$)/i;

/** Makefile rules whose target names a test, with their recipes, and variables named like one. */
const makeTargets: Extractor = (text) => {
  const out: Record<string, string> = {};
  let current: string | undefined;
  for (const raw of text.replace(/\r\n/g, '\n').replace(/\\\n/g, ' ').split('\n')) {
    if (raw.startsWith('\t')) {
      if (current) out[current] += `${raw.trim()}\n`;
      continue;
    }
    current = undefined;
    const variable = /^\s*(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}=|\?=|\+=|!=|=)/.exec(raw);
    if (variable) {
      if (/TEST|CHECK|PYTEST|JEST|MOCHA|SPEC/i.test(variable[1]!)) out[`variable ${variable[1]}`] = raw.trim();
      continue;
    }
    const rule = /^([^:#=\t][^:#=]*?)\s*::?(?!=)(.*)$/.exec(raw);
    if (rule) {
      const targets = rule[1]!.trim().split(/\s+/);
      const named = targets.find((t) => TEST_TARGET.test(t) || t === '.DEFAULT_GOAL');
      if (named) {
        current = `target ${named}`;
        out[current] = `${rule[2]!.trim()}\n`;
      }
    }
  }
  return out;
};

const extractors: Record<string, Extractor> = {
  'package.json': packageJson,
  // pytest.ini is pytest's whatever it holds: every section counts.
  'pytest.ini': sections(/^/),
  'pyproject.toml': sections(PY_SECTIONS),
  'setup.cfg': sections(CFG_SECTIONS),
  makefile: makeTargets,
  gnumakefile: makeTargets,
};
