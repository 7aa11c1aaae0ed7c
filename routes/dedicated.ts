// The dedicated v2 routes that each hand their query, JSON body or path
// parameter to one tool, registered from routes/tables.ts in its order.

import type { Context, Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import type { ToolRoute } from "../lib/interfaces/openapi/route_table.ts";
import { readJsonBody } from "./body.ts";
import { TOOL_ROUTES } from "./tables.ts";
import { queryToolHandler, runTool } from "./tool_route.ts";

function handler(session: Session, route: ToolRoute): (c: Context) => Response | Promise<Response> {
  const { tool, from } = route;
  if (from === "query") return queryToolHandler(session, tool);
  if (from === "body") {
    return async (c) => {
      const body = await readJsonBody(c);
      return body.ok ? runTool(c, session, tool, body.value) : body.response;
    };
  }
  // As the original: any request body is ignored here.
  if (from === "none") return (c) => runTool(c, session, tool, {});
  return (c) => runTool(c, session, tool, { [from.argument]: c.req.param(from.param) });
}

export function dedicatedRoutes(app: Hono, session: Session): void {
  for (const route of TOOL_ROUTES) {
    const path = route.path.replace(/\{(\w+)\}/g, ":$1");
    app.on(route.method.toUpperCase(), path, handler(session, route));
  }
}
