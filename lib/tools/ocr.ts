// get_ocr: the text on a window's pixels, word by word and line by line, with
// confidences and boxes (in the call's coordinate space).

import { z } from "zod";
import { captureWindow, targetWindow } from "../services/observe/capture.ts";
import { linesOf, mergeWords, ocrText, ocrWindow, ocrWindowBoxes } from "../services/ocr/index.ts";
import { resolveTarget } from "../services/act/targets.ts";
import { windowArgs } from "./shared/args.ts";
import { bboxArg, parseBox } from "./shared/region_args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { boundsSchema, windowWarning } from "./shared/results.ts";
import { unlessCancelled } from "../support/cancel.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { boxFromScreen } from "../formats/geometry/coordinate_space.ts";

const ocrTextSchema = (what: string) =>
  z.object({
    text: z.string().describe(`The ${what}'s text.`),
    confidence: z.number().describe(
      what === "word" ? "How sure OCR is, 0–100." : "The lowest word confidence in it, 0–100.",
    ),
    bbox: boundsSchema.describe(`The ${what}'s box, in coordinate_space.`),
  }).describe(`A ${what} read by OCR.`);

export const getOcrTool = defineTool({
  name: "get_ocr",
  description: "Read the text a window shows by OCR (offline tesseract.js): words and lines " +
    "with confidence (0–100) and boxes (in the coordinate_space the answer names: screen " +
    "pixels unless one is given or set), and the text as lines. For windows " +
    "whose accessibility tree is sparse (canvas apps, terminals, remote desktops). Narrow it " +
    "with element_id or bbox (window-relative). Text found can be clicked with the element " +
    'verbs\' `text` argument (e.g. {"text": "OK"}).',
  kind: "perception",
  input: z.object({
    ...windowArgs,
    element_id: z.string().max(500).optional().describe(
      "Read only this element's box (an id or compact ref from a recent capture).",
    ),
    bbox: bboxArg,
    boxes: z.boolean().default(false).describe(
      "Also read the window's flat-colour boxes one by one (buttons, coloured bars, " +
        "highlighted cells: light text on a dark patch that a whole-window read can miss) " +
        "and add the words found there. Slower; whole windows only (ignored with bbox or " +
        "element_id).",
    ),
    coordinate_space: coordinateSpaceArg.describe(
      "The space the answer's boxes are in (bbox stays window-relative screen pixels): " +
        `${coordinateSpaceArg.description}`,
    ),
  }),
  output: z.object({
    window: z.string().describe("The window's title."),
    window_uid: z.string().describe("The window's stable id."),
    region: boundsSchema.describe("The screen region read, in coordinate_space."),
    words: z.array(ocrTextSchema("word")).describe("The words read, in reading order."),
    lines: z.array(ocrTextSchema("line")).describe("The words grouped into lines."),
    text: z.string().describe(
      "The text, a line each, a blank line between blocks; [No text detected by OCR] when " +
        "none.",
    ),
    ocr_ms: z.number().describe("How long reading took, ms."),
    ...spaceResultField,
    ...windowWarning,
  }).describe("The text on a window's pixels."),
  annotations: READ_ONLY,
  async run(args, { session, signal }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const { window, warning } = await targetWindow(session, args);
    let region;
    const box = parseBox(args.bbox);
    if (box) {
      region = { ...box, x: window.bounds.x + box.x, y: window.bounds.y + box.y };
    } else if (args.element_id) {
      const { tree } = await captureWindow(session, window);
      region = resolveTarget(
        tree,
        { element_id: args.element_id },
        session.lastServed(window.window_uid),
        session.config.limits.regex_length,
      ).element.bounds;
    }
    let read = await unlessCancelled(ocrWindow(session, window, region), signal, "OCR");
    if (args.boxes && !region) {
      const boxed = await unlessCancelled(ocrWindowBoxes(session, window), signal, "OCR");
      read = { ...read, words: mergeWords(read.words, boxed.words), ms: read.ms + boxed.ms };
    }
    return {
      window: window.title,
      window_uid: window.window_uid,
      region: boxFromScreen(mapping, read.region),
      words: read.words.map(({ text, confidence, bbox }) => ({
        text,
        confidence,
        bbox: boxFromScreen(mapping, bbox),
      })),
      lines: linesOf(read.words).map((line) => ({
        ...line,
        bbox: boxFromScreen(mapping, line.bbox),
      })),
      text: ocrText(read.words),
      ocr_ms: read.ms,
      ...spaceField(mapping),
      ...(warning ? { warning } : {}),
    };
  },
});
