// The o200k_base vocabulary as one byte string: for each rank in order, its length (one byte; the
// longest token is 128 bytes) and then its bytes. Made here from gpt-tokenizer's ranks when running
// from source; the build (scripts/build.mjs) puts the same bytes into dist/o200k.cjs as base64, so
// the bundle neither parses nor builds the 200,000 entries one by one.
import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';

export function vocabulary(): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let rank = 0; rank < ranks.length; rank++) {
    const token = ranks[rank] as string | number[] | undefined;
    const bytes = token === undefined ? new Uint8Array(0) : typeof token === 'string' ? encoder.encode(token) : Uint8Array.from(token);
    if (bytes.length > 255) throw new Error(`o200k token ${rank} is ${bytes.length} bytes long`);
    parts.push(Uint8Array.of(bytes.length), bytes);
    size += 1 + bytes.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
