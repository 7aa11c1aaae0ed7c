// Splits a byte stream into newline-delimited lines without ever holding more
// than `maxLineBytes` of one line: a longer line is dropped while it streams
// in and reported by its length only.

export type LinePiece =
  | { kind: "line"; bytes: Uint8Array }
  | { kind: "oversized"; byteLength: number };

const NEWLINE = 0x0a;

export class LineSplitter {
  /** The current line's bytes so far (views into the pushed chunks), unless it is oversized. */
  private parts: Uint8Array[] = [];
  private lineBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines `chunk` completes. Chunks are kept by reference: never reuse one after pushing it. */
  push(chunk: Uint8Array): LinePiece[] {
    const pieces: LinePiece[] = [];
    let start = 0;
    while (true) {
      const newline = chunk.indexOf(NEWLINE, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return pieces;
      pieces.push(this.finishLine());
      start = newline + 1;
    }
  }

  /** At end of input: the last line, when it had no newline. */
  end(): LinePiece[] {
    return this.lineBytes > 0 ? [this.finishLine()] : [];
  }

  private take(bytes: Uint8Array): void {
    this.lineBytes += bytes.length;
    if (this.lineBytes > this.maxLineBytes) this.parts = [];
    else if (bytes.length > 0) this.parts.push(bytes);
  }

  private finishLine(): LinePiece {
    const piece: LinePiece = this.lineBytes > this.maxLineBytes
      ? { kind: "oversized", byteLength: this.lineBytes }
      : { kind: "line", bytes: concat(this.parts, this.lineBytes) };
    this.parts = [];
    this.lineBytes = 0;
    return piece;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
