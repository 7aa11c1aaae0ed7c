// What every route of the in-VM server protocol shares: its calls go through
// the one dispatch (rules, budgets, audit, traces) as caller "osworld", its
// bodies are read by zod schemas, and every failure is JSON, never a page.

import type { Context } from "hono";
import type { z } from "zod";
import { dispatch } from "../../../runtime/dispatch.ts";
import type { ToolResult } from "../../../runtime/registry.ts";
import type { Session } from "../../../runtime/session.ts";
import { TOOLS } from "../../../tools/index.ts";
import { formatIssues } from "../../../runtime/answer.ts";

export interface Called {
  ok: boolean;
  status: number;
  body: ToolResult;
  /** The error's code and message when the call failed. */
  code: string | null;
  message: string;
}

/** `signal`: the request's, so a tool stops when the harness has gone. */
export async function callTool(
  session: Session,
  tool: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Called> {
  const { status, body } = await dispatch(session, TOOLS, tool, args, "osworld", signal);
  const error = body.ok === false ? body.error as { code: string; message: string } : null;
  return {
    ok: error === null,
    status,
    body,
    code: error?.code ?? null,
    message: error?.message ?? "",
  };
}

/** A JSON answer with any status (hono's typing of statuses is narrower than HTTP's). */
export function json(c: Context, body: unknown, status = 200): Response {
  // deno-lint-ignore no-explicit-any
  return c.json(body, status as any);
}

/** A plain-text answer, as the original's successes of setup routes are. */
export function text(c: Context, body: string, status = 200): Response {
  // deno-lint-ignore no-explicit-any
  return c.text(body, status as any);
}

/** The original's error shape for most routes. */
export function failed(c: Context, status: number, message: string, extra = {}): Response {
  return json(c, { status: "error", message, ...extra }, status);
}

export type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A JSON body read by `schema`; a body that is not JSON or does not fit is a 400. */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<Read<z.output<S>>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: failed(c, 400, "the body must be a JSON object") };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, response: failed(c, 400, formatIssues(parsed.error)) };
}

/** A form body's fields (url-encoded or multipart); null when it is neither. */
export async function formBody(c: Context): Promise<Record<string, string | File> | null> {
  try {
    return await c.req.parseBody() as Record<string, string | File>;
  } catch {
    return null;
  }
}

/** The home folder, read when asked (the docs build has no access to the environment). */
export const home = (): string => Deno.env.get("HOME") ?? "/";
