// Screenshots of part of a window or of the whole desktop (issue 17):
// get_screenshot_cropped (a box, an element, padding, a maximum width) and
// get_full_screenshot (every monitor, with the named window's sketch). Pixels
// are cut, scaled and encoded in the image worker, never on the HTTP thread.

import { z } from "zod";
import type { RawImage } from "../model/image.ts";
import { resolveTarget } from "../services/act/targets.ts";
import { ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";
import type { Bounds, Element } from "../model/tree.ts";
import { type CropPlan, imageOrigin, planCrop, scaledSize, shift } from "../formats/image/crop.ts";
import { cropOffThread } from "../formats/image/workers.ts";
import {
  captureWindow,
  listWindows,
  resolveListed,
  screenOf,
  targetWindow,
  toBase64,
} from "../services/observe/capture.ts";
import type { ListedWindow, WindowArgs } from "../formats/geometry/window_order.ts";
import { GRID_LIMITS, sketchView } from "../services/sketch/view.ts";
import { windowArgs, windowArgsFor } from "./shared/args.ts";
import { encodeFitted, encodingOf, fitArgs, imageEncodingArgs } from "./shared/image_args.ts";
import { pictureSpace, pictureSpaceFields } from "./shared/coordinate_args.ts";
import { rawScreenshot, screenshotPicture } from "./raw_screenshot.ts";
import { screenWithCursor } from "../osworld/services/screen_with_cursor.ts";
import { layoutsFor } from "../formats/image/formats.ts";
import { bboxArg, parseBox } from "./shared/region_args.ts";
import { defineTool, READ_ONLY, type ToolResult } from "../runtime/registry.ts";
import { boundsSchema, imageFields, windowWarning } from "./shared/results.ts";

const croppedInput = z.object({
  ...windowArgs,
  element_id: z.string().min(1).max(500).optional().describe(
    "Crop to this element's bounds: an element id from a recent capture of the window (e.g. " +
      "root.1.0) or a compact view's ref (e.g. e12). Unknown or stale ids are " +
      "ElementNotFound; an element with no pixel in the window's screenshot is " +
      "ElementNotVisible. Ignored when bbox is given.",
  ),
  bbox: bboxArg,
  padding_px: z.number().int().min(0).max(10_000).default(0).describe(
    "Pixels added on every side of the box or element, cut at the window's edges " +
      "(an integer, 0 to 10000). Default 0.",
  ),
  ...fitArgs,
  ...imageEncodingArgs,
});

interface Region {
  /** Window-relative. */
  box: Bounds;
  element: Element | null;
}

/** The region asked for (bbox wins over element_id), or null for the whole window. */
async function regionOf(
  session: Session,
  window: ListedWindow,
  box: Bounds | undefined,
  elementId: string | undefined,
  warnings: string[],
): Promise<Region | null> {
  if (box) {
    if (elementId) warnings.push("element_id ignored: bbox given");
    return { box, element: null };
  }
  if (!elementId) return null;
  const { tree } = await captureWindow(session, window);
  const { element } = resolveTarget(
    tree,
    { element_id: elementId },
    session.lastServed(window.window_uid),
    session.config.limits.regex_length,
  );
  return { box: shift(element.bounds, { x: -window.bounds.x, y: -window.bounds.y }), element };
}

function missed(region: Region, window: ListedWindow, image: RawImage): ToolError {
  const size = { width: image.width, height: image.height };
  if (region.element) {
    const { element } = region;
    return new ToolError(
      "ElementNotVisible",
      `element '${element.id}' (${element.role} "${element.name}") has no pixel inside ` +
        `the window's ${image.width}×${image.height} screenshot`,
      { element_id: element.id, bounds: element.bounds, window_uid: window.window_uid },
    );
  }
  return new ToolError(
    "BadRequest",
    `bbox: the box lies wholly outside the window's ${image.width}×${image.height} screenshot`,
    { field: "bbox", bbox: region.box, image: size },
  );
}

export const getScreenshotCroppedTool = defineTool({
  name: "get_screenshot_cropped",
  description: "Capture a PNG (or a JPEG with format=jpeg; base64) of part of a window: a box " +
    "relative to the window's top-left corner (bbox) or an element's bounds (element_id), " +
    "grown by padding_px and cut at the window's edges, optionally scaled down to max_width / " +
    "max_height. " +
    "Cheaper for a vision model than a whole screenshot. source_bbox is the window-relative " +
    "box cut, screen_bbox the same in absolute screen pixels; without bbox or element_id the " +
    "whole window is returned.",
  kind: "perception",
  input: croppedInput,
  output: z.object({
    window: z.string().describe("The window's title."),
    window_uid: z.string().describe("The window's stable id."),
    ...imageFields,
    width: z.number().int().describe("The image's width in pixels (after any scaling)."),
    height: z.number().int().describe("The image's height in pixels (after any scaling)."),
    source_bbox: boundsSchema.optional().describe(
      "With bbox or element_id: the box cut, relative to the window's top-left corner.",
    ),
    screen_bbox: boundsSchema.optional().describe(
      "With bbox or element_id: the box cut, in absolute screen pixels.",
    ),
    clamped: z.boolean().optional().describe(
      "With bbox or element_id: the box (with padding) was cut at the window's edges.",
    ),
    element: z.object({
      element_id: z.string().describe("Its id."),
      role: z.string().describe("Its role."),
      name: z.string().describe("Its name."),
    }).optional().describe("With element_id: the element cropped to."),
    scale: z.number().optional().describe(
      "Present when max_width / max_height scaled the crop down: image width / box width.",
    ),
    ...windowWarning,
  }).describe("A screenshot of part of a window."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const box = parseBox(args.bbox); // a bad box is refused before anything is captured
    const { window, warning } = await targetWindow(session, args);
    const warnings = warning ? [warning] : [];
    const region = await regionOf(session, window, box, args.element_id, warnings);
    const image = await rawScreenshot(session, { kind: "window", handle: window.handle });
    const origin = imageOrigin(window.bounds, await screenOf(session), image);
    // The image pixel of the window's top-left corner.
    const toImage = { x: window.bounds.x - origin.x, y: window.bounds.y - origin.y };
    let plan: CropPlan | null = {
      box: { x: 0, y: 0, width: image.width, height: image.height },
      clamped: false,
      partlyOutside: false,
    };
    if (region) {
      plan = planCrop(shift(region.box, toImage), args.padding_px, image);
      if (!plan) throw missed(region, window, image);
      if (plan.partlyOutside) {
        warnings.push(
          `the ${region.element ? "element" : "box"} reaches past the window's ` +
            `${image.width}×${image.height} screenshot: cut to it`,
        );
      }
    }
    const size = scaledSize(plan.box, args.max_width, args.max_height);
    const encoding = encodingOf(args);
    const bytes = await cropOffThread(image, plan.box, size, encoding);
    const result: ToolResult = {
      window: window.title,
      window_uid: window.window_uid,
      format: encoding.format,
      encoding: "base64",
      data: toBase64(bytes),
      width: size.width,
      height: size.height,
    };
    if (region) {
      result.source_bbox = shift(plan.box, { x: -toImage.x, y: -toImage.y });
      result.screen_bbox = shift(plan.box, origin);
      result.clamped = plan.clamped;
    }
    if (region?.element) {
      const { element } = region;
      result.element = { element_id: element.id, role: element.role, name: element.name };
    }
    if (size.width !== plan.box.width) result.scale = size.width / plan.box.width;
    if (warnings.length > 0) result.warning = warnings.join("; ");
    return result;
  },
});

const gridWidth = z.number().int().min(GRID_LIMITS.width[0]).max(GRID_LIMITS.width[1]);
const gridHeight = z.number().int().min(GRID_LIMITS.height[0]).max(GRID_LIMITS.height[1]);

const fullInput = z.object({
  ...windowArgsFor(
    "The window drawn as the sketch beside the screenshot",
    "Without a window argument, or when none matches, there is no sketch (null); the " +
      "screenshot is the whole desktop either way.",
    "a uid of a window that no longer exists draws no sketch.",
  ),
  grid_width: gridWidth.optional().describe(
    `Sketch width in characters, ${GRID_LIMITS.width.join(" to ")} (default from config: ` +
      "ascii_sketch.grid_width).",
  ),
  grid_height: gridHeight.optional().describe(
    `Sketch height in characters, ${GRID_LIMITS.height.join(" to ")} (default from config: ` +
      "ascii_sketch.grid_height).",
  ),
  cursor: z.boolean().default(false).describe(
    "true: the mouse pointer drawn in, its image's top-left at the pointer (as OSWorld's " +
      "screenshots show it). Default false.",
  ),
  ...imageEncodingArgs,
  ...fitArgs,
});

export type FullScreenshotArgs = z.output<typeof fullInput>;

export interface FullScreenshot {
  /** The v1 answer of GET /api/full_screenshot. */
  legacy: ToolResult;
  window: ListedWindow | null;
  /** The tool's answer adds them (the v1 answer keeps its fields): scale, coordinate_space. */
  space: { scale?: number; coordinate_space?: string };
  /** Why a named window drew no sketch. */
  warning?: string;
}

function notFound(args: WindowArgs): string {
  const named = args.window_uid !== undefined
    ? `window_uid ${args.window_uid}`
    : args.window_index !== undefined
    ? `window_index ${args.window_index}`
    : `window_title '${args.window_title}'`;
  return `no window matches ${named}: no sketch`;
}

/** The whole desktop's image and, when a window is named, its sketch (drawn without OCR). */
export async function fullScreenshot(
  session: Session,
  args: FullScreenshotArgs,
): Promise<FullScreenshot> {
  const resolution = resolveListed(await listWindows(session), args);
  const { window } = resolution;
  let sketch: string | null = null;
  if (window) {
    const view = await sketchView(session, {
      window_uid: window.window_uid,
      grid_width: args.grid_width,
      grid_height: args.grid_height,
    });
    sketch = typeof view?.sketch === "string" ? view.sketch : null;
  }
  const encoding = encodingOf(args);
  const picture = args.cursor
    ? await encodeFitted(
      await screenWithCursor(session.adapter, layoutsFor(encoding)),
      args,
      encoding,
    )
    : await screenshotPicture(session, { kind: "screen" }, args, encoding);
  const warnings = [
    ...(resolution.warning ? [resolution.warning] : []),
    ...(!window && resolution.requested !== "none" ? [notFound(args)] : []),
  ];
  return {
    legacy: {
      window: window?.title ?? "(full screen)",
      screenshot_scope: "full_display",
      format: encoding.format,
      encoding: "base64",
      width: picture.width,
      height: picture.height,
      data: toBase64(picture.bytes),
      sketch,
    },
    window,
    space: pictureSpace(picture, true),
    ...(warnings.length > 0 ? { warning: warnings.join("; ") } : {}),
  };
}

export const getFullScreenshotTool = defineTool({
  name: "get_full_screenshot",
  description: "Capture a PNG (or a JPEG with format=jpeg; base64) of the whole desktop, every " +
    "monitor, and, when a window is named, that window's ASCII sketch beside it (sketch; null " +
    "otherwise); max_width / max_height scale it down, and coordinate_space names the space " +
    "of its pixels (e.g. scaled:1280x720) for the input tools. Use it when what matters spans windows; for one window prefer " +
    "get_screenshot or get_screenshot_cropped, which are smaller.",
  kind: "perception",
  input: fullInput,
  output: z.object({
    window: z.string().describe('The sketched window\'s title, or "(full screen)".'),
    screenshot_scope: z.literal("full_display").describe("The image is the whole desktop."),
    ...imageFields,
    width: z.number().int().describe("The image's width in pixels (after any scaling)."),
    height: z.number().int().describe("The image's height in pixels (after any scaling)."),
    ...pictureSpaceFields,
    sketch: z.string().nullable().describe(
      "The named window's ASCII sketch; null when no window was named or found.",
    ),
    window_uid: z.string().optional().describe("The sketched window's stable id."),
    ...windowWarning,
  }).describe("A screenshot of the whole desktop, with a window's sketch."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const shot = await fullScreenshot(session, args);
    return {
      ...shot.legacy,
      ...shot.space,
      ...(shot.window ? { window_uid: shot.window.window_uid } : {}),
      ...(shot.warning ? { warning: shot.warning } : {}),
    };
  },
});
