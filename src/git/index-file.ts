import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Git's index as `git ls-files -s` lists it, one array slot an entry: path, blob id, stage, and in
 * `stats` four numbers an entry (size, mtime and ctime in ms as Node computes them, the inode's low
 * 32 bits), or NaN where the index holds no stat git keeps up to date. Arrays, not an object an
 * entry: an index can hold 50,000 entries and more.
 */
export interface IndexListing {
  rels: string[];
  blobs: string[];
  stages: number[];
  stats: Float64Array;
}

/** Index entry flags (ce_flags and the extended ones) after which git no longer compares the stat with the file. */
const ASSUME_VALID = 0x8000;
const EXTENDED = 0x4000;
const SKIP_WORKTREE = 0x4000;
const INTENT_TO_ADD = 0x2000;
const REGULAR = new Set([0o100644, 0o100755]);
/** Extensions that change what the entries mean: a split index (its entries live in another file) and a sparse one (directories as entries). */
const UNSUPPORTED = new Set(['link', 'sdir']);

/**
 * Reads git's index file (`<gitDir>/index`, formats 2 to 4, SHA-1 or SHA-256) without starting git:
 * its entries' paths, blob ids and stages, and each regular file's stat as git last saw it. For the
 * test-file snapshot, read right after a `git status` refreshed the index, and before any code of
 * the repository ran: the stat of a clean file is then the file's own, with no lstat of ours.
 *
 * Undefined whenever the file is not one this reads exactly to its end with a matching checksum
 * (another version, a split or sparse index, an extension it must understand, a size that does not
 * add up): the caller then asks git (`ls-files -s`), as before.
 */
export function readIndex(gitDir: string): IndexListing | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(path.join(gitDir, 'index'));
  } catch {
    return undefined;
  }
  // The hash's length is not in the file: the one with which it reads exactly to its end, and its checksum matches.
  return parseIndex(buf, 20) ?? parseIndex(buf, 32);
}

function parseIndex(buf: Buffer, hashLen: number): IndexListing | undefined {
  if (buf.length < 12 + hashLen || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  const count = buf.readUInt32BE(8);
  if (version < 2 || version > 4) return undefined;
  const end = buf.length - hashLen;
  if (count > (end - 12) / (40 + hashLen + 3)) return undefined;
  const listing: IndexListing = { rels: [], blobs: [], stages: [], stats: new Float64Array(count * 4).fill(Number.NaN) };
  // The whole file as one byte a character: an ASCII path is a slice of it (one string made, not 50,000).
  const text = buf.toString('latin1');
  /** The previous entry's path, as bytes (format 4 strips a prefix of it from the next). */
  let prev: Buffer = Buffer.alloc(0);
  let at = 12;
  for (let i = 0; i < count; i++) {
    const start = at;
    const header = 40 + hashLen + 2;
    if (at + header > end) return undefined;
    const ctimeS = buf.readUInt32BE(at);
    const ctimeNs = buf.readUInt32BE(at + 4);
    const mtimeS = buf.readUInt32BE(at + 8);
    const mtimeNs = buf.readUInt32BE(at + 12);
    const ino = buf.readUInt32BE(at + 20);
    const mode = buf.readUInt32BE(at + 24);
    const size = buf.readUInt32BE(at + 36);
    const idAt = at + 40;
    const flags = buf.readUInt16BE(idAt + hashLen);
    at += header;
    let extended = 0;
    if (flags & EXTENDED) {
      if (version < 3 || at + 2 > end) return undefined;
      extended = buf.readUInt16BE(at);
      at += 2;
    }
    let rel: string | undefined;
    let lossy = '';
    if (version === 4) {
      // A varint: how many bytes of the previous path to drop; then the rest of this one, NUL-ended.
      let c = buf[at++]!;
      let drop = c & 127;
      while (c & 128) {
        if (at >= end) return undefined;
        c = buf[at++]!;
        drop = ((drop + 1) << 7) + (c & 127);
      }
      const nul = buf.indexOf(0, at);
      if (nul < 0 || nul >= end || drop > prev.length) return undefined;
      prev = Buffer.concat([prev.subarray(0, prev.length - drop), buf.subarray(at, nul)]);
      rel = utf8Exactly(prev, 0, prev.length);
      if (rel === undefined) lossy = prev.toString('utf8');
      at = nul + 1;
    } else {
      let nul = at;
      let ascii = true;
      for (; nul < end && buf[nul] !== 0; nul++) if (buf[nul]! > 127) ascii = false;
      if (nul >= end) return undefined;
      rel = ascii ? text.slice(at, nul) : utf8Exactly(buf, at, nul);
      if (rel === undefined) lossy = buf.toString('utf8', at, nul);
      // Padded with 1 to 8 NULs to a multiple of 8 bytes from the entry's start.
      at = start + ((nul - start + 8) & ~7);
      if (at > end) return undefined;
    }
    listing.rels.push(rel ?? lossy);
    listing.blobs.push(buf.toString('hex', idAt, idAt + hashLen));
    listing.stages.push((flags >> 12) & 3);
    // Only where git keeps the stat and compares it with the file: a regular file, not assumed
    // unchanged, outside the sparse checkout or only meant to be added; a racily clean entry git
    // smudged has size 0, and git on Windows keeps no inode. The ms as Node computes them from the
    // same seconds and ns, so an unchanged file compares equal.
    // A name that is not UTF-8 has no string that opens it: no stat, so the caller's lstat finds no such file, as before.
    if (rel !== undefined && REGULAR.has(mode) && size > 0 && ino > 0 && !(flags & ASSUME_VALID) && !(extended & (SKIP_WORKTREE | INTENT_TO_ADD))) {
      const o = i * 4;
      listing.stats[o] = size;
      listing.stats[o + 1] = mtimeS * 1e3 + mtimeNs / 1e6;
      listing.stats[o + 2] = ctimeS * 1e3 + ctimeNs / 1e6;
      listing.stats[o + 3] = ino;
    }
  }
  // The extensions, each a signature and a length, up to the checksum.
  while (at < end) {
    if (at + 8 > end) return undefined;
    const signature = buf.toString('latin1', at, at + 4);
    const length = buf.readUInt32BE(at + 4);
    // One whose name starts in lower case must be understood to read the index right.
    if (UNSUPPORTED.has(signature) || !/^[A-Z]/.test(signature)) return undefined;
    at += 8 + length;
  }
  if (at !== end) return undefined;
  // The checksum over everything before it, in the repository's hash (all zeros: index.skipHash).
  const sum = buf.subarray(end);
  if (
    sum.some((b) => b !== 0) &&
    !createHash(hashLen === 20 ? 'sha1' : 'sha256')
      .update(buf.subarray(0, end))
      .digest()
      .equals(sum)
  )
    return undefined;
  return listing;
}

/** The UTF-8 text of these bytes, or undefined when they are not UTF-8 (decoding would not give them back). */
function utf8Exactly(buf: Buffer, from: number, to: number): string | undefined {
  const text = buf.toString('utf8', from, to);
  return Buffer.byteLength(text) === to - from && Buffer.from(text).equals(buf.subarray(from, to)) ? text : undefined;
}
