import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real open-source project of the corpus: where it comes from (pinned by commit), how to
 * install and test it, and the bugs injected into it as rules. No project code lives here.
 */
/**
 * One change to a file, checked: the `old` lines must be there at `line` (1-based), and are replaced by
 * `new` (no `old` lines: `new` goes in before `line`). Line numbers are those of the file before the
 * step (base, PR or fix) it belongs to, whatever the step's other edits do.
 */
export interface Edit {
  file: string;
  line: number;
  old: string[];
  new: string[];
}

/**
 * A case of the corpus. Two kinds:
 * - in-diff (the default): the PR is one line changed by `find`/`replace` in `file`, and the fix is its
 *   revert, so the fix is in the lines the PR changed;
 * - outside: the fix is outside the PR's diff. `base` (if any) is committed on main first (e.g. a latent
 *   bug no test there catches), `pr` is the PR on top of it (e.g. a test that exposes the bug, a rename
 *   that misses a caller), and `fix` is the reference fix, in files the PR does not touch.
 */
export interface Rule {
  /** Short id, unique in the project: used in the table and in output file names. */
  name: string;
  /** in-diff or outside (set on loading: outside when the rule has `pr` edits). */
  kind?: 'in-diff' | 'outside';
  /** For an outside case: what happens, in one line (latent / caller / module: …). */
  story?: string;
  /**
   * For a case taken from a real fix commit: its parent, where the case starts instead of the
   * project's commit (`pr` holds the fix commit's test changes, `fix` its source changes).
   */
  commit?: string;
  base?: Edit[];
  pr?: Edit[];
  fix?: Edit[];
  /** Repo-relative path of the file the bug goes into (for an outside case: the first file the fix changes, set on loading). */
  file: string;
  /** 1-based line where `find` must occur (checked, so a stale rule fails loudly). */
  line: number;
  find: string;
  replace: string;
  /** Ids of the tests the bug makes fail, as unbreak's report names them (written by --record). */
  fails: string[];
  /** Whether the failing run's output names `file` (half the rules should, half not). */
  namesFile: boolean;
}

export interface Project {
  /** File name without .json; also the name of its git dir in --real-src (NAME.git or NAME). */
  name: string;
  /** owner/name on GitHub, where the pinned commit comes from. */
  repo: string;
  commit: string;
  language: 'javascript' | 'typescript' | 'python' | 'rust' | 'go';
  /** The test runner, for the table: node-tap, jest, vitest, mocha, node:test, tape, pytest, unittest, cargo, go. */
  runner: string;
  /** Run once after cloning (may be empty). Must need nothing beyond the npm registry. */
  install: string;
  /** The test command, run in the clone's root; also what unbreak is given. */
  test: string;
  rules: Rule[];
  /** Where the manifest lives, to write --record results back. */
  path: string;
}

export const REAL_DIR = path.dirname(fileURLToPath(import.meta.url));
export const PROJECTS_DIR = path.join(REAL_DIR, 'projects');

export function loadProjects(dir = PROJECTS_DIR): Project[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      const p = JSON.parse(readFileSync(file, 'utf8')) as Omit<Project, 'name' | 'path'>;
      for (const key of ['repo', 'commit', 'language', 'runner', 'install', 'test', 'rules'] as const) {
        if (p[key] === undefined) throw new Error(`bench/real/projects/${f} has no "${key}"`);
      }
      if (!/^[0-9a-f]{40}$/.test(p.commit)) throw new Error(`bench/real/projects/${f}: "commit" must be a full 40-hex commit id`);
      const names = new Set<string>();
      for (const r of p.rules) {
        if (r.pr) checkOutside(r, f);
        else {
          r.kind = 'in-diff';
          for (const key of ['name', 'file', 'line', 'find', 'replace'] as const) {
            if (r[key] === undefined) throw new Error(`bench/real/projects/${f}: a rule has no "${key}"`);
          }
        }
        if (names.has(r.name)) throw new Error(`bench/real/projects/${f}: two rules are named ${r.name}`);
        names.add(r.name);
        r.fails ??= [];
      }
      return { ...p, name: f.slice(0, -'.json'.length), path: file };
    });
}

/** An outside case: PR and fix edits present, and the fix in no file the PR touches. Fills in `kind` and `file`. */
function checkOutside(r: Rule, f: string): void {
  const where = `bench/real/projects/${f}: rule ${r.name ?? '?'}`;
  if (!r.name) throw new Error(`bench/real/projects/${f}: a rule has no "name"`);
  if (!r.pr?.length || !r.fix?.length) throw new Error(`${where} needs "pr" and "fix" edits`);
  if (r.commit !== undefined && !/^[0-9a-f]{40}$/.test(r.commit)) throw new Error(`${where}: "commit" must be a full 40-hex commit id`);
  for (const e of [...(r.base ?? []), ...r.pr, ...r.fix]) {
    if (typeof e.file !== 'string' || !Number.isInteger(e.line) || !Array.isArray(e.old) || !Array.isArray(e.new))
      throw new Error(`${where}: an edit needs "file", "line", "old" and "new"`);
  }
  const prFiles = new Set(r.pr.map((e) => e.file));
  const inPr = r.fix.find((e) => prFiles.has(e.file));
  if (inPr) throw new Error(`${where}: the fix changes ${inPr.file}, which the PR changes too (an outside case fixes what the PR did not touch)`);
  r.kind = 'outside';
  r.file = r.fix[0]!.file;
  r.line = r.fix[0]!.line;
  r.find ??= '';
  r.replace ??= '';
}

/** The file's text with the edits (all to this file) made; throws when an edit's `old` lines are not where it says. */
export function applyEdits(content: string, edits: Edit[], label = 'edit'): string {
  const lines = content.split('\n');
  for (const e of [...edits].sort((a, b) => b.line - a.line)) {
    const at = lines.slice(e.line - 1, e.line - 1 + e.old.length);
    if (e.line < 1 || e.line > lines.length || at.join('\n') !== e.old.join('\n')) {
      throw new Error(`${label}: ${e.file}:${e.line} does not read ${JSON.stringify(e.old)} (it reads ${JSON.stringify(at)})`);
    }
    lines.splice(e.line - 1, e.old.length, ...e.new);
  }
  return lines.join('\n');
}

/** The files the edits change, each with its edits. */
export function byFile(edits: Edit[]): Map<string, Edit[]> {
  const out = new Map<string, Edit[]>();
  for (const e of edits) out.set(e.file, [...(out.get(e.file) ?? []), e]);
  return out;
}

/** The project's git dir in the source folder: NAME.git (bare) or NAME (a clone). */
export function sourceOf(p: Project, src: string): string {
  for (const candidate of [path.join(src, `${p.name}.git`), path.join(src, p.name)]) if (existsSync(candidate)) return candidate;
  throw new Error(`no copy of ${p.name} in ${src}: fetch github:${p.repo} and clone it there as ${p.name}.git (see bench/README.md)`);
}

/** The file's text with the rule applied; throws when `find` is not on the rule's line. */
export function applyRule(content: string, r: Rule): string {
  const lines = content.split('\n');
  const at = lines[r.line - 1];
  if (at === undefined || !at.includes(r.find)) {
    throw new Error(`rule ${r.name}: ${r.file}:${r.line} does not contain ${JSON.stringify(r.find)} (it reads ${JSON.stringify(at ?? '<past the end>')})`);
  }
  lines[r.line - 1] = at.replace(r.find, r.replace);
  return lines.join('\n');
}

/** Whether the output names the file itself, not a longer path ending in it (test/functions/diff.js is not functions/diff.js). */
export function namesPath(output: string, root: string, file: string): boolean {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[\\s('"\`:=]|${escape(root)}/)(?:\\./)?${escape(file)}`, 'm').test(output);
}

/** Writes what --record observed back into the manifest, keeping its key order. */
export function saveProject(p: Project): void {
  const { name: _name, path: file, ...rest } = p;
  // What loading filled in goes back out: an in-diff rule has no kind; an outside one's file and line come from its fix.
  const rules = rest.rules.map((r) => {
    if (r.kind !== 'outside') {
      const { kind: _kind, ...own } = r;
      return own;
    }
    const { file: _file, line: _line, find: _find, replace: _replace, ...own } = r;
    return own;
  });
  writeFileSync(file, `${JSON.stringify({ ...rest, rules }, null, 2)}\n`);
}
