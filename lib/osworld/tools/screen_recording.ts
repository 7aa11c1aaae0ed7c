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
  output: z.object({
    recording: z.boolean().describe("start: true, a recording runs; stop: false."),
    path: z.string().optional().describe("stop: the AVI file (Motion-JPEG)."),
    bytes: z.number().int().optional().describe("stop: its size in bytes."),
    frames: z.number().int().optional().describe("stop: how many frames it holds."),
    fps: z.number().optional().describe("stop: frames a second."),
    seconds: z.number().optional().describe("stop: its length in seconds (frames / fps)."),
    width: z.number().int().optional().describe("stop: the frames' width in pixels."),
    height: z.number().int().optional().describe("stop: the frames' height in pixels."),
    ended_by: z.enum(["stopped", "max_seconds", "max_bytes", "failed"]).optional().describe(
      "stop: why it ended: asked to, a limit, or a failure.",
    ),
    error_while_recording: z.string().optional().describe(
      "stop: the failure that ended it early, when one did.",
    ),
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
