// GET /api/screenshot — legacy route: base64 PNG (or JPEG) of a window or the
// full screen in JSON, or the picture itself as the body when the client asks
// (Accept: image/png or image/jpeg, or raw=true): no base64 to encode and
// decode, the facts in headers.

import type { Hono } from "hono";
import { toBase64 } from "../lib/services/observe/capture.ts";
import type { Session } from "../lib/runtime/session.ts";
import { encodingOf } from "../lib/tools/shared/image_args.ts";
import { captureScreenshot } from "../lib/tools/screenshot.ts";
import { guardedLegacy } from "./legacy_guard.ts";
import { firstIssue, screenshotQuery } from "./legacy_params.ts";
import { imageAnswer, imageContentType } from "../lib/formats/http/image_negotiation.ts";
import { envelope } from "../lib/model/errors.ts";
import { pictureHeaders } from "./tool_route.ts";

export function screenshotRoutes(app: Hono, session: Session): void {
  app.get("/api/screenshot", async (c) => {
    const parsed = screenshotQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    const { raw, ...args } = parsed.data;
    const wanted = imageAnswer(c.req.header("accept"), raw === true, args.format);
    if ("error" in wanted) {
      return c.json(envelope("BadRequest", wanted.error), 406);
    }
    const tool = { name: "get_screenshot", kind: "other" };
    if (!wanted.binary) {
      return await guardedLegacy(c, session, tool, args, async () => {
        const encoding = encodingOf(args);
        const shot = await captureScreenshot(session, args, encoding);
        return {
          window: shot.window,
          format: encoding.format,
          encoding: "base64",
          data: toBase64(shot.bytes),
        };
      });
    }
    // The picture stays out of the rails' result (they see its facts) and goes out as it is.
    let picture: Uint8Array<ArrayBuffer> = new Uint8Array(0);
    const encoding = encodingOf({ ...args, format: wanted.format });
    return await guardedLegacy(c, session, tool, args, async () => {
      const shot = await captureScreenshot(session, args, encoding);
      picture = shot.bytes as Uint8Array<ArrayBuffer>;
      return {
        window: shot.window,
        window_uid: shot.window_uid,
        format: encoding.format,
        width: shot.width,
        height: shot.height,
      };
    }, (result) =>
      c.body(picture, 200, {
        "content-type": imageContentType(encoding.format),
        ...pictureHeaders(result),
      }));
  });
}
