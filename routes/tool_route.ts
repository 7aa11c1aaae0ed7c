// Thin glue between an HTTP request and the tool layer.

import type { Context } from "hono";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import type { Caller } from "../lib/runtime/registry.ts";
import type { Session } from "../lib/runtime/session.ts";
import { coerceQuery } from "./query.ts";
import { type ResultJson, resultJsonOut } from "../lib/model/json_text.ts";
import { withKnownBody } from "../lib/interfaces/http/response_bytes.ts";
import type { ToolRoute } from "../lib/interfaces/openapi/route_table.ts";
import { readJsonBody } from "./body.ts";
import {
  type ImageAnswer,
  imageAnswer,
  imageContentType,
} from "../lib/formats/http/image_negotiation.ts";
import { z } from "zod";
import { envelope } from "../lib/model/errors.ts";
import { fromBase64 } from "../lib/model/base64.ts";

const encoder = new TextEncoder();

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
  // A tool that makes a picture answers it as the body when the client asks (Accept: image/…).
  const input = TOOLS.get(name)?.input;
  const picture = input instanceof z.ZodObject && "format" in input.shape;
  const format = args.format === "png" || args.format === "jpeg" ? args.format : undefined;
  // A format that is none is the tool's to refuse (400), not the Accept header's to replace.
  const wanted: ImageAnswer = picture && (args.format === undefined || format !== undefined)
    ? imageAnswer(c.req.header("accept"), false, format)
    : { binary: false };
  if ("error" in wanted) return c.json(envelope("BadRequest", wanted.error), 406);
  const asked = wanted.binary ? { ...args, format: wanted.format } : args;
  const { status, body } = await dispatch(session, TOOLS, name, asked, callerOf(c));
  if (wanted.binary && status === 200 && typeof body.data === "string") {
    return c.body(fromBase64(body.data) as Uint8Array<ArrayBuffer>, 200, {
      "content-type": imageContentType(wanted.format),
      ...pictureHeaders(body),
    });
  }
  const json = resultJsonOut(body);
  // The Response carries the text for whoever reads it; the transport writes the pieces.
  // deno-lint-ignore no-explicit-any
  const response = c.body(textOrStream(json), status as any, {
    "content-type": "application/json",
  });
  return withKnownBody(response, json.pieces);
}

/**
 * The answer's text, or a stream that makes it only when read: the whole
 * text of a big tree parsed in pieces is never made otherwise
 * (lib/model/tree_json_pieces.ts). A stream costs more than a string to make,
 * so only then.
 */
function textOrStream(json: ResultJson): string | ReadableStream<Uint8Array> {
  if (!json.textFromBytes) return json.text();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(encoder.encode(json.text()));
      controller.close();
    },
  }, { highWaterMark: 0 }); // else the stream pulls at once, to fill its queue
}

/** A picture's facts, beside its bytes: the window (screen text, percent-encoded), uid and size. */
export function pictureHeaders(facts: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (typeof facts.window === "string") headers["x-oso-window"] = encodeURIComponent(facts.window);
  if (typeof facts.window_uid === "string") headers["x-oso-window-uid"] = facts.window_uid;
  if (typeof facts.width === "number") headers["x-oso-width"] = String(facts.width);
  if (typeof facts.height === "number") headers["x-oso-height"] = String(facts.height);
  if (typeof facts.step_id === "number") headers["x-oso-step-id"] = String(facts.step_id);
  return headers;
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
