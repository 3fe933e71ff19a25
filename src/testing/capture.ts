/**
 * Keeps the head and the tail of a stream whose size we do not control (a test that prints 100 MB),
 * so memory stays bounded and we still see how the run started and how it ended.
 */
export class HeadTailBuffer {
  private head: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private total = 0;

  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.headSize < this.headLimit) {
      const room = this.headLimit - this.headSize;
      const part = chunk.subarray(0, room);
      this.head.push(part);
      this.headSize += part.length;
      chunk = chunk.subarray(part.length);
      if (chunk.length === 0) return;
    }
    this.tail.push(chunk);
    this.tailSize += chunk.length;
    while (this.tailSize > this.tailLimit && this.tail.length > 0) {
      const first = this.tail[0]!;
      const excess = this.tailSize - this.tailLimit;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailSize -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailSize -= excess;
      }
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  get droppedBytes(): number {
    return this.total - this.headSize - this.tailSize;
  }

  /** The kept text, decoded leniently (invalid UTF-8 becomes U+FFFD), with a marker where bytes were dropped. */
  text(): string {
    // One decode of one buffer into one string: Buffer's decoder gives a one-byte string where the text
    // allows (TextDecoder gave UTF-16, twice the memory), and no pieces are joined and copied again. The
    // marker is ASCII, and a sequence cut at either edge of it decodes as it would on its own.
    const dropped = this.droppedBytes;
    const marker = dropped === 0 ? [] : [Buffer.from(`\n... [unbreak: ${dropped} bytes of output dropped here] ...\n`)];
    const text = Buffer.concat([...this.head, ...marker, ...this.tail]).toString('utf8');
    // As TextDecoder did: a byte-order mark that opens the output is not part of the text.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
