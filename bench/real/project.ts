import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real open-source project of the corpus: where it comes from (pinned by commit), how to
 * install and test it, and the bugs injected into it as rules. No project code lives here.
 */
export interface Rule {
  /** Short id, unique in the project: used in the table and in output file names. */
  name: string;
  /** Repo-relative path of the file the bug goes into. */
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
        for (const key of ['name', 'file', 'line', 'find', 'replace'] as const) {
          if (r[key] === undefined) throw new Error(`bench/real/projects/${f}: a rule has no "${key}"`);
        }
        if (names.has(r.name)) throw new Error(`bench/real/projects/${f}: two rules are named ${r.name}`);
        names.add(r.name);
        r.fails ??= [];
      }
      return { ...p, name: f.slice(0, -'.json'.length), path: file };
    });
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
  writeFileSync(file, `${JSON.stringify(rest, null, 2)}\n`);
}
