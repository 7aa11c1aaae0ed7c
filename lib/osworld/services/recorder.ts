// OSWorld's screen recording (/start_recording, /end_recording): full-screen
// pictures with the pointer drawn, grabbed at a steady rate, encoded as JPEG
// in the image worker (never on the HTTP thread) and streamed to a temporary
// Motion-JPEG AVI file (recording_file.ts).
//
// The video's clock is the wall clock: its header says `fps`, and each
// picture is written for the time slot it was grabbed in, the previous one
// repeated over slots no picture was ready for (a slow grab, a loaded
// machine), and the last one up to the moment the recording ended. Grabs
// never overlap: a slow one delays the next, it never piles up work.

import { ToolError } from "../../model/errors.ts";
import type { RawImage } from "../../model/image.ts";
import { encodeOffThread } from "../../formats/image/workers.ts";
import { AVI_MAX_BYTES } from "../../formats/video/avi_mjpeg.ts";
import { RecordingFile } from "./recording_file.ts";

export interface RecorderSettings {
  /** Frames a second, a whole number (1–60). */
  fps: number;
  /** The recording ends by itself after this long. */
  maxSeconds: number;
  /** And once its file would grow past this (at most AVI_MAX_BYTES). */
  maxBytes: number;
  /** JPEG quality, 1–100. */
  quality: number;
}

export const RECORDER_DEFAULTS: RecorderSettings = {
  fps: 10,
  maxSeconds: 600,
  maxBytes: 1024 ** 3,
  quality: 75,
};

/** Why a recording ended: asked to, a limit, or a grab or encode that failed. */
export type RecordingEnd = "stopped" | "max_seconds" | "max_bytes" | "failed";

export interface Recording {
  /** The finished AVI file: the caller's to send and then remove. */
  path: string;
  bytes: number;
  frames: number;
  fps: number;
  width: number;
  height: number;
  endedBy: RecordingEnd;
  /** Why, when it ended by failing. */
  error: string | null;
}

/**
 * One recording at a time. `grab` answers the whole screen with the pointer
 * drawn (lib/osworld/services/screen_with_cursor.ts), RGBA or X's BGRX.
 */
export class ScreenRecorder {
  private readonly settings: RecorderSettings;
  private current: Capture | null = null;

  constructor(
    private readonly grab: () => Promise<RawImage>,
    settings: Partial<RecorderSettings> = {},
  ) {
    this.settings = { ...RECORDER_DEFAULTS, ...settings };
    const { fps, maxSeconds, maxBytes, quality } = this.settings;
    if (!Number.isInteger(fps) || fps < 1 || fps > 60) throw new Error(`fps out of 1–60: ${fps}`);
    if (!(maxSeconds > 0)) throw new Error(`maxSeconds must be positive: ${maxSeconds}`);
    if (!(maxBytes > 0 && maxBytes <= AVI_MAX_BYTES)) {
      throw new Error(`maxBytes out of 1–${AVI_MAX_BYTES}: ${maxBytes}`);
    }
    if (!(quality >= 1 && quality <= 100)) throw new Error(`quality out of 1–100: ${quality}`);
  }

  /**
   * From start() until stop(), also after the recording ended by itself (a
   * limit, a failed grab): its file waits for stop() to collect it.
   */
  get recording(): boolean {
    return this.current !== null;
  }

  /** Why the held recording ended by itself; null while it runs or when none is held. */
  get ended(): RecordingEnd | null {
    return this.current?.ended ?? null;
  }

  /** Starts recording now; BadRequest while a recording is held. */
  start(): void {
    if (this.current !== null) {
      throw new ToolError("BadRequest", "a recording is already in progress", {
        hint: "end it first (its file is kept until then)",
      });
    }
    this.current = new Capture(this.grab, this.settings);
  }

  /**
   * Ends the recording (after the grab in flight) and answers its file;
   * BadRequest when nothing is recording, Internal when not one frame could
   * be grabbed (the file is then removed).
   */
  async stop(): Promise<Recording> {
    const capture = this.current;
    if (capture === null) throw new ToolError("BadRequest", "no recording is in progress");
    this.current = null;
    const recording = await capture.stop();
    if (recording.frames === 0) {
      await Deno.remove(recording.path);
      throw new ToolError(
        "Internal",
        `the recording holds no frame: ${recording.error ?? recording.endedBy}`,
      );
    }
    return recording;
  }
}

/** One recording's loop, from its start until its file is finished. */
class Capture {
  private stopAt: number | null = null;
  private wake: (() => void) | null = null;
  private readonly done: Promise<Recording>;
  /** Set once the file is finished. */
  ended: RecordingEnd | null = null;

  constructor(
    private readonly grab: () => Promise<RawImage>,
    private readonly s: RecorderSettings,
  ) {
    this.done = this.run(performance.now());
    // A file that cannot be made or finished fails stop(); until then it is no unhandled error.
    this.done.catch(() => {});
  }

  stop(): Promise<Recording> {
    this.stopAt ??= performance.now();
    this.wake?.();
    return this.done;
  }

  private async run(started: number): Promise<Recording> {
    const file = await RecordingFile.create(this.s.fps, this.s.maxBytes);
    const interval = 1000 / this.s.fps;
    const limit = started + this.s.maxSeconds * 1000;
    let endedBy: RecordingEnd = "stopped";
    let error: string | null = null;
    let end = limit;
    try {
      for (let slot = 0;; slot++) {
        // A recording always gets its first frame, however soon it is stopped.
        if (file.frames > 0) await this.sleepUntil(Math.min(started + slot * interval, limit));
        const now = performance.now();
        if (this.stopAt !== null && file.frames > 0) {
          end = this.stopAt;
          break;
        }
        // Past the limit before its first frame (a starved machine), a recording still takes one.
        if (now >= limit && file.frames > 0) {
          endedBy = "max_seconds";
          break;
        }
        slot = Math.max(slot, Math.floor((now - started) / interval));
        const image = await this.grab();
        const jpeg = await encodeOffThread(image, { format: "jpeg", quality: this.s.quality });
        if (!(await file.put(jpeg, image.width, image.height, slot))) {
          endedBy = "max_bytes";
          end = performance.now();
          break;
        }
      }
    } catch (e) {
      endedBy = "failed";
      error = (e as Error).message ?? String(e);
      end = performance.now();
    }
    try {
      await file.finish(Math.round((end - started) / interval));
    } catch (e) {
      await Deno.remove(file.path).catch(() => {});
      throw e;
    }
    this.ended = endedBy;
    const { width, height } = file.size ?? { width: 0, height: 0 };
    const { path, bytes, frames } = file;
    return { path, bytes, frames, fps: this.s.fps, width, height, endedBy, error };
  }

  /**
   * Waits until `time` (performance.now()), or until stop() is called. A
   * timer may fire a moment early: a frame taken then would belong to a slot
   * whose time has not come (one frame too many at the limit or at stop()).
   */
  private async sleepUntil(time: number): Promise<void> {
    while (this.stopAt === null && performance.now() < time) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, time - performance.now()));
        this.wake = done;
      });
    }
  }
}
