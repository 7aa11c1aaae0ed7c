// GET /api/trace/<id>/screenshots/<file>: a trace step's screenshot as
// image/png, for the URLs get_trace lists (and a person's browser). Only the
// two names the recorder writes are served, from inside the tracing folder.

import type { Hono } from "hono";
import { envelope, httpStatusFor, ToolError } from "../lib/model/errors.ts";
import { readConfinedFile } from "../lib/support/files.ts";
import type { Session } from "../lib/runtime/session.ts";
import { SCREENSHOT_DIR, SCREENSHOT_NAME } from "../lib/formats/trace/format.ts";
import { traceDirOf, tracingRoots } from "../lib/services/trace/store.ts";

export function traceFileRoutes(app: Hono, session: Session): void {
  app.get("/api/trace/:id/screenshots/:file", async (c) => {
    const file = c.req.param("file");
    try {
      const dir = traceDirOf(session, c.req.param("id"));
      if (!SCREENSHOT_NAME.test(file)) {
        throw new ToolError("BadRequest", `'${file}' is not a trace screenshot name`, { file });
      }
      const bytes = await readConfinedFile(`${dir}/${SCREENSHOT_DIR}/${file}`, {
        roots: tracingRoots(session),
        maxBytes: session.config.limits.file_bytes,
        purpose: "trace screenshot",
      });
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png" });
    } catch (e) {
      if (e instanceof ToolError) {
        return c.json(envelope(e.code, e.message, e.context), httpStatusFor(e.code) as 400);
      }
      if (e instanceof Deno.errors.NotFound) {
        return c.json(envelope("TraceNotFound", `no screenshot ${file} in that trace`), 404);
      }
      return c.json(envelope("Internal", `could not read ${file}: ${(e as Error).message}`), 500);
    }
  });
}
