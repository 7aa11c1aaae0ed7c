// Thin glue between an HTTP request and the tool layer.

import type { Context } from "hono";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import type { Caller } from "../lib/runtime/registry.ts";
import type { Session } from "../lib/runtime/session.ts";
import { coerceQuery } from "./query.ts";
import { resultJson } from "../lib/model/json_text.ts";
import type { ToolRoute } from "../lib/interfaces/openapi/route_table.ts";
import { readJsonBody } from "./body.ts";

/**
 * The web inspector says so in a header (X-OSO-Caller: inspector); every other
 * client is "rest". The name only decides how a call is recorded (audit,
 * traces), never what it may do: rules, budgets and confirmation are the same.
 */
export function callerOf(c: Context): Caller {
  return c.req.header("x-oso-caller") === "inspector" ? "inspector" : "rest";
}

export async function runTool(
  c: Context,
  session: Session,
  name: string,
  args: Record<string, unknown>,
): Promise<Response> {
  const { status, body } = await dispatch(session, TOOLS, name, args, callerOf(c));
  // deno-lint-ignore no-explicit-any
  return c.body(resultJson(body), status as any, { "content-type": "application/json" });
}

/** A GET route whose query string is the tool's arguments. */
export function queryToolHandler(session: Session, name: string) {
  const schema = TOOLS.get(name)!.input;
  return (c: Context) => runTool(c, session, name, coerceQuery(schema, c.req.query()));
}

/** The handler of a dedicated route: its query, JSON body or path parameter as the tool's arguments. */
export function toolHandler(
  session: Session,
  route: ToolRoute,
): (c: Context) => Response | Promise<Response> {
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
