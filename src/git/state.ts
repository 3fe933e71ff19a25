import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test code may write anything in `.git/`: config that runs a program (fsmonitor, filters, ssh),
 * `info/` (grafts, attributes, excludes), alternates that lend objects from elsewhere, replace refs
 * that change what a commit id means, a `shallow` file that cuts history. Before the first test run
 * these are read into memory; after every run (and before every git command) they are put back
 * byte for byte, and what the run added is removed. git.ts also runs every command with the
 * executing settings neutralised and replace objects off: this is the second wall, and what keeps
 * the job's later steps (and checkout's post step) away from what the tests planted.
 */

interface Entry {
  /** Relative to the git dir. */
  rel: string;
  /** The bytes, or null when the path did not exist. */
  bytes: Buffer | null;
}

/** Files whose bytes are restored; directories whose whole content is. */
const FILES = ['config', 'shallow', 'objects/info/alternates', 'objects/info/http-alternates', 'commondir'];
const DIRS = ['info', 'refs/replace'];

class GitStateSnapshot {
  private readonly entries: Entry[] = [];
  private readonly dirs = new Map<string, Entry[]>();

  constructor(readonly gitDir: string) {
    for (const rel of FILES) this.entries.push({ rel, bytes: readIfFile(path.join(gitDir, rel)) });
    for (const rel of DIRS) this.dirs.set(rel, listFiles(gitDir, rel));
  }

  /** Puts every snapshotted path back; returns the paths that had changed. */
  restore(): string[] {
    const changed: string[] = [];
    for (const e of this.entries) if (putBack(this.gitDir, e)) changed.push(e.rel);
    for (const [rel, files] of this.dirs) {
      const want = new Map(files.map((f) => [f.rel, f]));
      for (const now of listFiles(this.gitDir, rel))
        if (!want.has(now.rel)) {
          rmSync(path.join(this.gitDir, now.rel), { force: true, recursive: true });
          changed.push(now.rel);
        }
      for (const f of files) if (putBack(this.gitDir, f)) changed.push(f.rel);
      // A directory (or symlink) put where a file or folder of ours was.
      const abs = path.join(this.gitDir, rel);
      if (!files.length && existsSync(abs) && !lstatSync(abs).isDirectory()) {
        rmSync(abs, { force: true });
        changed.push(rel);
      }
    }
    return changed;
  }
}

function readIfFile(abs: string): Buffer | null {
  try {
    return lstatSync(abs).isFile() ? readFileSync(abs) : null;
  } catch {
    return null;
  }
}

function listFiles(gitDir: string, rel: string): Entry[] {
  const abs = path.join(gitDir, rel);
  let info;
  try {
    info = lstatSync(abs);
  } catch {
    return [];
  }
  if (!info.isDirectory()) return [{ rel, bytes: info.isFile() ? readFileSync(abs) : null }];
  return readdirSync(abs).flatMap((name) => listFiles(gitDir, path.join(rel, name)));
}

function putBack(gitDir: string, e: Entry): boolean {
  const abs = path.join(gitDir, e.rel);
  let now: Buffer | null | 'other';
  try {
    const info = lstatSync(abs);
    now = info.isFile() ? readFileSync(abs) : 'other';
  } catch {
    now = null;
  }
  if (e.bytes === null) {
    if (now === null) return false;
    rmSync(abs, { force: true, recursive: true });
    return true;
  }
  if (now !== null && now !== 'other' && now.equals(e.bytes)) return false;
  if (now === 'other') rmSync(abs, { force: true, recursive: true });
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, e.bytes);
  return true;
}

const guarded = new Map<string, GitStateSnapshot>();

/**
 * Takes the snapshot of the repository whose git dir is `gitDir`, once: later calls keep the first
 * one (the state before any test code ran), so a second pipeline on the same work tree (the merge
 * check) cannot make what the first one's tests wrote the reference.
 */
export function guardGitState(gitDir: string): boolean {
  const key = path.resolve(gitDir);
  if (guarded.has(key)) return false;
  guarded.set(key, new GitStateSnapshot(key));
  return true;
}

/** True once any repository is guarded: test code may have run, so no command may reach the network. */
export function gitStateGuarded(): boolean {
  return guarded.size > 0;
}

/** Puts every guarded repository's state back as it was when guarded. */
export function restoreGitState(): string[] {
  const changed: string[] = [];
  for (const [key, snap] of guarded) {
    // A git dir that is gone (a finished benchmark case) is not recreated; it is not forgotten either
    // (only released), so one that test code removes and writes again, or whose HEAD it deletes for a
    // while, is still put back.
    if (!existsSync(key)) continue;
    try {
      changed.push(...snap.restore());
    } catch {
      // A path we cannot write back; git.ts's neutralised settings still hold.
    }
  }
  return changed;
}

/** Restores and forgets the snapshot (before the job's credentials are put back into the config). */
export function releaseGitState(gitDir?: string): void {
  restoreGitState();
  if (gitDir) guarded.delete(path.resolve(gitDir));
  else guarded.clear();
}
