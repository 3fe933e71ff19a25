import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { readOrNull, sameBytes } from './file-bytes.js';

/**
 * A work tree top's git dirs as git named them, and what git found them from: the top's `.git`
 * (a directory, a file that points elsewhere, or a link) and the git dir's `commondir`. While those
 * are the same, git would name the same dirs.
 */
export interface KnownDirs {
  gitDir: string;
  common: string;
  made: (string | null)[];
}
export const knownDirs = new Map<string, KnownDirs>();

export function dirsFingerprint(root: string, gitDir: string): (string | null)[] {
  const dotGit = path.join(root, '.git');
  let entry: string | null;
  try {
    const info = lstatSync(dotGit);
    entry = info.isDirectory() ? 'directory' : info.isSymbolicLink() ? `link ${readlinkSync(dotGit, 'latin1')}` : `file ${readOrNull(dotGit)}`;
  } catch {
    entry = null;
  }
  return [entry, readOrNull(path.join(gitDir, 'commondir'))];
}

/**
 * The folder above the deepest learned top that holds `cwd` and has its own `.git` (undefined when
 * none does, or the top is the file system's root): git's search for a repository stops below it
 * (GIT_CEILING_DIRECTORIES).
 */
export function ceilingFor(cwd: string): string | undefined {
  let top: string | undefined;
  for (const [known, dirs] of knownDirs) {
    // Only a top git found by its own `.git` (not a work tree a `core.worktree` elsewhere names).
    if (dirs.made[0] === null) continue;
    const inside = cwd === known || cwd.startsWith(known.endsWith(path.sep) ? known : known + path.sep);
    if (inside && (top === undefined || known.length > top.length)) top = known;
  }
  if (top === undefined) return undefined;
  const above = path.dirname(top);
  return above === top ? undefined : above;
}

export function learnDirs(root: string, gitDir: string, common: string): void {
  knownDirs.set(root, { gitDir, common, made: dirsFingerprint(root, gitDir) });
}

/** The git dirs of a work tree's top learned earlier in this process, while what git found them from is unchanged. */
export function dirsKnown(root: string): { gitDir: string; common: string } | undefined {
  const known = knownDirs.get(root);
  return known && sameBytes(known.made, dirsFingerprint(root, known.gitDir)) ? known : undefined;
}
