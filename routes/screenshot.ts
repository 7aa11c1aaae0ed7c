// GET /api/screenshot — legacy route: base64 PNG of a window or the full screen.

import type { Hono } from "hono";
import { ToolError } from "../lib/core/errors.ts";
import { toBase64 } from "../lib/observe/capture.ts";
import type { Session } from "../lib/core/session.ts";
import { captureScreenshot } from "../lib/tools/screenshot.ts";
import { guardedLegacy } from "./legacy_guard.ts";
import { firstIssue, legacyWindowQuery } from "./legacy_params.ts";

export function screenshotRoutes(app: Hono, session: Session): void {
  app.get("/api/screenshot", async (c) => {
    const parsed = legacyWindowQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    const tool = { name: "get_screenshot", kind: "other" };
    return await guardedLegacy(c, session, tool, parsed.data, async () => {
      const shot = await captureScreenshot(session, parsed.data);
      if (!shot) throw new ToolError("Internal", "Screenshot capture failed");
      return {
        window: shot.window,
        format: "png",
        encoding: "base64",
        data: toBase64(shot.png),
      };
    });
  });
}
