// JSON request bodies: empty means {}, malformed or non-object is a 400.

import type { Context } from "hono";
import { envelope } from "../lib/errors.ts";

const MAX_BODY_BYTES = 1_000_000;

export type BodyResult = { ok: true; value: Record<string, unknown> } | {
  ok: false;
  response: Response;
};

export async function readJsonBody(c: Context): Promise<BodyResult> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) {
    return {
      ok: false,
      response: c.json(envelope("BadRequest", "request body too large (limit 1 MB)"), 413),
    };
  }
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
