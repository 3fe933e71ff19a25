import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { ALWAYS_PROTECTED } from './protected.js';
import { isIgnored, trackedPaths } from './ignored.js';
import { isTestConfigFile, TEST_CONFIG_GLOBS, testConfigChange } from './testconfig.js';
import { screenedMatcher } from './globs.js';

/** What counts as a test file: the model may not edit these unless the user allows it. */
export const TEST_FILE_GLOBS = [
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/__snapshots__/**',
  '**/spec/**',
  '**/testdata/**',
  '**/*.test.*',
  '**/*.spec.*',
  '**/*_spec.rb',
  '**/__mocks__/**',
  '**/fixtures/**',
  '**/test_*.py',
  '**/tests.py',
  '**/*_test.py',
  '**/*_test.go',
  '**/conftest.py',
  '**/jest.config.*',
  '**/vitest.config.*',
  '**/vitest.workspace.*',
  '**/.mocharc*',
  '**/karma.conf.*',
];

export interface GuardOptions {
  root: string;
  protect: string[];
  allowTestEdits: boolean;
  /** The project's files, repo-relative, where git does not list them (a folder that is no repository: the judge benchmark's projects). */
  files?: () => string[];
}

/** Why a path may not be read or edited at all. */
export type PathProblem = 'bad-path' | 'outside' | 'git-dir' | 'symlink' | 'ignored';

/** Where a repo path lives, or why it is out of bounds (not a test verdict: that is engine/verify's). */
export type PathCheck = { ok: true; rel: string; abs: string } | { ok: false; kind: PathProblem; reason: string };

/** A rule an edit broke, with the reason the model hears. */
export type Refusal<K extends string> = { ok: true } | { ok: false; kind: K; reason: string };

// Case-insensitive: on macOS and Windows `.GitHub/` is `.github/`.
const matcher = (globs: string[]) => picomatch(globs, { dot: true, nocase: true });

/**
 * A protect glob matches like a .gitignore line: without a slash (but a trailing one) it matches
 * at any depth (`*.pem` is also `certs/server.pem`); a leading slash or one in the middle anchors
 * it at the root (`/secrets`, `config/prod/*`). It also names a directory's contents
 * (`secrets` protects `lib/secrets/key.txt`).
 */
export function protectPatterns(glob: string): string[] {
  let g = glob.trim().replace(/\/+$/, '');
  const anchored = g.startsWith('/') || g.includes('/');
  g = g.replace(/^\/+/, '');
  if (!anchored && !g.startsWith('**')) g = `**/${g}`;
  return g.endsWith('/**') ? [g] : [g, `${g}/**`];
}

// Newlines and control characters in a path break diffs, commit file lists and Markdown.
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

/**
 * The absolute path of a repo-relative path, if it stays inside the repo, is not in any `.git`
 * directory (any case), and passes through no symlink. Shared by the edit guard and everything
 * else that reads repo files for the model.
 */
export function resolveInside(root: string, requested: string): PathCheck {
  if (typeof requested !== 'string' || !requested.trim()) return { ok: false, kind: 'bad-path', reason: 'path is empty' };
  if (requested.includes('\0')) return { ok: false, kind: 'bad-path', reason: 'path contains a NUL byte' };
  if (hasControl(requested)) {
    const reason = `path ${JSON.stringify(requested)} contains a newline or control character; use a path with printable characters only`;
    return { ok: false, kind: 'bad-path', reason };
  }
  const abs = path.resolve(root, requested.trim());
  const rel = path.relative(root, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return { ok: false, kind: 'outside', reason: `${requested} is outside the repository` };
  const parts = rel.split(path.sep);
  const posix = parts.join('/');
  if (parts.some((p) => p.toLowerCase() === '.git')) return { ok: false, kind: 'git-dir', reason: `${posix} is inside .git` };
  // Every existing component must be a real directory or file: a symlink could lead anywhere.
  let current = root;
  let exists = true;
  for (const part of parts) {
    current = path.join(current, part);
    try {
      if (lstatSync(current).isSymbolicLink()) {
        return { ok: false, kind: 'symlink', reason: `${posix} goes through a symlink (${path.relative(root, current)})` };
      }
    } catch {
      exists = false;
      break; // Does not exist yet: nothing further down can be a symlink.
    }
  }
  // A path that does not exist has nothing to read; creating one is checked in `mayCreate`.
  if (exists && isIgnored(root, posix)) {
    const reason =
      `${posix} is ignored by git (.gitignore); ` + 'ignored files (local secrets such as .env, dependencies, build output) are neither read nor edited';
    return { ok: false, kind: 'ignored', reason };
  }
  return { ok: true, rel: posix, abs };
}

export class Guard {
  private readonly isProtected: (p: string) => boolean;
  private readonly protectedBy: { glob: string; match: (p: string) => boolean }[];
  private readonly isTest: (p: string) => boolean;
  /** Test files and whole-file test configuration, in one expression. */
  private readonly isTestOrConfig: (p: string) => boolean;
  private readonly testFiles = new Map<string, boolean>();

  constructor(private readonly options: GuardOptions) {
    this.isProtected = matcher([...ALWAYS_PROTECTED, ...options.protect].flatMap(protectPatterns));
    this.protectedBy = [...ALWAYS_PROTECTED, ...options.protect].map((glob) => ({ glob, match: matcher(protectPatterns(glob)) }));
    this.isTest = screenedMatcher(TEST_FILE_GLOBS, { dot: true, nocase: true });
    this.isTestOrConfig = screenedMatcher([...TEST_FILE_GLOBS, ...TEST_CONFIG_GLOBS], { dot: true, nocase: true });
  }

  /** Test files and whole-file test configuration (snapshot-restored before the verdict). */
  isTestFile(rel: string): boolean {
    // Asked for every tracked file, every diff hunk and every stack location, often for the same
    // path: ~30 globs are matched once per path (a 10,000-file diff asked some 30,000 times).
    let known = this.testFiles.get(rel);
    if (known === undefined) this.testFiles.set(rel, (known = this.isTestOrConfig(rel)));
    return known;
  }

  /** The user's protect globs that match none of these files (most likely a typo). */
  unmatchedProtect(files: string[]): string[] {
    return this.options.protect.filter((glob) => {
      const m = matcher(protectPatterns(glob));
      return !files.some((f) => m(f));
    });
  }

  /**
   * Whether an edit from `before` to `after` changes the test configuration inside a shared file
   * (package.json scripts, pytest sections, Makefile test targets); allowed only with test edits.
   */
  mayChangeContent(rel: string, before: string, after: string): Refusal<'test-config-change'> {
    if (this.options.allowTestEdits) return { ok: true };
    const changed = testConfigChange(rel, before, after, (folder) => this.isSourceFolder(folder));
    if (!changed) return { ok: true };
    const reason =
      `the edit changes the test configuration in ${rel} (${changed}); ` +
      'that decides what the tests check, so it is protected like the tests: change the code under test instead';
    return { ok: false, kind: 'test-config-change', reason };
  }

  /**
   * A folder of the work tree (the root included) that is not a test folder, reached without
   * symlinks, and whose modules no other folder of the project also provides: put on the path,
   * its `convert.py` would be imported instead of another `convert.py` (a copy kept aside).
   */
  private isSourceFolder(rel: string): boolean {
    if (rel === '.') return true;
    const where = resolveInside(this.options.root, rel);
    if (!where.ok || this.isTestFile(`${where.rel}/x.py`)) return false;
    let own: string[];
    try {
      if (!lstatSync(where.abs).isDirectory()) return false;
      own = readdirSync(where.abs, { withFileTypes: true })
        .filter((e) => (e.isDirectory() && !e.name.startsWith('.') && e.name !== '__pycache__') || (e.isFile() && e.name.endsWith('.py')))
        .map((e) => e.name.replace(/\.py$/, ''));
    } catch {
      return false;
    }
    const elsewhere = trackedPaths(this.options.root) ?? this.options.files?.();
    if (!elsewhere) return false;
    const names = new Set<string>();
    for (const file of elsewhere) {
      if (file.startsWith(`${where.rel}/`)) continue;
      const parts = file.split('/');
      for (const dir of parts.slice(0, -1)) names.add(dir);
      if (file.endsWith('.py')) names.add(parts.at(-1)!.slice(0, -3));
    }
    return !own.some((name) => names.has(name));
  }

  /** Where a path the model named lives, if it is inside the repo and reached without symlinks. */
  locate(requested: string): PathCheck {
    return resolveInside(this.options.root, requested);
  }

  /** Whether the model may create this (missing) path: not where git would ignore it. */
  mayCreate(rel: string): Refusal<'ignored'> {
    if (isIgnored(this.options.root, rel)) {
      const reason = `${rel} would be ignored by git (.gitignore), so it could never be part of the fix; put the code in a tracked file`;
      return { ok: false, kind: 'ignored', reason };
    }
    return { ok: true };
  }

  /** Whether the model may change this path; `rel` comes from `locate`. */
  mayEdit(rel: string): Refusal<'protected' | 'test-file' | 'test-config'> {
    if (this.isProtected(rel)) {
      // The glob that matched, not the whole list (which is long): that is what explains the refusal.
      const by = this.protectedBy.find((p) => p.match(rel))?.glob ?? 'protected';
      const always = ALWAYS_PROTECTED.includes(by) ? ', always protected: other systems run or obey it' : '';
      return { ok: false, kind: 'protected', reason: `${rel} is a protected path (${by}${always}); it may not be edited` };
    }
    if (!this.options.allowTestEdits && this.isTest(rel)) {
      return { ok: false, kind: 'test-file', reason: `${rel} is a test file; the tests are the specification, change the code under test instead` };
    }
    if (!this.options.allowTestEdits && isTestConfigFile(rel)) {
      const reason = `${rel} is test configuration (setup, snapshots, runner config); it is protected like the tests: change the code under test instead`;
      return { ok: false, kind: 'test-config', reason };
    }
    return { ok: true };
  }
}

export function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}
