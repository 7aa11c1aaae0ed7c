// screen_recording: the whole screen, with the pointer, recorded to a
// Motion-JPEG AVI file any standard player opens (OSWorld's /start_recording
// and /end_recording run through it). One recording per session; the
// pictures pass the same redaction as every screenshot.

import { z } from "zod";
import { perSession } from "../../support/per_session.ts";
import type { Session } from "../../runtime/session.ts";
import { defineTool, STORES } from "../../runtime/registry.ts";
import { ScreenRecorder } from "../services/recorder.ts";
import { screenWithCursor } from "../services/screen_with_cursor.ts";

const recorders = perSession(() => ({ recorder: null as ScreenRecorder | null }));

function recorderOf(session: Session): ScreenRecorder {
  const held = recorders(session);
  // JPEG takes X's BGRX as it comes: no conversion per frame.
  const { recording_fps, recording_max_s } = session.config.osworld;
  held.recorder ??= new ScreenRecorder(() => screenWithCursor(session.adapter, ["bgrx"]), {
    fps: recording_fps,
    maxSeconds: recording_max_s,
  });
  return held.recorder;
}

export const screenRecordingTool = defineTool({
  name: "screen_recording",
  description: "Record the whole screen, pointer included, to a video file (Motion-JPEG in " +
    "AVI; osworld.recording_fps frames a second, 10 by default; at most " +
    "osworld.recording_max_s, 10 minutes by default). action start begins (refused while one " +
    "is held); action stop ends it and answers the file's path, size, frames and duration. " +
    "A recording that hit its limit waits for stop.",
  kind: "other",
  input: z.object({
    action: z.enum(["start", "stop"]).describe("start a recording, or stop it and get its file"),
  }),
  annotations: STORES,
  async run(args, { session }) {
    const recorder = recorderOf(session);
    if (args.action === "start") {
      recorder.start();
      return { recording: true };
    }
    const done = await recorder.stop();
    return {
      recording: false,
      path: done.path,
      bytes: done.bytes,
      frames: done.frames,
      fps: done.fps,
      seconds: done.frames / done.fps,
      width: done.width,
      height: done.height,
      ended_by: done.endedBy,
      ...(done.error ? { error_while_recording: done.error } : {}),
    };
  },
});
