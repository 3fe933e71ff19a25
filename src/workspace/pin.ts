import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { blobBytes, hashFile, writeBlob } from '../git/objects.js';

/**
 * What the verifying run saw, fixed at its end: each changed file's bytes written to git's object
 * store (a blob id), or null for a file the fix deletes. The commit is built from these blobs and
 * nothing is delivered if the work tree no longer matches them: a process the tests left behind
 * cannot change what goes out after the verdict.
 */
export interface Pin {
  path: string;
  blob: string | null;
  // No mode: a file's mode is what the approved head gives it (deliver/git-data.ts), never what
  // test code left in the work tree (a chmod +x would travel into the bot's commit).
}

async function blobOf(root: string, rel: string, write: boolean): Promise<string | null> {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return null;
  // --no-filters: the exact bytes the tests ran against, not what a clean filter would make of them.
  return hashFile(root, abs, write);
}

/** git's blob id of these bytes (the hash of `blob <length>\0<bytes>`) in the object format of `like`, an id of the same repository (40 hex digits: SHA-1, 64: SHA-256). */
export function blobIdOf(bytes: Buffer, like: string): string | undefined {
  const algorithm = like.length === 40 ? 'sha1' : like.length === 64 ? 'sha256' : undefined;
  return algorithm && createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * The blob id `git hash-object --no-filters -- <file>` prints for the file now, without starting a
 * git, in the object format the id it is compared with tells. Null for an absent file.
 */
function blobIdNow(root: string, rel: string, like: string): Promise<string | null> {
  if (like.length !== 40 && like.length !== 64) return blobOf(root, rel, false);
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return Promise.resolve(null);
  return Promise.resolve(blobIdOf(readFileSync(abs), like)!);
}

/** Neither an id nor bytes from git are taken on trust: the git program is a file the job's user may be able to replace. */
function untrusted(rel: string, told: string, own: string | undefined): Error {
  return new Error(
    `git gave blob ${told} for ${rel}, whose bytes hash to ${own ?? 'an id of another length'}: the git program on PATH does not answer as git does, so nothing is delivered (check which git runs: command -v git)`,
  );
}

/**
 * The bytes a pin names, from git's object store, checked against the pin's id by hashing them
 * here: what is delivered is the pinned bytes, whatever a git that test code replaced answers.
 */
export async function pinnedBytes(root: string, pin: Pin & { blob: string }): Promise<Buffer> {
  const bytes = await blobBytes(root, pin.blob);
  const own = blobIdOf(bytes, pin.blob);
  if (own !== pin.blob) throw untrusted(pin.path, pin.blob, own);
  return bytes;
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
    const blob = bytes === null ? null : await writeBlob(root, bytes);
    // The id is the hash of the bytes the verifying run saw, computed here too: git's answer is not taken on trust.
    if (blob !== null && blobIdOf(bytes!, blob) !== blob) throw untrusted(rel, blob, blobIdOf(bytes!, blob));
    pins.push({ path: rel, blob });
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
