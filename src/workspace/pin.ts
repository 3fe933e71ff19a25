import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { git } from './git.js';

/**
 * What the verifying run saw, fixed at its end: each changed file's bytes written to git's object
 * store (a blob id), or null for a file the fix deletes. The commit is built from these blobs and
 * nothing is delivered if the work tree no longer matches them: a process the tests left behind
 * cannot change what goes out after the verdict.
 */
export interface Pin {
  path: string;
  blob: string | null;
  /** The file's mode as git records it (executable or not). */
  mode: '100644' | '100755';
}

async function blobOf(root: string, rel: string, write: boolean): Promise<string | null> {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return null;
  // --no-filters: the exact bytes the tests ran against, not what a clean filter would make of them.
  return git(['hash-object', ...(write ? ['-w'] : []), '--no-filters', '--', abs], root);
}

/**
 * The blob id `git hash-object --no-filters -- <file>` prints for the file now, without starting a
 * git: the hash of `blob <length>\0<bytes>` in the repository's object format, which the length of
 * the id it is compared with tells (40 hex digits: SHA-1, 64: SHA-256). Null for an absent file.
 */
function blobIdNow(root: string, rel: string, like: string): Promise<string | null> {
  const algorithm = like.length === 40 ? 'sha1' : like.length === 64 ? 'sha256' : undefined;
  if (!algorithm) return blobOf(root, rel, false);
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return Promise.resolve(null);
  const bytes = readFileSync(abs);
  return Promise.resolve(createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex'));
}

/** The bytes of these files now (null: absent), e.g. the moment a test run ends. */
export function readNow(root: string, files: string[]): Map<string, Buffer | null> {
  const out = new Map<string, Buffer | null>();
  for (const rel of files) {
    const abs = path.join(root, rel);
    out.set(rel, existsSync(abs) ? readFileSync(abs) : null);
  }
  return out;
}

/** Writes the given bytes (what the verifying run saw) to the object store. */
export async function pinFiles(root: string, seen: Map<string, Buffer | null>): Promise<Pin[]> {
  const pins: Pin[] = [];
  for (const [rel, bytes] of seen) {
    const blob = bytes === null ? null : await git(['hash-object', '-w', '--no-filters', '--stdin'], root, { input: bytes });
    const abs = path.join(root, rel);
    const exec = bytes !== null && existsSync(abs) && (lstatSync(abs).mode & 0o111) !== 0;
    pins.push({ path: rel, blob, mode: exec ? '100755' : '100644' });
  }
  return pins;
}

/** Files whose bytes now differ from `seen`. */
export function changedSince(root: string, seen: Map<string, Buffer | null>, files: string[]): string[] {
  const now = readNow(root, files);
  return files.filter((f) => {
    const a = seen.has(f) ? seen.get(f)! : undefined;
    const b = now.get(f) ?? null;
    if (a === undefined) return true;
    return a === null || b === null ? a !== b : !a.equals(b);
  });
}

/** The pinned files whose content in the work tree is no longer what was pinned. */
export async function driftedFiles(root: string, pins: Pin[]): Promise<string[]> {
  const drifted: string[] = [];
  for (const pin of pins) if ((await (pin.blob ? blobIdNow(root, pin.path, pin.blob) : blobOf(root, pin.path, false))) !== pin.blob) drifted.push(pin.path);
  return drifted;
}

export function driftMessage(files: string[]): string {
  return `${files.join(', ')} changed during or after the verifying run (by the test code, or a process it left running), so nothing was delivered: what would go out is not what the tests saw`;
}
