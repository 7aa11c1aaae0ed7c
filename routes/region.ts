// GET /api/full_screenshot and GET /api/visible_areas — legacy (v1) routes:
// the tools' results in the v1 shapes, through the same guards as the other
// legacy routes. The query is read by the tool's own schema; a bad parameter
// is a v1 400 `{"error": "..."}`.

import type { Context, Hono } from "hono";
import { ToolError } from "../lib/model/errors.ts";
import type { Session } from "../lib/runtime/session.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { fullScreenshot, type FullScreenshotArgs } from "../lib/tools/region_screenshots.ts";
import type { ToolResult } from "../lib/runtime/registry.ts";
import { visibleAreas } from "../lib/tools/visible_areas.ts";
import type { WindowArgs } from "../lib/formats/geometry/window_order.ts";
import { guardedLegacy } from "./legacy_guard.ts";
import { coerceQuery } from "./query.ts";
import { formatIssues } from "../lib/runtime/answer.ts";

/** The v1 message of GET /api/visible_areas when no window is named or found. */
export const WINDOW_REQUIRED = "window_uid or window_index is required";

/** A 400 the guarded call answered with an envelope becomes the v1 `{"error": message}`. */
async function v1BadRequest(response: Response): Promise<Response> {
  if (response.status !== 400) return response;
  const body = await response.clone().json() as { error?: { message?: unknown } };
  const message = body.error?.message;
  return typeof message === "string"
    ? Response.json({ error: message }, { status: 400 })
    : response;
}

/** The query parsed by the tool's schema, or the v1 400. */
function legacyArgs<T>(c: Context, tool: string): { ok: true; args: T } | {
  ok: false;
  response: Response;
} {
  const schema = TOOLS.get(tool)!.input;
  const parsed = schema.safeParse(coerceQuery(schema, c.req.query()));
  return parsed.success
    ? { ok: true, args: parsed.data as T }
    : { ok: false, response: c.json({ error: formatIssues(parsed.error) }, 400) };
}

async function legacy<T extends object>(
  c: Context,
  session: Session,
  name: string,
  run: (args: T) => Promise<ToolResult>,
): Promise<Response> {
  const read = legacyArgs<T>(c, name);
  if (!read.ok) return read.response;
  const tool = { name, kind: TOOLS.get(name)!.kind };
  const args = read.args as Record<string, unknown>;
  return await v1BadRequest(await guardedLegacy(c, session, tool, args, () => run(read.args)));
}

export function regionRoutes(app: Hono, session: Session): void {
  app.get(
    "/api/full_screenshot",
    (c) =>
      legacy<FullScreenshotArgs>(c, session, "get_full_screenshot", async (args) => {
        return (await fullScreenshot(session, args)).legacy;
      }),
  );
  app.get(
    "/api/visible_areas",
    (c) =>
      legacy<WindowArgs>(c, session, "get_visible_areas", async (args) => {
        try {
          const { window, regions } = await visibleAreas(session, args);
          return { window: window.title, visible_regions: regions };
        } catch (e) {
          // Missing and unresolved windows are one v1 answer, as in the original.
          const code = e instanceof ToolError ? e.code : null;
          if (code === "BadRequest" || code === "WindowGone") {
            throw new ToolError("BadRequest", WINDOW_REQUIRED);
          }
          throw e;
        }
      }),
  );
}
