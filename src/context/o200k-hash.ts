/** FNV-1a over `bytes[from..to)`: where the o200k table (o200k-table.ts) puts a token, and where o200k.ts looks for it. */
export function hash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
