// The screenshot a vision model sees: the window's pixels as the adapter gives
// them (redacted boxes and denied windows already masked), scaled so the
// longer edge is at most vlm.image_max_dim, encoded as a PNG data URL. Scaling
// and encoding run in the image workers, never on the HTTP thread.

import type { VlmContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { encodePngOffThread, scaleOffThread } from "../../formats/image/workers.ts";
import { toBase64 } from "../observe/capture.ts";

/** The size with the longer edge at most `maxDim`, aspect kept; never scaled up. */
export function fitWithin(
  width: number,
  height: number,
  maxDim: number,
): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxDim) return { width, height };
  const scale = maxDim / longer;
  return {
    width: Math.max(1, Math.min(maxDim, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxDim, Math.round(height * scale))),
  };
}

/** The window's screenshot as `data:image/png;base64,...`, or null when it cannot be taken. */
export async function windowImageUrl(
  session: VlmContext,
  window: ListedWindow,
  maxDim: number,
): Promise<string | null> {
  try {
    const image = await session.adapter.screenshot({ kind: "window", handle: window.handle });
    if (!image) return null;
    const size = fitWithin(image.width, image.height, maxDim);
    const scaled = size.width === image.width && size.height === image.height
      ? image
      : await scaleOffThread(image, size.width, size.height);
    return `data:image/png;base64,${toBase64(await encodePngOffThread(scaled))}`;
  } catch {
    return null;
  }
}
