// The dedicated v2 routes that each hand their query, JSON body or path
// parameter to one tool, registered from routes/tables.ts in its order.

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { TOOL_ROUTES } from "./tables.ts";
import { toolHandler } from "./tool_route.ts";

export function dedicatedRoutes(app: Hono, session: Session): void {
  for (const route of TOOL_ROUTES) {
    const path = route.path.replace(/\{(\w+)\}/g, ":$1");
    app.on(route.method.toUpperCase(), path, toolHandler(session, route));
  }
}
