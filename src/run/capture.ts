/** Room left between the head and the tail for the drop marker (its longest form is under 80 bytes). */
const MARKER_ROOM = 128;

/**
 * Keeps the head and the tail of a stream whose size we do not control (a test that prints 100 MB),
 * so memory stays bounded and we still see how the run started and how it ended.
 *
 * Bytes are copied into one buffer allocated up front (its pages become resident only as they are
 * written): the head, room for the drop marker, then the tail as a ring. A caller may push a view of
 * a buffer it reuses for every read, so a long stream leaves no chunks behind for the GC to find.
 */
export class HeadTailBuffer {
  private store: Buffer;
  private readonly ringStart: number;
  private headSize = 0;
  /** Where the next tail byte goes in the ring; once the ring is full, also where its oldest byte is. */
  private tailEnd = 0;
  private tailSize = 0;
  private total = 0;
  private done = false;

  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {
    this.ringStart = headLimit + MARKER_ROOM;
    // Its own memory, never a slice of Node's shared pool: text() frees it.
    this.store = Buffer.allocUnsafeSlow(this.ringStart + tailLimit);
  }

  /** Copies the bytes in: `chunk` may be reused by the caller as soon as this returns. */
  push(chunk: Uint8Array): void {
    if (this.done) throw new Error('HeadTailBuffer: push after text()');
    const n = chunk.length;
    this.total += n;
    let from = 0;
    if (this.headSize < this.headLimit) {
      from = Math.min(this.headLimit - this.headSize, n);
      this.store.set(chunk.subarray(0, from), this.headSize);
      this.headSize += from;
      if (from === n) return;
    }
    const rest = n - from;
    if (rest >= this.tailLimit) {
      // Only its last bytes stay: they fill the ring in order.
      this.store.set(chunk.subarray(n - this.tailLimit), this.ringStart);
      this.tailEnd = 0;
      this.tailSize = this.tailLimit;
      return;
    }
    const first = Math.min(rest, this.tailLimit - this.tailEnd);
    this.store.set(chunk.subarray(from, from + first), this.ringStart + this.tailEnd);
    if (first < rest) this.store.set(chunk.subarray(from + first), this.ringStart);
    this.tailEnd = (this.tailEnd + rest) % this.tailLimit;
    this.tailSize = Math.min(this.tailLimit, this.tailSize + rest);
  }

  get totalBytes(): number {
    return this.total;
  }

  get droppedBytes(): number {
    return this.total - this.headSize - this.tailSize;
  }

  /**
   * The kept text, decoded leniently (invalid UTF-8 becomes U+FFFD), with a marker where bytes were
   * dropped. Call it once, when the stream has ended: it lays the bytes out in place and frees them,
   * and keeps no copy of the text (whatever still holds this object does not hold 8 MB with it).
   */
  text(): string {
    if (this.done) throw new Error('HeadTailBuffer: text() is called once');
    this.done = true;
    const { store, ringStart, headSize, tailSize } = this;
    const ring = store.subarray(ringStart, ringStart + this.tailLimit);
    // The tail in order at the ring's start: three reversals rotate it in place, no second copy.
    if (tailSize === this.tailLimit && this.tailEnd !== 0) {
      ring.subarray(0, this.tailEnd).reverse();
      ring.subarray(this.tailEnd).reverse();
      ring.reverse();
    }
    // Head, marker and tail side by side, then one decode of one buffer into one string: Buffer's
    // decoder gives a one-byte string where the text allows (TextDecoder gave UTF-16, twice the
    // memory). The marker is ASCII, and a sequence cut at either edge of it decodes as it would on
    // its own.
    const dropped = this.droppedBytes;
    const marker = dropped === 0 ? '' : `\n... [unbreak: ${dropped} bytes of output dropped here] ...\n`;
    const markerStart = ringStart - marker.length;
    store.write(marker, markerStart, 'latin1');
    const start = markerStart - headSize;
    store.copyWithin(start, 0, headSize);
    const text = store.toString('utf8', start, ringStart + tailSize);
    // The bytes are in the string now: free the buffer at once (detached, its memory goes back),
    // not whenever the GC finds it.
    this.store = Buffer.alloc(0);
    if (store.byteOffset === 0 && store.buffer.byteLength === store.length) {
      (store.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
    }
    // As TextDecoder did: a byte-order mark that opens the output is not part of the text.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
