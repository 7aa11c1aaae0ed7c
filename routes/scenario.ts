// Scenario routes (spec/rest-api.md §9): load a scenario, assert its state.

import type { Hono } from "hono";
import type { Session } from "../lib/core/session.ts";
import { readJsonBody } from "./body.ts";
import { runTool } from "./tool_route.ts";

const ROUTES: Record<string, string> = {
  "/api/scenario/load": "load_scenario",
  "/api/assert_state": "assert_state",
};

export function scenarioRoutes(app: Hono, session: Session): void {
  for (const [path, tool] of Object.entries(ROUTES)) {
    app.post(path, async (c) => {
      const body = await readJsonBody(c);
      return body.ok ? runTool(c, session, tool, body.value) : body.response;
    });
  }
}
