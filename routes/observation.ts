// Observation routes (spec/rest-api.md §6–§7): observe, snapshots, waits and
// the composite action + observe verbs. Each hands its query or JSON body to
// one tool.

import type { Context, Hono } from "hono";
import type { Session } from "../lib/core/session.ts";
import { readJsonBody } from "./body.ts";
import { queryToolHandler, runTool } from "./tool_route.ts";

const BODY_ROUTES: Record<string, string> = {
  "/api/snapshot/diff": "snapshot_diff",
  "/api/wait_for": "wait_for",
  "/api/wait_idle": "wait_idle",
  "/api/element/click_and_observe": "click_element_and_observe",
  "/api/type_and_observe": "type_and_observe",
  "/api/key_and_observe": "press_key_and_observe",
};

export function observationRoutes(app: Hono, session: Session): void {
  app.get("/api/observe", queryToolHandler(session, "observe_window"));

  // Registered before /api/snapshot/:id so "diff" is never taken for an id.
  for (const [path, tool] of Object.entries(BODY_ROUTES)) {
    app.post(path, async (c: Context) => {
      const body = await readJsonBody(c);
      return body.ok ? runTool(c, session, tool, body.value) : body.response;
    });
  }

  // The spec ignores any request body here.
  app.post("/api/snapshot", (c) => runTool(c, session, "snapshot", {}));
  app.get(
    "/api/snapshot/:id",
    (c) => runTool(c, session, "snapshot_get", { snapshot_id: c.req.param("id") }),
  );
  app.delete(
    "/api/snapshot/:id",
    (c) => runTool(c, session, "snapshot_drop", { snapshot_id: c.req.param("id") }),
  );
}
