// The exact o200k counter, bundled on its own (dist/o200k.cjs) and loaded the first time a budget
// decision needs an exact count. It counts what gpt-tokenizer's o200k_base `encode` returns (same
// split pattern, same ranks, same merge order; __tests__/context/o200k.test.ts compares the two),
// but from a table made at build time (o200k-table.ts, dist/o200k.bin: the tokens' bytes and a hash
// table over them), read whole: gpt-tokenizer's encoder builds a Map of 200,000 strings first, ~0.4 s
// of CPU and 60 MB on every run that needs a count. The table is in the build machine's byte order
// (little-endian, as on GitHub's runners); read on a big-endian machine it fails its header check and
// unbreak says so when a count is needed (tokens.ts).
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { hash } from './o200k-hash.js';
import { tableFile } from './o200k-table.js';

interface Table {
  /** For each rank, its length (one byte) and then its bytes (o200k-table.ts). */
  bytes: Uint8Array;
  /** Where rank r's bytes start in `bytes`; its length is the byte before. */
  starts: Uint32Array;
  /** Open addressing on hash() of the bytes: rank + 1, 0 where empty. */
  slots: Int32Array;
  mask: number;
}

let table: Table | undefined;
/** The table's bytes, read by `readTable` or on the first count. */
let tableBytes: Uint8Array | undefined;

/**
 * Reads the table's bytes now and keeps them (dist: while the bundle loads, before any test code
 * runs and could write to the folder it is in). Indexing them waits for the first count, which a
 * run whose prompts fit by their byte length never makes.
 */
export function readTable(): void {
  tableBytes ??= tableFile();
}

/** Indexes the table's bytes now (once); throws when they are no table (damaged, or in another byte order). */
export function indexTable(): void {
  table ??= load();
}

/** The table's parts as views of the one block (no copy), and where each rank starts. */
function load(): Table {
  const file = (tableBytes ??= tableFile());
  const [size, n] = new Uint32Array(file.buffer, file.byteOffset, 2) as unknown as [number, number];
  if (!size || size & (size - 1) || n >= size || file.length < 8 + size * 4 + n) throw new Error('the o200k table is damaged or in another byte order');
  const slots = new Int32Array(file.buffer, file.byteOffset + 8, size);
  const bytes = file.subarray(8 + size * 4);
  const starts = new Uint32Array(n);
  for (let rank = 0, at = 0; rank < n; rank++) {
    starts[rank] = at + 1;
    at += 1 + bytes[at]!;
  }
  return { bytes, starts, slots, mask: size - 1 };
}

/** The rank of `piece[from..to)`, or Infinity where it is no token. */
function rankOf(t: Table, piece: Uint8Array, from: number, to: number): number {
  const len = to - from;
  let s = hash(piece, from, to) & t.mask;
  // At most one pass over the slots: a table without an empty slot (a damaged one) cannot loop.
  for (let probes = 0; probes <= t.mask; probes++) {
    const r = t.slots[s]!;
    if (r === 0) return Infinity;
    const start = t.starts[r - 1]!;
    if (t.bytes[start - 1] === len) {
      let i = 0;
      while (i < len && t.bytes[start + i] === piece[from + i]) i++;
      if (i === len) return r - 1;
    }
    s = (s + 1) & t.mask;
  }
  return Infinity;
}

const encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
let scratch = new Uint8Array(1024);
/** Pieces seen before (words repeat): their counts. Emptied when it grows large. */
const seen = new Map<string, number>();

/** Tokens of one piece of the split: the whole piece if it is a token, else byte-pair merges, lowest rank first, leftmost on a tie. */
function pieceTokens(t: Table, piece: string): number {
  if (piece.length === 1 && piece.charCodeAt(0) < 0x80) return 1;
  const known = seen.get(piece);
  if (known !== undefined) return known;
  if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
  const bytes = scratch;
  const length = encoder.encodeInto(piece, bytes).written;
  let n: number;
  // gpt-tokenizer looks the whole piece up by its text: a piece with a lone surrogate is never found whole.
  if (rankOf(t, bytes, 0, length) !== Infinity && !LONE_SURROGATE.test(piece)) n = 1;
  else n = merged(t, bytes, length);
  // Short pieces only: a long run of spaces is seldom seen twice, and the cache would keep it alive.
  if (piece.length <= 256) {
    if (seen.size >= 50_000) seen.clear();
    seen.set(piece, n);
  }
  return n;
}

/** gpt-tokenizer's bytePairMerge, counting the parts. */
function merged(t: Table, bytes: Uint8Array, length: number): number {
  const starts: number[] = [];
  const ranks: number[] = [];
  const pairRank = (i: number): number => (i + 2 < starts.length ? rankOf(t, bytes, starts[i]!, starts[i + 2]!) : Infinity);
  for (let i = 0; i <= length; i++) {
    starts.push(i);
    ranks.push(i < length - 1 ? rankOf(t, bytes, i, i + 2) : Infinity);
  }
  while (starts.length > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < ranks.length - 1; i++) {
      if (ranks[i]! < lowest) {
        lowest = ranks[i]!;
        at = i;
      }
    }
    if (lowest === Infinity || at === -1) break;
    starts.splice(at + 1, 1);
    ranks.splice(at, 1);
    ranks[at] = pairRank(at);
    if (at > 0) ranks[at - 1] = pairRank(at - 1);
  }
  return starts.length - 1;
}

/** Tokens of `text`, special-token text counted as plain text (a log may hold `<|endoftext|>`). */
export function count(text: string): number {
  const t = (table ??= load());
  let total = 0;
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) total += pieceTokens(t, piece);
  return total;
}
