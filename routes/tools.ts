// The tool list and the generic console GET|POST /api/tool/<name>.

import type { Hono } from "hono";
import { envelope } from "../lib/model/errors.ts";
import type { Session } from "../lib/runtime/session.ts";
import { describeTools } from "../lib/interfaces/mcp/server.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { allowedOverGet } from "../lib/runtime/registry.ts";
import { readJsonBody } from "./body.ts";
import { coerceQuery } from "./query.ts";
import { runTool } from "./tool_route.ts";

export function toolRoutes(app: Hono, session: Session): void {
  const names = [...TOOLS.keys()].sort();
  // Built here, at start-up, not while a request waits (see describeTools).
  const described = describeTools(TOOLS);
  const detailed = JSON.stringify({
    ok: true,
    tools: names,
    detail: names.map((name) => {
      const tool = described.find((t) => t.name === name)!;
      return {
        name,
        description: tool.description,
        kind: TOOLS.get(name)!.kind,
        annotations: tool.annotations,
        input_schema: tool.inputSchema,
      };
    }),
  });
  app.get("/api/tools", (c) => {
    const detail = c.req.query("detail");
    if (detail === undefined || detail === "0" || detail === "false") {
      return c.json({ ok: true, tools: names });
    }
    if (detail !== "1" && detail !== "true") {
      return c.json(envelope("BadRequest", "detail must be 0, 1, false or true"), 400);
    }
    return c.body(detailed, 200, { "Content-Type": "application/json" });
  });

  app.get("/api/tool/:name", (c) => {
    const name = c.req.param("name");
    const tool = TOOLS.get(name);
    // A GET can be forged by any page (<img src=...>) and never changes state.
    if (tool !== undefined && !allowedOverGet(tool)) {
      const why = tool.waits ? "holds the request while it waits" : "changes state";
      return c.json(
        envelope("BadRequest", `${name} ${why}: call it with POST (JSON body)`, {
          tool: name,
          method: "POST",
        }),
        405,
        { Allow: "POST" },
      );
    }
    const args = tool ? coerceQuery(tool.input, c.req.query()) : {};
    return runTool(c, session, name, args);
  });

  app.post("/api/tool/:name", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    return runTool(c, session, c.req.param("name"), body.value);
  });
}
