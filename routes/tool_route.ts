// Thin glue between an HTTP request and the tool layer.

import type { Context } from "hono";
import { dispatch } from "../lib/tools/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import type { Session } from "../lib/core/session.ts";
import { coerceQuery } from "./query.ts";

export async function runTool(
  c: Context,
  session: Session,
  name: string,
  args: Record<string, unknown>,
): Promise<Response> {
  const { status, body } = await dispatch(session, TOOLS, name, args, "rest");
  // deno-lint-ignore no-explicit-any
  return c.json(body, status as any);
}

/** A GET route whose query string is the tool's arguments. */
export function queryToolHandler(session: Session, name: string) {
  const schema = TOOLS.get(name)!.input;
  return (c: Context) => runTool(c, session, name, coerceQuery(schema, c.req.query()));
}
