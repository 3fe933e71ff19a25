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
    const decode = (parts: Buffer[]) => new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(parts));
    const dropped = this.droppedBytes;
    if (dropped === 0) return decode([...this.head, ...this.tail]);
    // An ASCII marker: one character above U+00FF would make V8 store the whole 8 MB text as UTF-16, twice the memory.
    return `${decode(this.head)}\n... [unbreak: ${dropped} bytes of output dropped here] ...\n${decode(this.tail)}`;
  }
}
