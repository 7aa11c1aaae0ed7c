// Result schemas shared by many tools: what a tool answers, field by field.
// Each tool's `output` is built from these; every field has a description,
// since it is what an MCP client reads in the tool's outputSchema.

import { z } from "zod";
import type { Element } from "../../model/tree.ts";
import { screenPointFields, spaceResultField } from "./coordinate_args.ts";

/** Where an answer names a coordinate_space, its boxes and points are in it. */
const IN_SPACE = "absolute screen pixels, or the answer's coordinate_space where it names one";

export const boundsSchema = z.object({
  x: z.number().describe(`Left edge: ${IN_SPACE}.`),
  y: z.number().describe(`Top edge: ${IN_SPACE}.`),
  width: z.number().describe("Width, in the same units."),
  height: z.number().describe("Height, in the same units."),
}).describe("A rectangle on the screen.");

export const pointSchema = z.object({
  x: z.number().describe(`x: ${IN_SPACE}.`),
  y: z.number().describe(`y: ${IN_SPACE}.`),
}).describe("A point on the screen.");

const elementActionSchema = z.object({
  name: z.string().describe("The action's name."),
  description: z.string().describe("What it does, as the platform says."),
  key_binding: z.string().describe('Its key binding ("" when none).'),
});

/** The fields of one element, without its children. */
const elementFields = {
  id: z.string().describe('The element\'s id in this capture ("root.0.2").'),
  name: z.string().describe("Its accessible name."),
  role: z.string().describe('Its role ("Button", "Edit", ...).'),
  value: z.string().nullable().describe("Its value or text, when it has one."),
  bounds: boundsSchema,
  enabled: z.boolean().describe("Whether it takes input."),
  focused: z.boolean().describe("Whether it has the keyboard focus."),
  keyboard_shortcut: z.string().nullable().describe("Its keyboard shortcut, when one."),
  description: z.string().nullable().describe("Its accessible description, when one."),
  selected: z.boolean().optional().describe("Selected (list items, tabs, cells)."),
  expanded: z.boolean().optional().describe("Expanded (trees, combo boxes, menus)."),
  value_now: z.number().optional().describe("A range's current value."),
  value_min: z.number().optional().describe("A range's smallest value."),
  value_max: z.number().optional().describe("A range's largest value."),
  identifier: z.string().optional().describe("The toolkit's id for it (UIA AutomationId)."),
  truncated: z.boolean().optional().describe("Its children were cut by the depth limit."),
  child_count: z.number().int().optional().describe("How many children it has."),
  platform_role: z.string().optional().describe("The platform's own role name."),
  states: z.record(z.string(), z.boolean()).optional().describe("The platform's state flags."),
  text: z.string().optional().describe("The content of its text interface."),
  value_step: z.number().optional().describe("A range's smallest step (0: continuous)."),
  attributes: z.record(z.string(), z.string()).optional().describe("Object attributes."),
  actions: z.array(elementActionSchema).optional().describe("The actions it offers."),
  interfaces: z.array(z.string()).optional().describe("Platform interfaces it implements."),
};

/** One element and its subtree, as trees are served (named: schemas refer to it). */
export const elementSchema: z.ZodType<Element> = z.lazy(() =>
  z.object({
    ...elementFields,
    children: z.array(elementSchema).describe("Its children, in tree order."),
  }).describe("An element of an accessibility tree, with its subtree.")
).meta({ id: "Element" });

/**
 * An element tree, described where it is used. Through a lazy of its own: a
 * description put on `elementSchema` itself would copy its name (JSON Schema
 * would get two definitions called Element).
 */
export function elementTree(description: string) {
  return z.lazy(() => elementSchema).describe(description);
}

/** One element without its subtree (child_count says how many children). */
export const lonelyElementSchema = z.object(elementFields).describe(
  "An element of an accessibility tree, without its children.",
);

export const windowRefSchema = z.object({
  window_uid: z.string().describe("The window's stable id."),
  title: z.string().describe("Its title."),
}).describe("A window, by id and title.");

/** A tool that resolves a window from window_uid/index/title may add this. */
export const windowWarning = {
  warning: z.string().optional().describe(
    "A caution about how the arguments were read: both window_index and window_uid " +
      "given (window_uid used), a point outside the named window, ...",
  ),
};

/**
 * An image in a result. Over REST its bytes are `data` (base64); over MCP they
 * travel once, as image content, and `image_content` is its index there.
 */
export const imageFields = {
  format: z.enum(["png", "jpeg"]).describe("The image format."),
  encoding: z.literal("base64").optional().describe("REST: how `data` is encoded."),
  data: z.string().optional().describe(
    "REST: the image, base64. Over MCP the image is image content instead.",
  ),
  image_content: z.number().int().optional().describe(
    "MCP: the index of the image in the result's content.",
  ),
  width: z.number().int().optional().describe("The image's width in pixels."),
  height: z.number().int().optional().describe("The image's height in pixels."),
};

export const imageSchema = z.object(imageFields).describe("An image (see imageFields).");

// ---- action receipts ----------------------------------------------------------

const treeStateSchema = z.object({
  tree_hash: z.string().describe('The window tree\'s hash ("" once the window is gone).'),
  focused_selector: z.string().describe('A selector for the focused element ("" when none).'),
}).describe("A window's tree, in brief.");

export const activationSchema = z.object({
  success: z.boolean().describe("Whether the window came to the front."),
  action: z.enum(["activate_api", "click_title_bar", "none"]).describe("How it was tried."),
  note: z.string().optional().describe("What happened, in words."),
  api_note: z.string().optional().describe("Why the platform's activation failed."),
  clicked_x: z.number().optional().describe("Where the title bar was clicked (x)."),
  clicked_y: z.number().optional().describe("Where the title bar was clicked (y)."),
  error: z.string().optional().describe("Why it failed."),
}).describe("Bringing the window to the front.");

const scrollingSchema = z.object({
  method: z.enum(["platform", "wheel"]).describe("How the last step scrolled."),
  note: z.string().optional().describe("What happened, in words."),
  attempts: z.number().int().describe("Steps taken."),
  wheel_clicks: z.number().int().describe("Wheel clicks in all (positive up)."),
  exhausted: z.boolean().describe("The last wheel step moved nothing."),
}).describe("Scrolling the element into view.");

const stepsSchema = z.object({
  activated: z.boolean().describe("The window was brought to the front first."),
  activation: activationSchema.optional(),
  scrolled: z.boolean().optional().describe("The element was scrolled into view first."),
  scrolling: scrollingSchema.optional(),
  waited_ms: z.number().optional().describe("How long the element took to become actionable."),
  would: z.array(z.enum(["activate", "scroll"])).optional().describe(
    "Dry runs: what a real run would do first.",
  ),
}).describe("What was done before the input itself.");

const targetSchema = z.object({
  window_uid: z.string().nullable().describe("The window acted on (null: none named)."),
  element_id: z.string().nullable().describe("The element acted on, when one."),
  selector: z.string().nullable().describe("The selector that found it."),
  bounds: boundsSchema.nullable().describe(
    "Its bounds (element verbs: in the receipt's coordinate_space).",
  ),
  screen_bounds: boundsSchema.optional().describe(
    "Element verbs in a coordinate_space other than screen: its bounds in screen pixels.",
  ),
}).describe("What the action was aimed at.");

/** The fields every action's receipt has; a verb adds what it echoes (x, keys, ...). */
export const receiptFields = {
  action: z.string().describe("The verb performed."),
  dry_run: z.boolean().describe("Nothing was input: the receipt says what would be done."),
  note: z.string().optional().describe("What the platform did, in words."),
  target: targetSchema,
  before: treeStateSchema.describe("The window's tree before the action."),
  steps: stepsSchema,
  at_point: windowRefSchema.nullable().optional().describe(
    "The window in front at the point (pointer verbs).",
  ),
  after: treeStateSchema.describe("The window's tree after the action."),
  changed: z.boolean().describe("Whether the window's content changed."),
  new_dialogs: z.array(windowRefSchema).describe("Windows the action opened."),
  focus: z.object({
    start: windowRefSchema.nullable().describe("The window with the keys before."),
    end: windowRefSchema.nullable().describe("The window with the keys after."),
  }).optional().describe("Where the keyboard focus was, before and after (not on dry runs)."),
  duration_ms: z.number().describe("How long the input took."),
  scenario_reaction: z.literal(true).optional().describe(
    "Scenario desktops: the scenario reacted to the input (in place of a note).",
  ),
  ...windowWarning,
};

/** An action's receipt with the fields its verb adds. */
export function receiptSchema<S extends z.ZodRawShape>(extra: S, what: string) {
  return z.object({ ...receiptFields, ...extra }).describe(what);
}

/**
 * What an element verb aimed at text on the pixels (`text`, or an `ocr:` id)
 * adds: it acts at the text's centre like a coordinate verb.
 */
export const screenTextFields = {
  x: z.number().optional().describe(
    "Text targets: the x acted at (the text's centre), in coordinate_space.",
  ),
  y: z.number().optional().describe(
    "Text targets: the y acted at (the text's centre), in coordinate_space.",
  ),
  ...screenPointFields,
  resolved_by: z.literal("ocr").optional().describe(
    "Text targets: the target was found by OCR on the window's pixels.",
  ),
  ocr: z.object({
    text: z.string().nullable().describe("What OCR read there (null: the call gave an ocr: id)."),
    confidence: z.number().nullable().describe("OCR's confidence, 0 to 100 (null with an id)."),
    other_matches: z.number().int().describe("Other places the same text was read."),
  }).optional().describe("Text targets: what OCR found."),
};

/** The receipt of an element verb (click_element, set_value, ...). */
export function elementReceiptSchema(what: string) {
  return receiptSchema({ ...screenTextFields, ...spaceResultField }, what);
}

// ---- windows and monitors -----------------------------------------------------

export const listedWindowSchema = z.object({
  index: z.number().int().describe("Its place in this listing (focused first, then by title)."),
  handle: z.string().describe("The platform's handle (X11 window id, HWND)."),
  title: z.string().describe("Its title."),
  process: z.string().describe("The program's process name."),
  pid: z.number().int().describe("The program's process id."),
  bounds: boundsSchema,
  focused: z.boolean().describe("The window manager's active window."),
  keyboard_focus: z.boolean().optional().describe(
    "Holds the platform's input focus: where keys go now (Linux).",
  ),
  window_uid: z.string().describe("Stable while the window exists: prefer it over index."),
  monitor_index: z.number().int().optional().describe("The monitor it is mostly on."),
  scale_factor: z.number().optional().describe("That monitor's scale factor."),
  logical_bounds: boundsSchema.optional().describe("Bounds in logical pixels."),
  physical_bounds: boundsSchema.optional().describe("Bounds in physical pixels."),
}).describe("A top-level window.");

export const monitorSchema = z.object({
  index: z.number().int().describe("The monitor's index (primary first)."),
  primary: z.boolean().describe("Whether it is the primary monitor."),
  bounds: boundsSchema,
  scale_factor: z.number().describe("Its scale factor."),
  logical_bounds: boundsSchema.describe("Bounds in logical pixels."),
  physical_bounds: boundsSchema.describe("Bounds in physical pixels."),
}).describe("A physical monitor.");
