// What the harness looks at: the whole screen as a PNG with the pointer drawn
// in, the accessibility tree as OSWorld's XML, and a recording of the screen
// while a task runs — each through the service's own tools.

import type { Hono } from "hono";
import { fromBase64 } from "../../../model/base64.ts";
import type { Session } from "../../../runtime/session.ts";
import { callTool, failed, json } from "./answer.ts";

export function pixelRoutes(app: Hono, session: Session): void {
  app.get("/screenshot", async (c) => {
    const called = await callTool(session, "get_full_screenshot", { format: "png", cursor: true });
    if (!called.ok) return failed(c, called.status, called.message);
    const png = fromBase64(String(called.body.data));
    return c.body(png.buffer as ArrayBuffer, 200, { "content-type": "image/png" });
  });
  app.post("/start_recording", async (c) => {
    const called = await callTool(session, "screen_recording", { action: "start" });
    if (!called.ok) {
      const held = called.status === 400;
      return failed(c, called.status, held ? "Recording is already in progress." : called.message);
    }
    return json(c, { status: "success", message: "Started recording successfully." });
  });
  app.post("/end_recording", async (c) => {
    const called = await callTool(session, "screen_recording", { action: "stop" });
    if (!called.ok) {
      const none = called.status === 400;
      return failed(c, called.status, none ? "No recording in progress to stop." : called.message);
    }
    const path = String(called.body.path);
    // Opened, then removed: the open file streams to the client and is gone afterwards.
    const file = await Deno.open(path);
    await Deno.remove(path);
    return c.body(file.readable, 200, {
      "content-type": "video/x-msvideo",
      "content-disposition": 'attachment; filename="recording.avi"',
      "content-length": String(called.body.bytes),
    });
  });
  app.get("/accessibility", async (c) => {
    const called = await callTool(session, "get_accessibility_tree", { format: "xml" });
    if (!called.ok) return failed(c, called.status, called.message);
    return json(c, { AT: called.body.AT });
  });
}
