// JSON request bodies: empty means {}, malformed or non-object is a 400. The
// transport (lib/interfaces/http/) has already refused bodies over limits.body_bytes.

import type { Context } from "hono";
import { envelope } from "../lib/model/errors.ts";

export type BodyResult = { ok: true; value: Record<string, unknown> } | {
  ok: false;
  response: Response;
};

export async function readJsonBody(c: Context): Promise<BodyResult> {
  const text = await c.req.text();
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      response: c.json(envelope("BadRequest", `malformed JSON body: ${(e as Error).message}`), 400),
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      response: c.json(envelope("BadRequest", "request body must be a JSON object"), 400),
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
