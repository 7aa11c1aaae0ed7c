// get_screenshot: the resolved window, else the full primary screen, as a
// PNG or, when asked for, a JPEG.

import { z } from "zod";
import { type ImageEncoding, layoutsFor } from "../formats/image/formats.ts";
import { encodeOffThread } from "../formats/image/workers.ts";
import type { Session } from "../runtime/session.ts";
import { listWindows, resolveListed, toBase64 } from "../services/observe/capture.ts";
import { type WindowArgs, windowNamed } from "../formats/geometry/window_order.ts";
import { windowArgsFor } from "./shared/args.ts";
import { encodingOf, imageEncodingArgs } from "./shared/image_args.ts";
import { rawScreenshot } from "./raw_screenshot.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { imageFields } from "./shared/results.ts";

export async function captureScreenshot(
  session: Session,
  args: WindowArgs,
  encoding: ImageEncoding,
): Promise<
  { window: string; window_uid: string | null; bytes: Uint8Array; width: number; height: number }
> {
  // The full screen needs no window list: that saves a round trip to the platform.
  const window = windowNamed(args) ? resolveListed(await listWindows(session), args).window : null;
  const image = await rawScreenshot(
    session,
    window ? { kind: "window", handle: window.handle } : { kind: "screen" },
    layoutsFor(encoding),
  );
  return {
    window: window?.title ?? "(full screen)",
    window_uid: window?.window_uid ?? null,
    bytes: await encodeOffThread(image, encoding),
    width: image.width,
    height: image.height,
  };
}

const screenshotInput = z.object({
  ...windowArgsFor(
    "The window to capture",
    "Without a window argument, or when none matches, the full primary screen is captured.",
    "a uid of a window that no longer exists captures the full primary screen.",
  ),
  ...imageEncodingArgs,
});

export const getScreenshotTool = defineTool({
  name: "get_screenshot",
  description:
    "Capture a screenshot (base64) of a window, or of the full primary screen when no window " +
    "is given: a PNG, or a JPEG with format=jpeg (faster). For reading text prefer " +
    "get_screen_description; use this when a vision-capable model must look at the pixels.",
  kind: "other",
  input: screenshotInput,
  output: z.object({
    window: z.string().describe('The window\'s title, or "(full screen)".'),
    window_uid: z.string().optional().describe("The window captured (absent: the full screen)."),
    ...imageFields,
  }).describe("A screenshot of a window or of the primary screen."),
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
    };
  },
});
