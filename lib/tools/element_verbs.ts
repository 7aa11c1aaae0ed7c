// Element-targeted verbs. Each supplies only its executor; the procedure and
// the receipt come from lib/services/act/element_verb.ts. Platform element operations
// are tried first where they exist; `method` chooses: auto (operation, else
// coordinates), pattern (operation only, PatternUnsupported otherwise) or
// coordinates.

import { z } from "zod";
import type { ElementOperation } from "../../adapters/types.ts";
import { runElementVerb } from "../services/act/element_verb.ts";
import { parseKeysArg } from "../formats/keys/key_args.ts";
import {
  autoActivate,
  checkedByTool,
  CONFIRM_TOKEN,
  dryRun,
  mouseButton,
  SECRET,
  windowArgsFor,
} from "./shared/args.ts";
import { clickTools } from "./shared/click_tools.ts";
import { elementReceiptSchema } from "./shared/results.ts";
import { ACTS, defineTool, type Tool } from "../runtime/registry.ts";
import { HOVER_MS, KEYS } from "./shared/verb_args.ts";
import { callSpace, coordinateSpaceArg, receiptInSpace } from "./shared/coordinate_args.ts";
import type { ElementAction } from "../services/act/element_actions.ts";
import type { ElementVerbArgs } from "../services/act/verb_types.ts";
import type { Session } from "../runtime/session.ts";

const targetArgs = {
  ...windowArgsFor(
    "The window holding the element",
    "Without a window argument, or when index or title finds none, the focused window.",
  ),
  selector: z.string().max(2000).optional().describe(
    'Selector of the target, e.g. Button[name="OK"] or //MenuItem[name*="Save"]; the first ' +
      "match is used. Survives re-layout. Give selector or element_id (selector is tried " +
      "first). At most 2000 characters.",
  ),
  element_id: z.string().max(500).optional().describe(
    "The target's id from a recent capture of this window (e.g. root.1.0), or its ref from " +
      "a compact view (e.g. e12); refused as stale when it now names another element. At " +
      "most 500 characters.",
  ),
  text: z.string().min(1).max(200).optional().describe(
    "Text shown on the window's pixels to act on when the accessibility tree has no element " +
      'for it (canvas apps, terminals, curses dialogs), e.g. "OK": found by OCR, acted on at ' +
      "its centre; the receipt says resolved_by: ocr and its element_id (ocr:x,y,w,h) can be " +
      "reused. Give it instead of selector and element_id, not with them (BadRequest).",
  ),
  tree_token: z.string().optional().describe(
    "tree_token of the capture element_id was taken from, for the stale-id check; default " +
      "the latest capture served for the window. An expired token is SnapshotExpired, " +
      "another window's BadRequest.",
  ),
  auto_activate: autoActivate,
  timeout_ms: z.number().int().min(0).max(60_000).optional().describe(
    "How long to wait, 0 to 60000 ms, for the element to be visible, enabled, in view " +
      "(scrolled there when needed), uncovered and still before acting; then " +
      "ElementNotVisible, ElementDisabled, ElementOccluded or ElementNotStable with " +
      "context.check. Default from config actions.timeout_ms (3000).",
  ),
  dry_run: dryRun,
  confirm_token: CONFIRM_TOKEN,
  coordinate_space: coordinateSpaceArg.describe(
    "The space the receipt's bounds and points are in (target.bounds; a text target's x, " +
      `y): ${coordinateSpaceArg.description}`,
  ),
};

/**
 * An element verb in the call's space: the space is read first (a bad one
 * acts on nothing), the receipt answers in it.
 */
async function elementVerb(
  session: Session,
  action: string,
  args: ElementVerbArgs & { coordinate_space?: string },
  elementAction: ElementAction,
) {
  const mapping = await callSpace(session, args.coordinate_space);
  return receiptInSpace(await runElementVerb(session, action, args, elementAction), mapping);
}

const method = z.enum(["auto", "pattern", "coordinates"]).default("auto").describe(
  "How to act: auto (default) uses the platform's element operation and falls back to " +
    "mouse/keyboard, pattern only the operation (PatternUnsupported when there is none), " +
    "coordinates only mouse/keyboard at the element's centre.",
);

const TARGET_HINT = 'Target by `selector` (e.g. Button[name="OK"], survives re-layout) or by ' +
  "`element_id` from a recent capture (refused if it now names another element). Returns an " +
  "ActionReceipt: target, before/after tree_hash and focused_selector, changed, new_dialogs.";

const clickInput = z.object({
  ...targetArgs,
  button: mouseButton,
  count: z.number().int().min(1).max(3).default(1).describe(
    "Clicks in a row: 1 (default), 2 for a double click, 3 for a triple click.",
  ),
});

export const {
  click: clickElementTool,
  right: rightClickElementTool,
  double: doubleClickElementTool,
} = clickTools({
  input: clickInput,
  output: elementReceiptSchema("The click's receipt."),
  fixed: { right: { button: "right" }, double: { count: 2 } },
  run(args, { session }) {
    return elementVerb(session, "click_element", args, {
      kind: "click",
      button: args.button,
      count: args.count,
    });
  },
}, {
  click: {
    name: "click_element",
    description: "Click an element at its centre (button left/right/middle; count 2 = double " +
      `click). ${TARGET_HINT}`,
  },
  right: {
    name: "right_click_element",
    description: `Right-click an element (context menus). ${TARGET_HINT}`,
  },
  double: {
    name: "double_click_element",
    description: `Double-click an element (open files, select words). ${TARGET_HINT}`,
  },
});

/** A verb that is one element operation, with a click as its coordinate fallback. */
function operationTool(
  name: string,
  description: string,
  operation: ElementOperation,
  receipt: string,
): Tool {
  return defineTool({
    name,
    description,
    kind: "input",
    input: z.object({ ...targetArgs, method }),
    output: elementReceiptSchema(receipt),
    annotations: ACTS,
    run(args, { session }) {
      return elementVerb(session, name, args, {
        kind: "operation",
        operation,
        method: args.method,
      });
    },
  });
}

export const focusElementTool = operationTool(
  "focus_element",
  `Give an element keyboard focus (the platform's focus operation, else a click). ${TARGET_HINT}`,
  { kind: "focus" },
  "The receipt of focusing the element.",
);

export const invokeElementTool = operationTool(
  "invoke_element",
  `Invoke an element's default action (press a button, toggle a check box) through the ` +
    `platform, else by a click. ${TARGET_HINT}`,
  { kind: "default_action" },
  "The receipt of invoking the element.",
);

/** Python-style str() of a JSON value, as the reference typed it. */
function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export const setValueTool = defineTool({
  name: "set_value",
  description:
    `Set a text field's value: replaces the content (clear_first, default true) or types after it. ${TARGET_HINT}`,
  kind: "input",
  input: z.object({
    ...targetArgs,
    value: checkedByTool(
      z.union([
        z.string().describe("The text to set."),
        z.number().describe('A number, typed as its decimal text (42 → "42").'),
      ]),
    ).refine((v) => v !== undefined, "value is required").describe(
      "The new value: text, or a number typed as its decimal text. Required.",
    ),
    clear_first: z.boolean().default(true).describe(
      "true (default): replace the content (the platform's set-value operation, else click, " +
        "ctrl+a, delete, type). false: click and type after the existing content.",
    ),
    secret: SECRET,
    method,
  }),
  output: elementReceiptSchema("The receipt of setting the value."),
  annotations: ACTS,
  run(args, { session }) {
    return elementVerb(session, "set_value", args, {
      kind: "set_value",
      text: valueText(args.value),
      clearFirst: args.clear_first,
      method: args.method,
    });
  },
});

export const selectOptionTool = defineTool({
  name: "select_option",
  description:
    `Choose an option of a combo box or list by option_name (exact) or option_index (child position). ${TARGET_HINT}`,
  kind: "input",
  input: z.object({
    ...targetArgs,
    option_name: z.string().optional().describe(
      "The option's exact name. Give option_name or option_index.",
    ),
    option_index: z.number().int().min(0).optional().describe(
      "The option's 0-based position among the element's children (as captured before the " +
        "list opens). Used when option_name is absent.",
    ),
    method,
  }).refine((a) => a.option_name !== undefined || a.option_index !== undefined, {
    message: "option_name or option_index is required",
  }),
  output: elementReceiptSchema("The receipt of choosing the option."),
  annotations: ACTS,
  run(args, { session }) {
    return elementVerb(session, "select_option", args, {
      kind: "select_option",
      optionName: args.option_name,
      optionIndex: args.option_index,
      method: args.method,
    });
  },
});

export const hoverElementTool = defineTool({
  name: "hover_element",
  description:
    `Move the pointer over an element and wait hover_ms (default 250) for tooltips. ${TARGET_HINT}`,
  kind: "input",
  input: z.object({ ...targetArgs, hover_ms: HOVER_MS }),
  output: elementReceiptSchema("The receipt of the hover."),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  run(args, { session }) {
    return elementVerb(session, "hover_element", args, { kind: "hover", ms: args.hover_ms });
  },
});

export const keyIntoElementTool = defineTool({
  name: "key_into_element",
  description:
    `Click an element, then press a key combination in it (e.g. 'ctrl+a', 'enter'). ${TARGET_HINT}`,
  kind: "input",
  input: z.object({ ...targetArgs, keys: KEYS }),
  output: elementReceiptSchema("The receipt of the click and the keys."),
  annotations: ACTS,
  run(args, { session }) {
    return elementVerb(session, "key_into_element", args, {
      kind: "keys",
      combo: parseKeysArg(args.keys),
    });
  },
});

export const clearTextTool = defineTool({
  name: "clear_text",
  description: `Empty a text field: click it, select all, delete. ${TARGET_HINT}`,
  kind: "input",
  input: z.object(targetArgs),
  output: elementReceiptSchema("The receipt of emptying the field."),
  annotations: ACTS,
  run(args, { session }) {
    return elementVerb(session, "clear_text", args, { kind: "clear" });
  },
});
