// The desktop the predicates observe, as clients see it: windows as listed,
// trees as served (secret values masked), screenshots, and reference images
// read from the folders a client may name (assert_state, trace oracles).

import { ToolError } from "../../../model/errors.ts";
import { captureWindow, listWindows } from "../../observe/capture.ts";
import { readConfinedFile, referenceRoots } from "../../../support/files.ts";
import { decodePngOffThread } from "../../../formats/image/workers.ts";
import type { ObservedDesktop } from "./types.ts";
import type { ScenarioContext } from "../context.ts";
import type { ListedWindow } from "../../../formats/geometry/window_order.ts";
import { ocrText, ocrWindow } from "../../ocr/index.ts";

export function sessionDesktop(session: ScenarioContext): ObservedDesktop {
  const ocrReady = session.config.ocr.enabled && session.ocr.unavailable === null;
  return {
    ...(ocrReady ? { ocr: (window) => readText(session, window) } : {}),
    windows: () => listWindows(session),
    async tree(window) {
      try {
        return await captureWindow(session, window);
      } catch (e) {
        if (e instanceof ToolError) return null;
        throw e;
      }
    },
    async screenshot(window) {
      try {
        return await session.adapter.screenshot({ kind: "window", handle: window.handle });
      } catch {
        return null;
      }
    },
    async readImage(path) {
      const { limits } = session.config;
      const bytes = await readConfinedFile(path, {
        roots: referenceRoots(session.config),
        maxBytes: limits.file_bytes,
        purpose: "reference image",
      });
      return decodePngOffThread(bytes, limits.image_pixels);
    },
  };
}

/** The window's OCR text; "" when the read fails (the predicate then finds nothing). */
async function readText(session: ScenarioContext, window: ListedWindow): Promise<string> {
  try {
    return ocrText((await ocrWindow(session, window)).words);
  } catch {
    return "";
  }
}
