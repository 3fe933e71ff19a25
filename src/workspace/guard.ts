import { lstatSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { ALWAYS_PROTECTED } from '../config.js';

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
  '**/pytest.ini',
  '**/karma.conf.*',
];

export interface GuardOptions {
  root: string;
  protect: string[];
  allowTestEdits: boolean;
}

export type Verdict = { ok: true; rel: string; abs: string } | { ok: false; reason: string };

// Case-insensitive: on macOS and Windows `.GitHub/` is `.github/`.
const matcher = (globs: string[]) => picomatch(globs, { dot: true, nocase: true });

/** A glob names a directory's contents too: `--protect secrets` protects `secrets/key.txt`. */
function withContents(globs: string[]): string[] {
  return globs.flatMap((g) => (g.endsWith('/**') ? [g] : [g, `${g.replace(/\/+$/, '')}/**`]));
}

/**
 * The absolute path of a repo-relative path, if it stays inside the repo, is not in any `.git`
 * directory (any case), and passes through no symlink. Shared by the edit guard and everything
 * else that reads repo files for the model.
 */
export function resolveInside(root: string, requested: string): { ok: true; rel: string; abs: string } | { ok: false; reason: string } {
  if (typeof requested !== 'string' || !requested.trim()) return { ok: false, reason: 'path is empty' };
  if (requested.includes('\0')) return { ok: false, reason: 'path contains a NUL byte' };
  const abs = path.resolve(root, requested.trim());
  const rel = path.relative(root, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return { ok: false, reason: `${requested} is outside the repository` };
  const parts = rel.split(path.sep);
  const posix = parts.join('/');
  if (parts.some((p) => p.toLowerCase() === '.git')) return { ok: false, reason: `${posix} is inside .git` };
  // Every existing component must be a real directory or file: a symlink could lead anywhere.
  let current = root;
  for (const part of parts) {
    current = path.join(current, part);
    try {
      if (lstatSync(current).isSymbolicLink()) return { ok: false, reason: `${posix} goes through a symlink (${path.relative(root, current)})` };
    } catch {
      break; // Does not exist yet: nothing further down can be a symlink.
    }
  }
  return { ok: true, rel: posix, abs };
}

export class Guard {
  private readonly isProtected: (p: string) => boolean;
  private readonly isTest: (p: string) => boolean;

  constructor(private readonly options: GuardOptions) {
    this.isProtected = matcher(withContents([...ALWAYS_PROTECTED, ...options.protect]));
    this.isTest = matcher(TEST_FILE_GLOBS);
  }

  isTestFile(rel: string): boolean {
    return this.isTest(rel);
  }

  /** Where a path the model named lives, if it is inside the repo and reached without symlinks. */
  locate(requested: string): Verdict {
    return resolveInside(this.options.root, requested);
  }

  /** Whether the model may change this path; `rel` comes from `locate`. */
  mayEdit(rel: string): { ok: true } | { ok: false; reason: string } {
    if (this.isProtected(rel)) return { ok: false, reason: `${rel} is a protected path (${[...ALWAYS_PROTECTED, ...this.options.protect].join(', ')}); it may not be edited` };
    if (!this.options.allowTestEdits && this.isTest(rel)) {
      return { ok: false, reason: `${rel} is a test file; the tests are the specification, change the code under test instead` };
    }
    return { ok: true };
  }
}

export function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}
