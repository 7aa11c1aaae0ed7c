// Thin glue between an HTTP request and the tool layer.

import type { Context } from "hono";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import type { Caller } from "../lib/runtime/registry.ts";
import type { Session } from "../lib/runtime/session.ts";
import { coerceQuery } from "./query.ts";
import { resultJson } from "../lib/model/json_text.ts";

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
