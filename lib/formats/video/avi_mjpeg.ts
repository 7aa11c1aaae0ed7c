// Motion-JPEG in an AVI file (RIFF, AVI 1.0 with an idx1 index), the
// simplest video every standard player opens: each frame is a whole JPEG.
// Written as a stream: the header first (counts as of then), each frame's
// chunk appended as it comes, then the index, and the header written again
// over the first one with the final counts (it keeps its length).
//
// Layout: RIFF 'AVI ' { LIST 'hdrl' { avih, LIST 'strl' { strh, strf } },
// LIST 'movi' { '00dc' chunks }, idx1 }.

/**
 * The largest file this writer makes: sizes are 32-bit, some readers take
 * them as signed, and beyond that AVI needs OpenDML's extended index.
 */
export const AVI_MAX_BYTES = 2 ** 31 - 1;

const AVIF_HASINDEX = 0x10;
const AVIIF_KEYFRAME = 0x10;
const FRAME_CHUNK = "00dc";

const MAIN_HEADER_BYTES = 56;
const STREAM_HEADER_BYTES = 56;
const BITMAP_INFO_BYTES = 40;
const STRL_BYTES = 4 + (8 + STREAM_HEADER_BYTES) + (8 + BITMAP_INFO_BYTES);
const HDRL_BYTES = 4 + (8 + MAIN_HEADER_BYTES) + (8 + STRL_BYTES);
/** Everything before the first frame's chunk: RIFF's head, hdrl, movi's head. */
export const AVI_HEADER_BYTES = 12 + (8 + HDRL_BYTES) + 12;
const INDEX_ENTRY_BYTES = 16;

export class AviMjpegWriter {
  /** Each frame's chunk, from the 'movi' type (as idx1 counts). */
  private readonly offsets: number[] = [];
  private readonly sizes: number[] = [];
  /** The 'movi' list's size: its type and the frame chunks so far. */
  private moviBytes = 4;
  private largest = 0;

  /** `fps`: whole frames a second, the rate every frame is shown at. */
  constructor(readonly width: number, readonly height: number, readonly fps: number) {
    if (!Number.isInteger(fps) || fps < 1) {
      throw new Error(`fps must be a whole number ≥ 1: ${fps}`);
    }
  }

  get frames(): number {
    return this.sizes.length;
  }

  /** The file's length once finished now: header, frames and index. */
  get bytes(): number {
    return AVI_HEADER_BYTES - 4 + this.moviBytes + 8 + this.frames * INDEX_ENTRY_BYTES;
  }

  /** What one more frame of `size` bytes adds to the file (its chunk and its index entry). */
  static frameCost(size: number): number {
    return 8 + size + (size % 2) + INDEX_ENTRY_BYTES;
  }

  /** The header with the counts as of now (AVI_HEADER_BYTES long). */
  header(): Uint8Array {
    const out = new Uint8Array(AVI_HEADER_BYTES);
    const w = new Writer(out);
    w.tag("RIFF").u32(this.bytes - 8).tag("AVI ");
    w.tag("LIST").u32(HDRL_BYTES).tag("hdrl");
    w.tag("avih").u32(MAIN_HEADER_BYTES)
      .u32(Math.round(1_000_000 / this.fps)) // dwMicroSecPerFrame
      .u32(Math.min(0xffff_ffff, this.largest * this.fps)) // dwMaxBytesPerSec
      .u32(0) // dwPaddingGranularity
      .u32(AVIF_HASINDEX)
      .u32(this.frames) // dwTotalFrames
      .u32(0) // dwInitialFrames
      .u32(1) // dwStreams
      .u32(this.largest + 8) // dwSuggestedBufferSize
      .u32(this.width)
      .u32(this.height)
      .skip(16); // dwReserved
    w.tag("LIST").u32(STRL_BYTES).tag("strl");
    w.tag("strh").u32(STREAM_HEADER_BYTES)
      .tag("vids")
      .tag("MJPG")
      .u32(0) // dwFlags
      .u16(0) // wPriority
      .u16(0) // wLanguage
      .u32(0) // dwInitialFrames
      .u32(1) // dwScale: the rate is dwRate / dwScale frames a second
      .u32(this.fps) // dwRate
      .u32(0) // dwStart
      .u32(this.frames) // dwLength
      .u32(this.largest + 8) // dwSuggestedBufferSize
      .u32(0xffff_ffff) // dwQuality: the default
      .u32(0) // dwSampleSize: frames vary in size
      .u16(0).u16(0).u16(this.width).u16(this.height); // rcFrame
    w.tag("strf").u32(BITMAP_INFO_BYTES)
      .u32(BITMAP_INFO_BYTES) // biSize
      .u32(this.width)
      .u32(this.height)
      .u16(1) // biPlanes
      .u16(24) // biBitCount: what the frames decode to
      .tag("MJPG") // biCompression
      .u32(this.width * this.height * 3) // biSizeImage
      .skip(16); // resolution and palette: none
    w.tag("LIST").u32(this.moviBytes).tag("movi");
    return out;
  }

  /** One frame's chunk, to append after the previous one. */
  frame(jpeg: Uint8Array): Uint8Array {
    const cost = AviMjpegWriter.frameCost(jpeg.length);
    if (this.bytes + cost > AVI_MAX_BYTES) throw new Error("an AVI file is limited to 2 GiB");
    const chunk = new Uint8Array(8 + jpeg.length + (jpeg.length % 2));
    new Writer(chunk).tag(FRAME_CHUNK).u32(jpeg.length);
    chunk.set(jpeg, 8);
    this.offsets.push(this.moviBytes);
    this.sizes.push(jpeg.length);
    this.moviBytes += chunk.length;
    this.largest = Math.max(this.largest, jpeg.length);
    return chunk;
  }

  /** The idx1 index, to append after the last frame. */
  index(): Uint8Array {
    const out = new Uint8Array(8 + this.frames * INDEX_ENTRY_BYTES);
    const w = new Writer(out).tag("idx1").u32(this.frames * INDEX_ENTRY_BYTES);
    for (let i = 0; i < this.frames; i++) {
      w.tag(FRAME_CHUNK).u32(AVIIF_KEYFRAME).u32(this.offsets[i]).u32(this.sizes[i]);
    }
    return out;
  }
}

/** Little-endian fields written in order. */
class Writer {
  private at = 0;
  private readonly view: DataView;

  constructor(bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  tag(fourcc: string): this {
    for (let i = 0; i < 4; i++) this.view.setUint8(this.at + i, fourcc.charCodeAt(i));
    this.at += 4;
    return this;
  }

  u32(value: number): this {
    this.view.setUint32(this.at, value, true);
    this.at += 4;
    return this;
  }

  u16(value: number): this {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }

  skip(bytes: number): this {
    this.at += bytes;
    return this;
  }
}
