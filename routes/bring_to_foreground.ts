// GET /api/bring_to_foreground — legacy route: the tool's result in the v1
// shape, errors as {success: false, error: "<message>"}. It acts, so it goes
// through the same dispatch (step ids, cache invalidation) as the tool.

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { activationQuery, firstIssue } from "./legacy_params.ts";

export function bringToForegroundRoute(app: Hono, session: Session): void {
  app.get("/api/bring_to_foreground", async (c) => {
    const parsed = activationQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ success: false, error: firstIssue(parsed.error) }, 400);
    const { status, body } = await dispatch(
      session,
      TOOLS,
      "bring_to_foreground",
      parsed.data,
      "rest",
    );
    const error = body.error as { message?: string } | string | undefined;
    if (status >= 400) {
      const message = typeof error === "string" ? error : error?.message ?? "failed";
      return c.json({ success: false, error: message }, status as 400);
    }
    return c.json(body);
  });
}
