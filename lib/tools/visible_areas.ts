// get_visible_areas (issue 17): the parts of a window on screen and not
// covered by the windows above it (lib/formats/geometry/visibility.ts).

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";
import type { Bounds } from "../model/tree.ts";
import { listWindows, resolveListed, screenOf } from "../services/observe/capture.ts";
import { visibleRegions } from "../formats/geometry/visibility.ts";
import {
  type ListedWindow,
  type WindowArgs,
  windowNamed,
} from "../formats/geometry/window_order.ts";
import { windowArgsFor } from "./shared/args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { boundsSchema } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { boxFromScreen } from "../formats/geometry/coordinate_space.ts";

export interface VisibleAreas {
  window: ListedWindow;
  regions: Bounds[];
}

/**
 * The named window's visible regions. No window argument is a BadRequest; a
 * window argument that names no window is WindowGone (never the focused one).
 */
export async function visibleAreas(session: Session, args: WindowArgs): Promise<VisibleAreas> {
  if (!windowNamed(args)) {
    throw new ToolError("BadRequest", "window_uid, window_index or window_title is required", {
      field: "window_uid",
    });
  }
  const { window } = resolveListed(await listWindows(session), args);
  if (!window) {
    throw new ToolError("WindowGone", "no window matches the window argument", {
      window_uid: args.window_uid,
      window_index: args.window_index,
      window_title: args.window_title,
    });
  }
  const above = await session.adapter.windowsAbove(window.handle);
  return { window, regions: visibleRegions(window.bounds, await screenOf(session), above) };
}

export const getVisibleAreasTool = defineTool({
  name: "get_visible_areas",
  description: "List the parts of a window that can be seen: its bounds clipped to the " +
    "screen, less every window above it, as rectangles (visible_regions; empty when it is " +
    "covered or off screen) in the coordinate_space the answer names (absolute screen " +
    "pixels unless one is given or set). Use it to pick a point to " +
    "click that lands on this window, or to tell whether bring_to_foreground is needed.",
  kind: "perception",
  input: z.object({
    ...windowArgsFor(
      "The window (one of window_uid, window_index and window_title is required)",
      "A window argument that finds no window is WindowGone.",
    ),
    coordinate_space: coordinateSpaceArg,
  }),
  output: z.object({
    window: z.string().describe("The window's title."),
    window_uid: z.string().describe("The window's stable id."),
    bounds: boundsSchema.describe("The window's bounds."),
    visible_regions: z.array(boundsSchema).describe(
      "The parts of it on screen and not covered, in coordinate_space (empty: none).",
    ),
    ...spaceResultField,
  }).describe("Where a window can be seen."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const { window, regions } = await visibleAreas(session, args);
    return {
      window: window.title,
      window_uid: window.window_uid,
      bounds: boxFromScreen(mapping, window.bounds),
      visible_regions: regions.map((region) => boxFromScreen(mapping, region)),
      ...spaceField(mapping),
    };
  },
});
