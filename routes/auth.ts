// The bearer token: when the operator set one (--token-file or OSO_TOKEN;
// required for any listen beyond loopback), every request must carry it as
// `Authorization: Bearer <token>`. A missing or wrong one is answered 401
// with WWW-Authenticate and written to the audit log; the token itself never
// appears in any answer, log line or audit record.

import type { MiddlewareHandler } from "hono";
import { envelope } from "../lib/model/errors.ts";
import { log } from "../lib/support/log.ts";
import type { Session } from "../lib/runtime/session.ts";

export const TOKEN_ENV = "OSO_TOKEN";

/** What a refused request leaves in the audit log. */
export type AuthRefusal = { method: string; path: string; reason: "missing" | "wrong" };

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Equal digests, compared without an early exit (the time says nothing of the token). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export function bearerGuard(
  token: string,
  onRefused: (refusal: AuthRefusal) => Promise<void>,
): MiddlewareHandler {
  const wanted = digest(token);
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const given = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? null;
    const ok = given !== null && sameBytes(await digest(given), await wanted);
    if (!ok) {
      await onRefused({
        method: c.req.method,
        path: c.req.path,
        reason: given ? "wrong" : "missing",
      });
      return c.json(
        envelope(
          "Unauthorized",
          given === null
            ? "this service needs a bearer token: send Authorization: Bearer <token>"
            : "the bearer token is wrong",
        ),
        401,
        { "WWW-Authenticate": 'Bearer realm="os-screen-observer"' },
      );
    }
    await next();
  };
}

/** Writes a refused request to the session's audit log (and the log, without the token). */
export function auditAuthRefusal(
  session: Pick<Session, "safety" | "nextStep">,
): (refusal: AuthRefusal) => Promise<void> {
  return async ({ method, path, reason }) => {
    log("WARNING", "security", `refused ${method} ${path}: ${reason} bearer token`);
    const audit = session.safety.audit;
    if (!audit) return;
    try {
      await audit.append({
        time: new Date().toISOString(),
        caller: "http",
        tool: null,
        step_id: session.nextStep(false).stepId,
        args: { method, path },
        redacted: [],
        target: null,
        result: "Unauthorized",
        refused: true,
        reason: `${reason} bearer token`,
      });
    } catch (e) {
      log("ERROR", "audit", `could not write the audit record of a refused request: ${e}`);
    }
  };
}
