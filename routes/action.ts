// POST /api/action — the v1 action verb mapped onto tools (spec/actions.md §7).

import type { Hono } from "hono";
import type { Session } from "../lib/core/session.ts";
import { readJsonBody } from "./body.ts";
import { runTool } from "./tool_route.ts";
import { own } from "../lib/core/own.ts";

type Mapping = (body: Record<string, unknown>) => { tool: string; args: Record<string, unknown> };

function without(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

const ACTIONS: Record<string, Mapping> = {
  click_at: (b) => ({ tool: "click_at", args: without(b, "action") }),
  type: (b) => ({ tool: "type_text", args: { text: b.value, dry_run: b.dry_run } }),
  key: (b) => ({ tool: "press_key", args: { keys: b.value, dry_run: b.dry_run } }),
  scroll: (b) => ({ tool: "scroll", args: without(b, "action") }),
};

export function actionRoutes(app: Hono, session: Session): void {
  app.post("/api/action", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const action = body.value.action;
    const mapping = typeof action === "string" && Object.hasOwn(ACTIONS, action)
      ? own(ACTIONS, action)
      : undefined;
    if (!mapping) {
      return c.json({ success: false, ok: false, error: `Unknown action: ${action ?? ""}` }, 400);
    }
    const { tool, args } = mapping(body.value);
    return runTool(c, session, tool, args);
  });
}
