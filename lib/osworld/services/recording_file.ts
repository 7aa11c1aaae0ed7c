// A screen recording's file on disk (lib/formats/video/avi_mjpeg.ts), so a
// ten-minute recording never sits in memory: frames are appended as they
// come, each one repeated over the time slots it covered, so the video's
// clock runs with the wall clock whatever rate the frames could be made at.

import { AVI_MAX_BYTES, AviMjpegWriter } from "../../formats/video/avi_mjpeg.ts";

export class RecordingFile {
  /** Made with the first frame, whose size the video takes. */
  private writer: AviMjpegWriter | null = null;
  private last: Uint8Array | null = null;

  private constructor(
    readonly path: string,
    private readonly file: Deno.FsFile,
    private readonly fps: number,
    /** At most this many bytes, finished (AVI_MAX_BYTES at most). */
    private readonly maxBytes: number,
  ) {}

  /** A new temporary file. */
  static async create(fps: number, maxBytes: number): Promise<RecordingFile> {
    const path = await Deno.makeTempFile({ prefix: "oso-recording-", suffix: ".avi" });
    const file = await Deno.open(path, { write: true });
    return new RecordingFile(path, file, fps, Math.min(maxBytes, AVI_MAX_BYTES));
  }

  get frames(): number {
    return this.writer?.frames ?? 0;
  }

  /** The file's length once finished as it is. */
  get bytes(): number {
    return this.writer?.bytes ?? 0;
  }

  get size(): { width: number; height: number } | null {
    return this.writer && { width: this.writer.width, height: this.writer.height };
  }

  /**
   * Writes `jpeg` (a width×height picture) as frame `slot` (counted from 0),
   * after the previous frame repeated for the slots between; a slot already
   * written takes the next one. False when the file is full (nothing more is
   * written); throws when the screen changed size.
   */
  async put(jpeg: Uint8Array, width: number, height: number, slot: number): Promise<boolean> {
    if (this.writer === null) {
      this.writer = new AviMjpegWriter(width, height, this.fps);
      await this.write(this.writer.header());
    } else if (width !== this.writer.width || height !== this.writer.height) {
      const was = `${this.writer.width}×${this.writer.height}`;
      throw new Error(`the screen changed size from ${was} to ${width}×${height}`);
    }
    if (!(await this.repeatUntil(slot))) return false;
    return await this.append(jpeg);
  }

  /**
   * Repeats the last frame until there are `frames` (as far as the file has
   * room), then writes the index and the final header and closes the file.
   */
  async finish(frames: number): Promise<void> {
    try {
      if (this.writer === null) return;
      await this.repeatUntil(frames);
      await this.write(this.writer.index());
      await this.file.seek(0, Deno.SeekMode.Start);
      await this.write(this.writer.header());
    } finally {
      this.file.close();
    }
  }

  private async repeatUntil(frames: number): Promise<boolean> {
    while (this.last !== null && this.frames < frames) {
      if (!(await this.append(this.last))) return false;
    }
    return true;
  }

  private async append(jpeg: Uint8Array): Promise<boolean> {
    const writer = this.writer!;
    if (writer.bytes + AviMjpegWriter.frameCost(jpeg.length) > this.maxBytes) return false;
    await this.write(writer.frame(jpeg));
    this.last = jpeg;
    return true;
  }

  private async write(bytes: Uint8Array): Promise<void> {
    for (let done = 0; done < bytes.length;) {
      done += await this.file.write(bytes.subarray(done));
    }
  }
}
