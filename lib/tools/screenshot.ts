// get_screenshot (spec/observation.md §13): the resolved window, else the
// full primary screen.

import { z } from "zod";
import { ToolError } from "../core/errors.ts";
import { listWindows, resolveListed, screenshotPng, toBase64 } from "../observe/capture.ts";
import { windowArgsFor } from "./args.ts";
import { defineTool, READ_ONLY } from "./registry.ts";

export async function captureScreenshot(
  session: Parameters<typeof screenshotPng>[0],
  args: z.output<typeof screenshotInput>,
): Promise<{ window: string; window_uid: string | null; png: Uint8Array } | null> {
  const { window } = resolveListed(await listWindows(session), args);
  const png = await screenshotPng(
    session,
    window ? { kind: "window", handle: window.handle } : { kind: "screen" },
  );
  if (!png) return null;
  return { window: window?.title ?? "(full screen)", window_uid: window?.window_uid ?? null, png };
}

const screenshotInput = z.object(windowArgsFor(
  "The window to capture",
  "Without a window argument, or when none matches, the full primary screen is captured.",
  "a uid of a window that no longer exists captures the full primary screen.",
));

export const getScreenshotTool = defineTool({
  name: "get_screenshot",
  description:
    "Capture a PNG screenshot (base64) of a window, or of the full primary screen when no " +
    "window is given. For reading text prefer get_screen_description; use this when a " +
    "vision-capable model must look at the pixels.",
  kind: "other",
  input: screenshotInput,
  annotations: READ_ONLY,
  async run(args, { session }) {
    const shot = await captureScreenshot(session, args);
    if (!shot) throw new ToolError("Internal", "screenshot capture failed");
    return {
      window: shot.window,
      ...(shot.window_uid ? { window_uid: shot.window_uid } : {}),
      format: "png",
      encoding: "base64",
      data: toBase64(shot.png),
    };
  },
});
