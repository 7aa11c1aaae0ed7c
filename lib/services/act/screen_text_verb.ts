// An element verb aimed at text on the pixels (lib/services/act/screen_text.ts): the
// text is found by OCR, then the verb acts at its centre like a coordinate
// verb — the window raised first when it is covered, the confirmation gate
// asked about the text — and the receipt says the target was resolved by OCR.

import type { ActContext } from "./context.ts";
import { center } from "../../model/tree.ts";
import { targetWindow } from "../observe/capture.ts";
import type { ToolResult } from "../../model/tool_call.ts";
import { runCoordinateVerb } from "./coordinate_verb.ts";
import { resolveScreenText, type ScreenTextArgs } from "./screen_text.ts";
import type { ElementVerbArgs } from "./verb_types.ts";
import type { ElementAction } from "./element_actions.ts";

export async function runOnScreenText(
  session: ActContext,
  action: string,
  args: ElementVerbArgs & ScreenTextArgs,
  elementAction: ElementAction,
): Promise<ToolResult> {
  const { window } = await targetWindow(session, args);
  const found = await resolveScreenText(session, window, args);
  const point = center(found.element.bounds);
  const result = await runCoordinateVerb(session, {
    action,
    args: { window_uid: window.window_uid, auto_activate: args.auto_activate },
    dryRun: args.dry_run,
    echo: { x: point.x, y: point.y },
    target: { element_id: found.element.id, selector: null, bounds: found.element.bounds },
    point,
    act: {
      kind: "element",
      action: elementAction,
      target: { session, window, element: found.element, point, tree: found.element },
    },
  });
  return {
    ...result,
    resolved_by: "ocr",
    ocr: { text: found.text, confidence: found.confidence, other_matches: found.otherMatches },
  };
}
