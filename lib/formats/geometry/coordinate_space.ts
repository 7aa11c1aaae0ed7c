// Coordinate spaces (issue 45): the frames an agent's coordinates may be in.
// `screen` is absolute screen pixels. The other two cover the frame a
// screenshot of the whole screen covers — the bounding box of every monitor,
// its origin included (negative left of / above the primary monitor):
// `scaled:WxH` is the pixels of that screenshot scaled to W×H, `normalized`
// is 0–1000 on each axis. A space coordinate u maps to
// frame.x + u × frame.width / W, edges onto edges, so a box and the point at
// its centre map alike. Pure.

import { ToolError } from "../../model/errors.ts";
import type { Bounds } from "../../model/tree.ts";
import type { Point, Size } from "../image/crop.ts";

export type CoordinateSpace =
  | { kind: "screen" }
  | { kind: "scaled"; width: number; height: number }
  | { kind: "normalized" };

export const SCREEN_SPACE: CoordinateSpace = { kind: "screen" };

/** The far edge of the normalized space, on both axes. */
export const NORMALIZED_EXTENT = 1000;

/** The widest or tallest scaled space, as the screenshots' max_width and max_height allow. */
export const MAX_SCALED_SIDE = 16_384;

/** The text form of a space; the sizes are checked by `parseSpace`. */
export const SPACE_PATTERN = /^(screen|normalized|scaled:(\d{1,6})x(\d{1,6}))$/;

/** Space values keep two decimals: far finer than a screen pixel, short to read. */
const round2 = (v: number) => Math.round(v * 100) / 100;

function badSpace(message: string, context: Record<string, unknown>): ToolError {
  return new ToolError("BadRequest", `coordinate_space: ${message}`, context);
}

/** "screen", "normalized" or "scaled:1280x720" as a space; anything else is a BadRequest. */
export function parseSpace(text: string): CoordinateSpace {
  const match = SPACE_PATTERN.exec(text);
  if (!match) {
    throw badSpace(
      `'${text.slice(0, 60)}' is none of screen, normalized, scaled:WIDTHxHEIGHT`,
      { field: "coordinate_space" },
    );
  }
  if (match[1] === "screen") return SCREEN_SPACE;
  if (match[1] === "normalized") return { kind: "normalized" };
  const width = Number(match[2]);
  const height = Number(match[3]);
  const side = (v: number) => v >= 1 && v <= MAX_SCALED_SIDE;
  if (!side(width) || !side(height)) {
    throw badSpace(`a scaled space's width and height are 1 to ${MAX_SCALED_SIDE}`, {
      field: "coordinate_space",
      width,
      height,
    });
  }
  return { kind: "scaled", width, height };
}

/** The text form `parseSpace` reads back. */
export function spaceName(space: CoordinateSpace): string {
  return space.kind === "scaled" ? `scaled:${space.width}x${space.height}` : space.kind;
}

/** A space other than the screen, with the frame it covers: what mapping needs. */
export interface FramedSpace {
  space: Exclude<CoordinateSpace, { kind: "screen" }>;
  /** The whole screen, in screen pixels. */
  frame: Bounds;
}

/** The screen itself needs no frame. */
export type SpaceMapping = { space: { kind: "screen" } } | FramedSpace;

/** The screen's mapping: the identity. */
export const SCREEN_MAPPING: SpaceMapping = { space: { kind: "screen" } };

function extent({ space }: FramedSpace): Size {
  return space.kind === "scaled" ? space : { width: NORMALIZED_EXTENT, height: NORMALIZED_EXTENT };
}

/**
 * `space` over `frame`; a scaled space must have the screen's aspect (as a
 * screenshot scaled to its width or to its height has), else the caller has
 * likely declared the box it asked for rather than the picture it got.
 */
export function mappingOf(space: CoordinateSpace, frame: Bounds): SpaceMapping {
  if (space.kind !== "scaled") return space.kind === "screen" ? { space } : { space, frame };
  const heightForWidth = frame.height * space.width / frame.width;
  const widthForHeight = frame.width * space.height / frame.height;
  if (Math.abs(space.height - heightForWidth) > 1 && Math.abs(space.width - widthForHeight) > 1) {
    const expected = `scaled:${space.width}x${Math.max(1, Math.floor(heightForWidth))}`;
    throw badSpace(
      `${spaceName(space)} does not have the screen's aspect (${frame.width}×${frame.height}): ` +
        `a screenshot scaled to width ${space.width} is ${expected}; declare the ` +
        "coordinate_space the screenshot answered with",
      { field: "coordinate_space", screen: frame, expected },
    );
  }
  return { space, frame };
}

/**
 * The screen pixel at a point given in the space; a point outside the space
 * (0 to its width and height, edges included) is a BadRequest naming `what`.
 * Screen points must be whole pixels; they are not range-checked (a point
 * off every monitor is the platform's to refuse, as it always was).
 */
export function toScreen(mapping: SpaceMapping, point: Point, what = "the point"): Point {
  if (!("frame" in mapping)) {
    if (!Number.isInteger(point.x) || !Number.isInteger(point.y)) {
      throw new ToolError(
        "BadRequest",
        `${what} (${point.x}, ${point.y}): screen coordinates are whole pixels`,
        { x: point.x, y: point.y },
      );
    }
    return { x: point.x, y: point.y };
  }
  const { frame } = mapping;
  const size = extent(mapping);
  if (!(point.x >= 0 && point.x <= size.width && point.y >= 0 && point.y <= size.height)) {
    throw new ToolError(
      "BadRequest",
      `${what} (${point.x}, ${point.y}) is outside the ${spaceName(mapping.space)} space ` +
        `(0 to ${size.width}, 0 to ${size.height})`,
      { x: point.x, y: point.y, coordinate_space: spaceName(mapping.space) },
    );
  }
  // The far edges (u = width) land one past the last pixel: kept on the screen.
  const onAxis = (u: number, origin: number, length: number, span: number) =>
    Math.min(origin + length - 1, Math.round(origin + u * length / span));
  return {
    x: onAxis(point.x, frame.x, frame.width, size.width),
    y: onAxis(point.y, frame.y, frame.height, size.height),
  };
}

/** A screen point in the space (two decimals; outside the frame it is outside the space's range). */
export function fromScreen(mapping: SpaceMapping, point: Point): Point {
  if (!("frame" in mapping)) return { x: point.x, y: point.y };
  const { frame } = mapping;
  const size = extent(mapping);
  return {
    x: round2((point.x - frame.x) * size.width / frame.width),
    y: round2((point.y - frame.y) * size.height / frame.height),
  };
}

/** A screen box in the space: its corners mapped, so its centre maps to the centre. */
export function boxFromScreen(mapping: SpaceMapping, box: Bounds): Bounds {
  if (!("frame" in mapping)) return box;
  const topLeft = fromScreen(mapping, box);
  const bottomRight = fromScreen(mapping, { x: box.x + box.width, y: box.y + box.height });
  return {
    x: topLeft.x,
    y: topLeft.y,
    width: round2(bottomRight.x - topLeft.x),
    height: round2(bottomRight.y - topLeft.y),
  };
}
