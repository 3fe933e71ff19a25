import { existsSync, lstatSync } from 'node:fs';
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

export async function pinFiles(root: string, files: string[]): Promise<Pin[]> {
  const pins: Pin[] = [];
  for (const rel of files) {
    const blob = await blobOf(root, rel, true);
    const exec = blob !== null && (lstatSync(path.join(root, rel)).mode & 0o111) !== 0;
    pins.push({ path: rel, blob, mode: exec ? '100755' : '100644' });
  }
  return pins;
}

/** The pinned files whose content in the work tree is no longer what was pinned. */
export async function driftedFiles(root: string, pins: Pin[]): Promise<string[]> {
  const drifted: string[] = [];
  for (const pin of pins) if ((await blobOf(root, pin.path, false)) !== pin.blob) drifted.push(pin.path);
  return drifted;
}

export function driftMessage(files: string[]): string {
  return `${files.join(', ')} changed after the verifying run ended (a process the tests started kept running?), so nothing was delivered: what would go out is not what the tests saw`;
}
