// GET /api/sketch — legacy route (spec/rest-api.md §2, ascii-sketch.md).

import type { Hono } from "hono";
import { captureDefault, captureWindow, listWindows } from "../lib/observe.ts";
import type { Session } from "../lib/session.ts";
import { renderSketchCached } from "../lib/sketch/memo.ts";
import type { Element } from "../lib/tree.ts";
import { resolveWindow } from "../lib/windows.ts";
import { firstIssue, sketchQuery } from "./legacy_params.ts";

export function sketchRoutes(app: Hono, session: Session): void {
  app.get("/api/sketch", async (c) => {
    const parsed = sketchQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    const q = parsed.data;
    const settings = session.config.ascii_sketch;
    const gridWidth = q.grid_width ?? settings.grid_width;
    const gridHeight = q.grid_height ?? settings.grid_height;
    try {
      const { window } = resolveWindow(await listWindows(session), q);
      const root: Element | null = window
        ? (await captureWindow(session, window, "bypass")).tree
        : await captureDefault(session);
      if (!root) return c.json({ error: "Could not retrieve element tree" }, 500);
      const result = renderSketchCached(root, {
        ref: window?.bounds ?? null,
        gridWidth,
        gridHeight,
        unicodeBox: q.unicode ?? settings.unicode_box,
        roleGlyphs: settings.role_glyphs,
        occlusionPrune: settings.occlusion_prune,
        tabIndexBadges: settings.tab_index_badges,
        landmarkHeaders: settings.landmark_headers,
      });
      return c.json({
        window: window?.title ?? "(focused)",
        grid_width: gridWidth,
        grid_height: gridHeight,
        ocr_overlay: false,
        ...(q.ocr ? { ocr_error: "OCR is not part of this build yet" } : {}),
        sketch: result.sketch,
        ...(q.structured
          ? { elements: result.elements, legend: Object.fromEntries(result.legend) }
          : {}),
      });
    } catch (e) {
      return c.json({ error: (e as Error).message || "Could not retrieve element tree" }, 500);
    }
  });
}
