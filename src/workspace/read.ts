import { lstatSync, readFileSync } from 'node:fs';
import { isBinary, resolveInside, type PathProblem } from './guard.js';

/** Why a repo file could not be read: a path the guard refuses, or no readable text there. */
export type ReadProblem = PathProblem | 'missing' | 'not-file' | 'too-large' | 'binary';

export type RepoFile = { ok: true; rel: string; text: string } | { ok: false; kind: ReadProblem; reason: string };

/**
 * The one way repo files are read for the model (read_file and the first message alike): inside
 * the repo, outside .git, through no symlink, not ignored by git, a regular file, not binary, and
 * at most `maxBytes` long.
 */
export function readRepoFile(root: string, requested: string, maxBytes = Infinity): RepoFile {
  const where = resolveInside(root, requested);
  if (!where.ok) return where;
  let bytes: Buffer;
  try {
    const info = lstatSync(where.abs);
    if (!info.isFile()) return { ok: false, kind: 'not-file', reason: `${where.rel} is not a file` };
    if (info.size > maxBytes) return { ok: false, kind: 'too-large', reason: `${where.rel} is larger than ${maxBytes} bytes` };
    bytes = readFileSync(where.abs);
  } catch {
    return { ok: false, kind: 'missing', reason: `${where.rel} does not exist` };
  }
  if (isBinary(bytes)) return { ok: false, kind: 'binary', reason: `${where.rel} is a binary file` };
  return { ok: true, rel: where.rel, text: bytes.toString('utf8') };
}
