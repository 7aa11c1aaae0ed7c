// The `coordinate_space` argument of the tools that take or answer with
// coordinates, and the space a call is in: its own, else the session's
// (set_coordinate_space), mapped over the screen's frame now.

import { z } from "zod";
import {
  boxFromScreen,
  type CoordinateSpace,
  fromScreen,
  mappingOf,
  parseSpace,
  SPACE_PATTERN,
  type SpaceMapping,
  spaceName,
  toScreen,
} from "../../formats/geometry/coordinate_space.ts";
import type { Point } from "../../formats/image/crop.ts";
import type { Adapter } from "../../../adapters/types.ts";
import { type Bounds, FALLBACK_SCREEN } from "../../model/tree.ts";
import { screenBounds } from "../../formats/geometry/visibility.ts";
import type { ToolResult } from "../../model/tool_call.ts";

export const SPACE_HELP = '"screen" (absolute screen pixels, the default), "scaled:WIDTHxHEIGHT" ' +
  "(the pixels of a screenshot of the whole screen scaled to that size, as get_screenshot or " +
  "get_full_screenshot with max_width / max_height answer it in their coordinate_space), or " +
  '"normalized" (0 to 1000 on each axis of the whole screen). Scaled and normalized values ' +
  "may have decimals.";

export const coordinateSpaceArg = z.string().regex(SPACE_PATTERN, {
  error: "must be screen, normalized or scaled:WIDTHxHEIGHT",
}).optional().describe(
  `The space this call's coordinates (given and answered) are in: ${SPACE_HELP} Default: the ` +
    "session's (set_coordinate_space), else screen.",
);

/** What an input's receipt says of its point besides x and y (which are in the call's space). */
export const screenPointFields = {
  screen_x: z.number().int().optional().describe(
    "The absolute screen x the input went to (x mapped from coordinate_space).",
  ),
  screen_y: z.number().int().optional().describe(
    "The absolute screen y the input went to (y mapped from coordinate_space).",
  ),
};

/** The field a result names its space in. */
export const spaceResultField = {
  coordinate_space: z.string().describe(
    'The space the result\'s coordinates are in: "screen", "scaled:WIDTHxHEIGHT" or ' +
      "\"normalized\" (the call's coordinate_space, else the session's).",
  ),
};

/** What a call's space needs of the session: the platform's screen and the session's default. */
export interface SpaceContext {
  readonly adapter: Pick<Adapter, "monitors" | "screenshot">;
  coordinateSpace: CoordinateSpace;
}

/**
 * The frame scaled and normalized spaces cover: every monitor's box, as a
 * screenshot of the whole screen covers it; where the platform names no
 * monitor (the mock), that screenshot's own size.
 */
export async function screenFrame(session: Pick<SpaceContext, "adapter">): Promise<Bounds> {
  const monitors = screenBounds(await session.adapter.monitors());
  if (monitors) return monitors;
  const picture = await session.adapter.screenshot({ kind: "screen" });
  return picture ? { x: 0, y: 0, width: picture.width, height: picture.height } : FALLBACK_SCREEN;
}

/** The call's space (its own `coordinate_space`, else the session's) over the screen now. */
export async function callSpace(
  session: SpaceContext,
  given: string | undefined,
): Promise<SpaceMapping> {
  const space = given === undefined ? session.coordinateSpace : parseSpace(given);
  // The screen space needs no frame: no platform call for the default.
  return space.kind === "screen" ? { space } : mappingOf(space, await screenFrame(session));
}

/** The result's `coordinate_space` field. */
export function spaceField(mapping: SpaceMapping): { coordinate_space: string } {
  return { coordinate_space: spaceName(mapping.space) };
}

/**
 * A point the caller gave, in the call's space: the screen point to act at,
 * and the receipt's echo of it (x, y back in the space, the screen point).
 */
export function pointGiven(
  mapping: SpaceMapping,
  given: Point,
  what = "x, y",
): { screen: Point; echo: { x: number; y: number; screen_x: number; screen_y: number } } {
  const screen = toScreen(mapping, given, what);
  return { screen, echo: pointEcho(mapping, screen) };
}

/** A screen point as a receipt reports it: in the call's space, and on the screen. */
export function pointEcho(
  mapping: SpaceMapping,
  screen: Point,
): { x: number; y: number; screen_x: number; screen_y: number } {
  const shown = fromScreen(mapping, screen);
  return { x: shown.x, y: shown.y, screen_x: screen.x, screen_y: screen.y };
}

/**
 * An element verb's receipt in the call's space, naming it: the target's
 * bounds (kept in screen pixels as `screen_bounds`, which traces record) and
 * a text target's x, y (with `screen_x`, `screen_y`, as the pointer verbs').
 */
export function receiptInSpace(receipt: ToolResult, mapping: SpaceMapping): ToolResult {
  const named: ToolResult = { ...receipt, ...spaceField(mapping) };
  if (!("frame" in mapping)) return named;
  const target = receipt.target as { bounds?: Bounds | null } | undefined;
  if (target?.bounds) {
    named.target = {
      ...target,
      bounds: boxFromScreen(mapping, target.bounds),
      screen_bounds: target.bounds,
    };
  }
  if (typeof receipt.x === "number" && typeof receipt.y === "number") {
    Object.assign(named, pointEcho(mapping, { x: receipt.x, y: receipt.y }));
  }
  return named;
}

/** What a picture says of its pixels: the scale, and for the whole screen the space they are. */
export const pictureSpaceFields = {
  scale: z.number().optional().describe(
    "Present when max_width / max_height scaled the picture down: its width over the " +
      "captured width.",
  ),
  coordinate_space: z.string().optional().describe(
    'Pictures of the whole screen: the space of its pixels, "screen" or "scaled:WIDTHxHEIGHT" ' +
      "(give it as coordinate_space to the input tools, find_element, or set_coordinate_space).",
  ),
};

/** A picture's `scale`, and its `coordinate_space` when it shows the whole screen. */
export function pictureSpace(
  picture: { width: number; height: number; scale?: number },
  wholeScreen: boolean,
): { scale?: number; coordinate_space?: string } {
  const space: CoordinateSpace = picture.scale === undefined
    ? { kind: "screen" }
    : { kind: "scaled", width: picture.width, height: picture.height };
  return {
    ...(picture.scale === undefined ? {} : { scale: picture.scale }),
    ...(wholeScreen ? { coordinate_space: spaceName(space) } : {}),
  };
}
