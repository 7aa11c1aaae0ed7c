// GET /api/screenshot — legacy route: base64 PNG (or JPEG) of a window or the full screen.

import type { Hono } from "hono";
import { toBase64 } from "../lib/services/observe/capture.ts";
import type { Session } from "../lib/runtime/session.ts";
import { encodingOf } from "../lib/tools/shared/image_args.ts";
import { captureScreenshot } from "../lib/tools/screenshot.ts";
import { guardedLegacy } from "./legacy_guard.ts";
import { firstIssue, screenshotQuery } from "./legacy_params.ts";

export function screenshotRoutes(app: Hono, session: Session): void {
  app.get("/api/screenshot", async (c) => {
    const parsed = screenshotQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    const tool = { name: "get_screenshot", kind: "other" };
    return await guardedLegacy(c, session, tool, parsed.data, async () => {
      const encoding = encodingOf(parsed.data);
      const shot = await captureScreenshot(session, parsed.data, encoding);
      return {
        window: shot.window,
        format: encoding.format,
        encoding: "base64",
        data: toBase64(shot.bytes),
      };
    });
  });
}
