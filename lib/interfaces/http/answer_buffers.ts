// Buffers answers are written from, used again once written. In Deno a new
// ArrayBuffer costs 0.6–1.7 µs however small (measured), as much as encoding
// a 1 KB answer, and each one is more work for the garbage collector.

/** Room of each kept buffer: answers up to this size (a compact view, a 300-node tree) fit. */
const BUFFER_BYTES = 64 * 1024;
/** Free buffers kept at most; more are in use only while that many answers are being written. */
const KEEP_AT_MOST = 8;

export class AnswerBuffers {
  private readonly free: ArrayBuffer[] = [];
  /** Kept buffers out on loan: only these come back (a body's own bytes must never be reused). */
  private readonly lent = new WeakSet<ArrayBuffer>();

  constructor(
    private readonly bufferBytes = BUFFER_BYTES,
    private readonly keepAtMost = KEEP_AT_MOST,
  ) {}

  /** Room for `bytes` bytes: a kept buffer when it fits one, else a new one of that size. */
  take(bytes: number): Uint8Array<ArrayBuffer> {
    if (bytes > this.bufferBytes) return new Uint8Array(bytes);
    const buffer = this.free.pop() ?? new ArrayBuffer(this.bufferBytes);
    this.lent.add(buffer);
    return new Uint8Array(buffer);
  }

  /** Gives back what `take` lent, once nothing reads it any more (its write has ended). */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer as ArrayBuffer;
    if (!this.lent.delete(buffer)) return;
    if (this.free.length < this.keepAtMost) this.free.push(buffer);
  }
}
