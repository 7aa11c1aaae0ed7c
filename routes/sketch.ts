// GET /api/sketch — legacy route.

import type { Hono } from "hono";
import { ToolError } from "../lib/model/errors.ts";
import type { Session } from "../lib/runtime/session.ts";
import { sketchView } from "../lib/services/sketch/view.ts";
import { guardedLegacy } from "./legacy_guard.ts";
import { firstIssue, sketchQuery } from "./legacy_params.ts";

export function sketchRoutes(app: Hono, session: Session): void {
  app.get("/api/sketch", async (c) => {
    const parsed = sketchQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    const tool = { name: "get_screen_sketch", kind: "perception" };
    return await guardedLegacy(c, session, tool, parsed.data, async () => {
      const view = await sketchView(session, parsed.data);
      if (!view) throw new ToolError("Internal", "Could not retrieve element tree");
      return view;
    });
  });
}
