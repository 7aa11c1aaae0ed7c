// GET /api/sketch — legacy route (spec/rest-api.md §2, ascii-sketch.md).

import type { Hono } from "hono";
import type { Session } from "../lib/core/session.ts";
import { sketchView } from "../lib/sketch/view.ts";
import { firstIssue, sketchQuery } from "./legacy_params.ts";

export function sketchRoutes(app: Hono, session: Session): void {
  app.get("/api/sketch", async (c) => {
    const parsed = sketchQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    try {
      const view = await sketchView(session, parsed.data);
      if (!view) return c.json({ error: "Could not retrieve element tree" }, 500);
      return c.json(view);
    } catch (e) {
      return c.json({ error: (e as Error).message || "Could not retrieve element tree" }, 500);
    }
  });
}
