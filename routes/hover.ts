// POST /api/hover: a point or an element, each its own tool.

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { readJsonBody } from "./body.ts";
import { HOVER_TOOLS } from "./tables.ts";
import { runTool } from "./tool_route.ts";

export function hoverRoute(app: Hono, session: Session): void {
  app.post("/api/hover", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const b = body.value;
    const atPoint = "x" in b && "y" in b && !("selector" in b) && !("element_id" in b);
    return runTool(c, session, atPoint ? HOVER_TOOLS.atPoint : HOVER_TOOLS.onElement, b);
  });
}
