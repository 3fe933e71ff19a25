// The o200k_base vocabulary as one block of bytes that needs no per-entry work to load:
//   u32 slot count (a power of two), u32 token count,
//   i32 × slot count: open addressing on hash() of a token's bytes, rank + 1 (0: empty),
//   then for each rank in order its length (one byte; the longest token is 128 bytes) and its bytes.
// Made here from gpt-tokenizer's ranks when running from source; the build (scripts/build.mjs) writes
// the same bytes to dist/o200k.bin and has dist/o200k.cjs read that file instead.
import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { hash } from './o200k-hash.js';

export function tableFile(): Uint8Array {
  const encoder = new TextEncoder();
  const tokens: Uint8Array[] = [];
  for (let rank = 0; rank < ranks.length; rank++) {
    const token = ranks[rank] as string | number[] | undefined;
    const bytes = token === undefined ? new Uint8Array(0) : typeof token === 'string' ? encoder.encode(token) : Uint8Array.from(token);
    if (bytes.length > 255) throw new Error(`o200k token ${rank} is ${bytes.length} bytes long`);
    tokens.push(bytes);
  }
  const size = 2 ** Math.ceil(Math.log2(tokens.length * 2.5));
  const vocabulary = tokens.reduce((n, t) => n + 1 + t.length, 0);
  const out = new Uint8Array(8 + size * 4 + vocabulary);
  const header = new Uint32Array(out.buffer, 0, 2);
  header[0] = size;
  header[1] = tokens.length;
  const slots = new Int32Array(out.buffer, 8, size);
  let at = 8 + size * 4;
  tokens.forEach((bytes, rank) => {
    out[at] = bytes.length;
    out.set(bytes, at + 1);
    at += 1 + bytes.length;
    // A rank with no bytes is a hole in the vocabulary: nothing looks it up.
    if (!bytes.length) return;
    let s = hash(bytes, 0, bytes.length) & (size - 1);
    while (slots[s] !== 0) s = (s + 1) & (size - 1);
    slots[s] = rank + 1;
  });
  return out;
}
