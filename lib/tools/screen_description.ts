// get_screen_description (spec/description.md §4).

import { z } from "zod";
import { combineDescription, OCR_NOT_BUILT, VLM_NOT_BUILT } from "../describe/combined.ts";
import { captureWindow, targetWindow } from "../observe/capture.ts";
import { describeTree } from "../describe/prose.ts";
import { findById } from "../core/tree.ts";
import { positionalId } from "../views/refs.ts";
import { windowArgs } from "./args.ts";
import { defineTool, READ_ONLY } from "./registry.ts";

export const getScreenDescriptionTool = defineTool({
  name: "get_screen_description",
  description:
    "Describe a window in prose from every available source: the accessibility tree (roles, " +
    "names, values, states and positions, one element per line), OCR text and a vision model " +
    "when configured. `max_tokens` caps the combined text; `focus_element` describes one " +
    "element's subtree. `mode` is accepted for compatibility and ignored (always combined).",
  kind: "perception",
  input: z.object({
    ...windowArgs,
    mode: z.enum(["accessibility", "ocr", "vlm", "combined", "auto"]).optional().describe(
      "Accepted for compatibility and ignored: the description always combines every " +
        "available source.",
    ),
    max_tokens: z.number().int().min(1).max(1_000_000).optional().describe(
      "Cap on the combined text in tokens (counted as 4 characters each), 1 to 1,000,000; a " +
        "longer text is cut and `truncated` is true. Default: no cap.",
    ),
    focus_element: z.string().optional().describe(
      "An element id (e.g. root.1) or a compact view's ref (e.g. e12) whose subtree is " +
        "described instead of the whole window; " +
        "an id not in the tree describes the whole window.",
    ),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const { window, warning } = await targetWindow(session, args);
    const capture = await captureWindow(session, window);
    const focusId = args.focus_element &&
      positionalId(args.focus_element, session.lastServed(window.window_uid), capture.tree);
    const subject = (focusId && findById(capture.tree, focusId)) || capture.tree;
    const accessibility = describeTree(subject, {
      process: window.process,
      title: window.title,
      bounds: window.bounds,
    });
    const sources = {
      accessibility,
      ...(session.config.ocr.enabled ? { ocr: OCR_NOT_BUILT } : {}),
      ...(session.config.vlm.enabled ? { vlm: VLM_NOT_BUILT } : {}),
    };
    return {
      window: window.title,
      window_uid: window.window_uid,
      mode: "combined",
      effective_mode: "combined",
      ...sources,
      ...combineDescription(sources, args.max_tokens),
      ...(warning ? { warning } : {}),
    };
  },
});
