// OCR of what a window shows, for every tool that reads pixels as text
// (get_ocr, descriptions, sketches, text targets): the window's screenshot
// (redacted boxes already masked), cut to a region and prepared in the image
// worker, read by the engine, and mapped back to screen pixels. The text is
// screen content: it is scanned by the injection tripwire like any other.

import type { Bounds } from "../../model/tree.ts";
import { ToolError } from "../../model/errors.ts";
import type { OcrContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { ocrBoxesOffThread, ocrPngOffThread } from "../../formats/image/workers.ts";
import type { RawImage } from "../../model/image.ts";
import { imageOrigin, planCrop, type Point, shift } from "../../formats/image/crop.ts";
import { screenOf } from "../observe/capture.ts";
import type { EngineWord } from "../../formats/ocr/words.ts";
import { OCR_HINT, OcrUnavailableError } from "./engine.ts";
import { scaleFor } from "../../formats/ocr/preprocess.ts";
import { ocrText, type OcrWord, placeWords } from "../../formats/ocr/words.ts";
import { LruCache } from "../../support/lru_cache.ts";

export { OCR_HINT } from "./engine.ts";
export {
  linesOf,
  mergeWords,
  type OcrLine,
  ocrText,
  type OcrWord,
} from "../../formats/ocr/words.ts";

export interface OcrRead {
  words: OcrWord[];
  /** The screen region that was read. */
  region: Bounds;
  ms: number;
}

/** Regions this tall or less are read as one line of text (ocr.psm_roi). */
const LINE_HEIGHT_MAX = 48;

function refuseUnless(session: OcrContext): void {
  if (!session.config.ocr.enabled) {
    throw new ToolError("PlatformUnsupported", "OCR is disabled (ocr.enabled = false)", {
      hint: "set ocr.enabled to true in config.json",
    });
  }
  const problem = session.ocr.unavailable;
  if (problem) {
    throw new ToolError("PlatformUnsupported", `OCR unavailable: ${problem}`, { hint: OCR_HINT });
  }
}

interface Picture {
  image: RawImage;
  /** The screen point of the picture's top-left pixel (its on-screen part, on X11). */
  origin: Point;
}

async function windowPicture(session: OcrContext, window: ListedWindow): Promise<Picture> {
  refuseUnless(session);
  const image = await session.adapter.screenshot({ kind: "window", handle: window.handle })
    .catch(() => null);
  if (!image) {
    throw new ToolError("Internal", "OCR failed: screenshot capture failed", {
      window_uid: window.window_uid,
    });
  }
  return { image, origin: imageOrigin(window.bounds, await screenOf(session), image) };
}

/** The pixels of `picture` that the screen box `box` covers, or null when none. */
function pixelsOf(box: Bounds, { image, origin }: Picture): Bounds | null {
  return planCrop(shift(box, { x: -origin.x, y: -origin.y }), 0, image)?.box ?? null;
}

async function recognize(
  session: OcrContext,
  window: ListedWindow,
  png: Uint8Array,
  psm: number,
): Promise<EngineWord[]> {
  try {
    return await session.ocr.recognize(png, psm);
  } catch (e) {
    if (e instanceof OcrUnavailableError) {
      throw new ToolError("PlatformUnsupported", `OCR unavailable: ${e.message}`, {
        hint: OCR_HINT,
      });
    }
    throw new ToolError("Internal", `OCR failed: ${(e as Error).message ?? e}`, {
      window_uid: window.window_uid,
    });
  }
}

function prepareJob(session: OcrContext) {
  const { preprocess, upscale, threshold } = session.config.ocr;
  return { preprocess, upscale, threshold };
}

function scaleOf(session: OcrContext, box: Bounds): number {
  const { preprocess, upscale } = session.config.ocr;
  return preprocess ? scaleFor(box.width, box.height, upscale) : 1;
}

function finish(session: OcrContext, window: ListedWindow, read: OcrRead): OcrRead {
  session.safety.tripwire.noteScreenText(
    read.words.map((w) => w.text).join(" "),
    window.window_uid,
  );
  return read;
}

/**
 * Reads the window (or the part of it in `region`, screen pixels). Throws
 * PlatformUnsupported when OCR cannot run, BadRequest for a region outside
 * the window, Internal when the screenshot or the engine fails.
 */
export function ocrWindow(
  session: OcrContext,
  window: ListedWindow,
  region?: Bounds,
): Promise<OcrRead> {
  return remembered(
    session,
    window,
    `region ${JSON.stringify(region)}`,
    () => readWindow(session, window, region),
  );
}

/**
 * Each session's reads of pictures unchanged since, by picture, window place,
 * what was read and settings: as many as pictures the engine keeps (ocr.cache_pictures).
 */
const recentReads = new WeakMap<OcrContext["ocr"], LruCache<string, OcrRead>>();

function readsOf(session: OcrContext): LruCache<string, OcrRead> {
  let reads = recentReads.get(session.ocr);
  if (reads === undefined) {
    recentReads.set(session.ocr, reads = new LruCache(session.config.ocr.cache_pictures));
  }
  return reads;
}

/**
 * `read()`, or the read of the same pixels done before: an adapter that knows
 * when its pixels change (pictureToken) spares the screenshot, its preparation
 * and the engine's lookup. As many reads are kept as pictures (ocr.cache_pictures).
 * The text is noted by the tripwire either way.
 */
async function remembered(
  session: OcrContext,
  window: ListedWindow,
  how: string,
  read: () => Promise<OcrRead>,
): Promise<OcrRead> {
  refuseUnless(session);
  const started = performance.now();
  const token = await session.adapter.pictureToken?.({ kind: "window", handle: window.handle });
  if (!token || session.config.ocr.cache_pictures === 0) return read();
  const key = [token, JSON.stringify(window.bounds), how, JSON.stringify(session.config.ocr)]
    .join("\u0000");
  const reads = readsOf(session);
  const known = reads.get(key);
  if (known) {
    session.ocr.counters.reused++;
    return finish(session, window, { ...known, ms: Math.round(performance.now() - started) });
  }
  const fresh = await read();
  reads.set(key, fresh);
  return fresh;
}

async function readWindow(
  session: OcrContext,
  window: ListedWindow,
  region?: Bounds,
): Promise<OcrRead> {
  const started = performance.now();
  const picture = await windowPicture(session, window);
  const { image, origin } = picture;
  const wanted = region ?? { ...origin, width: image.width, height: image.height };
  const crop = pixelsOf(wanted, picture);
  if (!crop) {
    throw new ToolError("BadRequest", "the region lies outside the window's picture", {
      window_uid: window.window_uid,
      region: wanted,
    });
  }
  const settings = session.config.ocr;
  const png = await ocrPngOffThread(image, { region: crop, ...prepareJob(session) });
  const psm = region && crop.height <= LINE_HEIGHT_MAX ? settings.psm_roi : settings.psm_window;
  const found = await recognize(session, window, png, psm);
  const screenRegion = {
    x: origin.x + crop.x,
    y: origin.y + crop.y,
    width: crop.width,
    height: crop.height,
  };
  const placement = { x: screenRegion.x, y: screenRegion.y, scale: scaleOf(session, crop) };
  return finish(session, window, {
    words: placeWords(found, placement, settings.min_confidence),
    region: screenRegion,
    ms: Math.round(performance.now() - started),
  });
}

/** Blocks of one box are numbered apart from every other box's (box i: from i × this). */
export const BLOCKS_PER_BOX = 1000;

/**
 * Reads the window's flat-colour boxes one by one (lib/formats/ocr/boxes.ts), at most
 * ocr.max_roi_crops of them: buttons and highlighted cells that a whole-window
 * read passes over.
 */
export function ocrWindowBoxes(session: OcrContext, window: ListedWindow): Promise<OcrRead> {
  return remembered(session, window, "boxes", () => readBoxes(session, window));
}

/**
 * Reads each of `regions` (screen pixels, e.g. unnamed controls) as one line,
 * from one screenshot; region i's words have blocks from i × BLOCKS_PER_BOX.
 */
export function ocrWindowRegions(
  session: OcrContext,
  window: ListedWindow,
  regions: Bounds[],
): Promise<OcrRead> {
  return remembered(
    session,
    window,
    `regions ${JSON.stringify(regions)}`,
    () => readBoxes(session, window, regions),
  );
}

async function readBoxes(
  session: OcrContext,
  window: ListedWindow,
  screenRegions?: Bounds[],
): Promise<OcrRead> {
  const started = performance.now();
  const picture = await windowPicture(session, window);
  const { image, origin } = picture;
  const region = { ...origin, width: image.width, height: image.height };
  const settings = session.config.ocr;
  const { boxes, pngs } = await ocrBoxesOffThread(
    image,
    prepareJob(session),
    settings.max_roi_crops,
    // A region off the picture keeps its place, empty (its index numbers its words).
    screenRegions?.map((r) => pixelsOf(r, picture) ?? { x: 0, y: 0, width: 0, height: 0 }),
  );
  const words: OcrWord[] = [];
  for (let i = 0; i < boxes.length; i++) {
    if (boxes[i].width === 0 || boxes[i].height === 0) continue;
    const found = await recognize(session, window, pngs[i], settings.psm_roi);
    const box = boxes[i];
    const placement = { x: region.x + box.x, y: region.y + box.y, scale: scaleOf(session, box) };
    for (const word of placeWords(found, placement, settings.min_confidence)) {
      words.push({ ...word, block: i * BLOCKS_PER_BOX + word.block });
    }
  }
  return finish(session, window, { words, region, ms: Math.round(performance.now() - started) });
}

/** What a description says while the engine starts (it reads once that is done). */
export const OCR_STARTING = "[OCR engine starting (about 2 s, once): describe again for the " +
  "text OCR reads]";

/**
 * The OCR section of a description: text, or why there is none. Unless
 * `waitForEngine`, the engine's first start is not waited for: it is begun
 * and the text says so.
 */
export async function ocrWindowText(
  session: OcrContext,
  window: ListedWindow,
  waitForEngine: boolean,
): Promise<string> {
  if (!session.config.ocr.enabled) return "[OCR disabled in config (ocr.enabled = false)]";
  if (!waitForEngine && !session.ocr.started && session.ocr.unavailable === null) {
    session.ocr.startEngines();
    return OCR_STARTING;
  }
  try {
    return ocrText((await ocrWindow(session, window)).words);
  } catch (e) {
    const message = (e as Error).message;
    if (e instanceof ToolError && e.code === "PlatformUnsupported") {
      return `[${message} — ${OCR_HINT}]`;
    }
    if (message.includes("screenshot capture failed")) {
      return "[OCR unavailable: screenshot capture failed]";
    }
    return `[${message}]`;
  }
}
