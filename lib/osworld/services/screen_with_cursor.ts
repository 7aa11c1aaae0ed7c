// The whole screen with the pointer drawn in, as OSWorld's /screenshot and
// its screen recordings show it (lib/formats/image/cursor_overlay.ts).

import type { Adapter } from "../../../adapters/types.ts";
import { ToolError } from "../../model/errors.ts";
import type { PixelLayout, RawImage } from "../../model/image.ts";
import { drawCursor } from "../../formats/image/cursor_overlay.ts";

/**
 * The screen, with the cursor where the platform can tell it; `accept`: the
 * layouts the caller takes besides RGBA (a JPEG encoder takes X's BGRX).
 */
export async function screenWithCursor(
  adapter: Pick<Adapter, "screenshot" | "cursorImage">,
  accept: PixelLayout[] = [],
): Promise<RawImage> {
  const screen = await adapter.screenshot({ kind: "screen" }, accept);
  if (screen === null) throw new ToolError("Internal", "the screen could not be captured");
  const cursor = await adapter.cursorImage();
  // Each screenshot is a fresh picture of the caller's own: drawing into it is safe.
  return cursor === null ? screen : drawCursor(screen, cursor);
}
