// Decoding a chunked request body (RFC 9112 §7.1) as its bytes arrive. Each
// step reports how many bytes it used, so the connection drops them and its
// buffer stays small; the body is refused as soon as its size passes the limit.

export type ChunkedStep =
  | { kind: "more"; consumed: number }
  | { kind: "done"; body: Uint8Array<ArrayBuffer>; consumed: number }
  | { kind: "too_large" }
  | { kind: "malformed"; message: string };

const MAX_LINE = 4096; // a chunk-size line with extensions, or a trailer line

export class ChunkedDecoder {
  private readonly parts: Uint8Array[] = [];
  private total = 0;
  /** Bytes of the current chunk still to copy; 0 after its data (its CRLF is next); -1 for a size line. */
  private remaining = -1;
  private inTrailers = false;

  constructor(private readonly maxBytes: number) {}

  /** Feeds the unread bytes; the caller drops `consumed` of them before the next step. */
  step(bytes: Uint8Array, length: number): ChunkedStep {
    let pos = 0;
    for (;;) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, length - pos);
        if (take === 0) return { kind: "more", consumed: pos };
        this.parts.push(bytes.slice(pos, pos + take));
        pos += take;
        this.remaining -= take;
        continue;
      }
      const lineEnd = findCrlf(bytes, pos, length);
      if (lineEnd < 0) {
        return length - pos > MAX_LINE
          ? { kind: "malformed", message: "chunk line too long" }
          : { kind: "more", consumed: pos };
      }
      const line = String.fromCharCode(...bytes.subarray(pos, lineEnd));
      pos = lineEnd + 2;
      if (this.remaining === 0) {
        // the CRLF that ends a chunk's data
        if (line !== "") return { kind: "malformed", message: "chunk data longer than its size" };
        this.remaining = -1;
        continue;
      }
      if (this.inTrailers) {
        if (line === "") return { kind: "done", body: this.concat(), consumed: pos };
        continue; // trailer fields are read and dropped
      }
      const sizeText = line.split(";")[0].trim();
      if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) {
        return { kind: "malformed", message: "malformed chunk size" };
      }
      const size = parseInt(sizeText, 16);
      if (size === 0) {
        this.inTrailers = true;
        continue;
      }
      this.total += size;
      if (this.total > this.maxBytes) return { kind: "too_large" };
      this.remaining = size;
    }
  }

  private concat(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.total);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function findCrlf(bytes: Uint8Array, from: number, length: number): number {
  for (let i = from; i + 1 < length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10) return i;
  }
  return -1;
}
