// v2 element routes (spec/rest-api.md §4–§5): find_element, the element
// verbs, hover and drag. Each is a JSON body (or query) handed to one tool.

import type { Hono } from "hono";
import type { Session } from "../lib/core/session.ts";
import { readJsonBody } from "./body.ts";
import { queryToolHandler, runTool } from "./tool_route.ts";

const ELEMENT_VERBS: Record<string, string> = {
  click: "click_element",
  focus: "focus_element",
  invoke: "invoke_element",
  set_value: "set_value",
  select: "select_option",
  right_click: "right_click_element",
  double_click: "double_click_element",
  key: "key_into_element",
  clear_text: "clear_text",
};

export function elementRoutes(app: Hono, session: Session): void {
  app.get("/api/find_element", queryToolHandler(session, "find_element"));

  for (const [path, tool] of Object.entries(ELEMENT_VERBS)) {
    app.post(`/api/element/${path}`, async (c) => {
      const body = await readJsonBody(c);
      return body.ok ? runTool(c, session, tool, body.value) : body.response;
    });
  }

  app.post("/api/hover", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const b = body.value;
    const atPoint = "x" in b && "y" in b && !("selector" in b) && !("element_id" in b);
    return runTool(c, session, atPoint ? "hover_at" : "hover_element", b);
  });

  app.post("/api/drag", async (c) => {
    const body = await readJsonBody(c);
    return body.ok ? runTool(c, session, "drag", body.value) : body.response;
  });
}
