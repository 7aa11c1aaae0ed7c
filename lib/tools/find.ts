// find_element: every match of a selector, with the true count.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { captureWindow, targetWindow } from "../services/observe/capture.ts";
import {
  canonicalSelector,
  parseSelector,
  resolveSelector,
  SelectorSyntaxError,
} from "../formats/selectors/index.ts";
import { windowArgs } from "./shared/args.ts";
import { findScreenText, isScreenTextTarget, screenTextId } from "../services/act/screen_text.ts";
import type { Session } from "../runtime/session.ts";
import type { WindowArgs } from "../formats/geometry/window_order.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { boundsSchema, windowWarning } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { boxFromScreen, type SpaceMapping } from "../formats/geometry/coordinate_space.ts";

const findOutput = z.object({
  window_uid: z.string().describe("The window searched."),
  element_id: z.string().describe(
    "The first match's id (with text: ocr:x,y,w,h, which the element verbs accept).",
  ),
  selector: z.string().nullable().describe(
    "The selector, in canonical form; null when found by text (OCR).",
  ),
  bounds: boundsSchema.describe("The first match's bounds, in coordinate_space."),
  resolved_by: z.literal("ocr").optional().describe("Present when found by text, by OCR."),
  ambiguous_matches: z.number().int().describe("How many elements match in all."),
  all_matches: z.array(
    z.object({
      element_id: z.string().describe("The match's id."),
      bounds: boundsSchema.describe("Its bounds, in coordinate_space."),
      name: z.string().describe("Its name (with text: the text OCR read)."),
      role: z.string().describe('Its role ("Text" for OCR matches).'),
      confidence: z.number().optional().describe("OCR matches: the read's confidence, 0–100."),
    }).describe("One match."),
  ).describe("The first `limit` matches, in tree (or reading) order."),
  ...spaceResultField,
  ...windowWarning,
}).describe("The elements a selector (or a text) finds.");

export const findElementTool = defineTool({
  name: "find_element",
  description: "Find elements by selector in a window (default: focused). XPath-ish " +
    '`Window/MenuBar/MenuItem[name="Edit"]`, `//Button[name*="Save"]`, or CSS-ish ' +
    '`Dialog > Button:has-text("OK")`; predicates name, value, role, enabled, focused, ' +
    "index, with = (exact), *= (contains), ~= (full regex). Returns the first match's " +
    "element_id and bounds (in coordinate_space: screen pixels unless the call or the session " +
    "names another), ambiguous_matches (the true count) and up to `limit` (10) all_matches.",
  kind: "perception",
  input: z.object({
    ...windowArgs,
    selector: z.string().max(2000).optional().describe(
      'The selector, required: XPath-ish Window/MenuBar/MenuItem[name="Edit"] or ' +
        '//Button[name*="Save"], or CSS-ish Dialog > Button:has-text("OK"). At most 2000 ' +
        "characters; a syntax error is BadRequest with its position.",
    ),
    limit: z.number().int().min(1).max(500).default(10).describe(
      "How many matches all_matches lists (default 10, at most 500); ambiguous_matches is " +
        "the true count either way.",
    ),
    text: z.string().min(1).max(200).optional().describe(
      "Instead of a selector: text shown on the window's pixels, found by OCR (for windows " +
        'whose tree has no element for it), e.g. "OK". The match\'s element_id is ocr:x,y,w,h ' +
        "(screen pixels), which the element verbs accept; resolved_by is ocr.",
    ),
    coordinate_space: coordinateSpaceArg,
  }),
  output: findOutput,
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    if (isScreenTextTarget(args)) {
      return findTextResult(session, args, mapping, args.text!, args.limit);
    }
    if (!args.selector || args.selector.trim() === "") {
      throw new ToolError("BadRequest", "selector (or text) is required");
    }
    let parsed;
    try {
      parsed = parseSelector(args.selector, session.config.limits.regex_length);
    } catch (e) {
      if (e instanceof SelectorSyntaxError) {
        throw new ToolError("BadRequest", `selector parse error: ${e.message}`, {
          selector: args.selector,
          position: e.position,
        });
      }
      throw e;
    }
    const { window, warning } = await targetWindow(session, args);
    const capture = await captureWindow(session, window);
    session.recordServed(window.window_uid, capture.tree);
    const { matches, total } = resolveSelector(capture.tree, parsed);
    const selector = canonicalSelector(parsed);
    if (matches.length === 0) {
      throw new ToolError("ElementNotFound", `no element matches selector '${selector}'`, {
        selector,
        window_uid: window.window_uid,
      });
    }
    return {
      window_uid: window.window_uid,
      element_id: matches[0].id,
      selector,
      bounds: boxFromScreen(mapping, matches[0].bounds),
      ambiguous_matches: total,
      all_matches: matches.slice(0, args.limit).map((m) => ({
        element_id: m.id,
        bounds: boxFromScreen(mapping, m.bounds),
        name: m.name,
        role: m.role,
      })),
      ...spaceField(mapping),
      ...(warning ? { warning } : {}),
    };
  },
});

async function findTextResult(
  session: Session,
  args: WindowArgs,
  mapping: SpaceMapping,
  text: string,
  limit: number,
) {
  const { window, warning } = await targetWindow(session, args);
  const matches = await findScreenText(session, window, text);
  return {
    window_uid: window.window_uid,
    element_id: screenTextId(matches[0].bounds),
    selector: null,
    bounds: boxFromScreen(mapping, matches[0].bounds),
    resolved_by: "ocr",
    ambiguous_matches: matches.length,
    all_matches: matches.slice(0, limit).map((m) => ({
      element_id: screenTextId(m.bounds),
      bounds: boxFromScreen(mapping, m.bounds),
      name: m.text,
      role: "Text",
      confidence: m.confidence,
    })),
    ...spaceField(mapping),
    ...(warning ? { warning } : {}),
  };
}
