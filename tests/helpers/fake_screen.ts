// A screen for the recorder's tests (lib/osworld/services/recorder.ts): each
// grab a picture of its own (a colour and a square that moves), optionally
// slow, failing from some grab on, or changing size.

import type { RawImage } from "../../lib/model/image.ts";
import { createImage, fillRect } from "../../lib/formats/image/raster.ts";

export interface FakeScreenOptions {
  width?: number;
  height?: number;
  /** Each grab takes this long. */
  delayMs?: number;
  /** The grab of this number (counted from 1) and every later one fail. */
  failFrom?: number;
  /** From this grab on the screen is 2 pixels wider. */
  growFrom?: number;
}

export class FakeScreen {
  grabs = 0;

  constructor(private readonly options: FakeScreenOptions = {}) {}

  readonly grab = async (): Promise<RawImage> => {
    const n = ++this.grabs;
    const { width = 64, height = 48, delayMs = 0, failFrom, growFrom } = this.options;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failFrom !== undefined && n >= failFrom) throw new Error("the display is gone");
    const wide = growFrom !== undefined && n >= growFrom ? width + 2 : width;
    const image = createImage(wide, height, [(n * 37) % 256, (n * 91) % 256, 128]);
    fillRect(image, { x: (n * 5) % (wide - 8), y: 8, width: 8, height: 8 }, [255, 255, 255]);
    return image;
  };
}

/** Polls until `done` holds (a hang guard only: the machine may be loaded). */
export async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
