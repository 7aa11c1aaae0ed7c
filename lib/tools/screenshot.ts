// get_screenshot: the resolved window, else the whole screen, as a PNG or,
// when asked for, a JPEG, scaled down when max_width / max_height ask.

import { z } from "zod";
import type { ImageEncoding } from "../formats/image/formats.ts";
import type { Session } from "../runtime/session.ts";
import { listWindows, resolveListed, toBase64 } from "../services/observe/capture.ts";
import { type WindowArgs, windowNamed } from "../formats/geometry/window_order.ts";
import { windowArgsFor } from "./shared/args.ts";
import {
  encodingOf,
  type Fit,
  fitArgs,
  type FittedPicture,
  imageEncodingArgs,
} from "./shared/image_args.ts";
import { pictureSpace, pictureSpaceFields } from "./shared/coordinate_args.ts";
import { screenshotPicture } from "./raw_screenshot.ts";
import type { ScreenshotTarget } from "../../adapters/types.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { imageFields } from "./shared/results.ts";

export interface Screenshot extends FittedPicture {
  window: string;
  window_uid: string | null;
}

export async function captureScreenshot(
  session: Session,
  args: WindowArgs & Fit,
  encoding: ImageEncoding,
): Promise<Screenshot> {
  // The full screen needs no window list: that saves a round trip to the platform.
  const window = windowNamed(args) ? resolveListed(await listWindows(session), args).window : null;
  const target: ScreenshotTarget = window
    ? { kind: "window", handle: window.handle }
    : { kind: "screen" };
  return {
    window: window?.title ?? "(full screen)",
    window_uid: window?.window_uid ?? null,
    ...await screenshotPicture(session, target, args, encoding),
  };
}

const screenshotInput = z.object({
  ...windowArgsFor(
    "The window to capture",
    "Without a window argument, or when none matches, the full primary screen is captured.",
    "a uid of a window that no longer exists captures the full primary screen.",
  ),
  ...imageEncodingArgs,
  ...fitArgs,
});

export const getScreenshotTool = defineTool({
  name: "get_screenshot",
  description: "Capture a screenshot (base64) of a window, or of the whole screen when no window " +
    "is given: a PNG, or a JPEG with format=jpeg (faster), scaled down with max_width / " +
    "max_height. A whole-screen picture says its coordinate_space (e.g. scaled:1280x720): " +
    "give it to the input tools or set_coordinate_space to click in the picture's pixels. " +
    "For reading text prefer get_screen_description; use this when a vision-capable model " +
    "must look at the pixels.",
  kind: "other",
  input: screenshotInput,
  output: z.object({
    window: z.string().describe('The window\'s title, or "(full screen)".'),
    window_uid: z.string().optional().describe("The window captured (absent: the full screen)."),
    ...imageFields,
    ...pictureSpaceFields,
  }).describe("A screenshot of a window or of the whole screen."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const encoding = encodingOf(args);
    const shot = await captureScreenshot(session, args, encoding);
    return {
      window: shot.window,
      ...(shot.window_uid ? { window_uid: shot.window_uid } : {}),
      format: encoding.format,
      encoding: "base64",
      data: toBase64(shot.bytes),
      width: shot.width,
      height: shot.height,
      ...pictureSpace(shot, !shot.window_uid),
    };
  },
});
