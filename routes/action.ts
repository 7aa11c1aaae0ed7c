// POST /api/action — the v1 action verb mapped onto tools.

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { readJsonBody } from "./body.ts";
import { runTool } from "./tool_route.ts";
import type { ActionVerb } from "../lib/interfaces/openapi/route_table.ts";
import { ACTION_VERBS } from "./tables.ts";

/** The tool arguments `verb` makes of a request body. */
function argsOf(verb: ActionVerb, body: Record<string, unknown>): Record<string, unknown> {
  if (verb.rename) {
    return Object.fromEntries(
      Object.entries(verb.rename).map(([field, argument]) => [argument, body[field]]),
    );
  }
  const args = { ...body };
  delete args.action;
  return args;
}

const VERBS = new Map(ACTION_VERBS.map((verb) => [verb.action, verb]));

export function actionRoutes(app: Hono, session: Session): void {
  app.post("/api/action", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const action = body.value.action;
    const verb = typeof action === "string" ? VERBS.get(action) : undefined;
    if (!verb) {
      return c.json({ success: false, ok: false, error: `Unknown action: ${action ?? ""}` }, 400);
    }
    return runTool(c, session, verb.tool, argsOf(verb, body.value));
  });
}
