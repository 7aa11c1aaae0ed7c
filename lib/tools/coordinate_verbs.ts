// Coordinate and keyboard verbs: click_at and its right/double aliases,
// type_text, press_key, scroll, hover_at. Each returns the legacy fields
// plus a receipt; `dry_run` never touches the adapter.

import { z } from "zod";
import { runCoordinateVerb } from "../services/act/coordinate_verb.ts";
import { parseKeysArg } from "../formats/keys/key_args.ts";
import {
  dryRun,
  mouseButton,
  movedTo,
  moveFirstArgs,
  screenX,
  screenY,
  SECRET,
  xAndYTogether,
} from "./shared/args.ts";
import { clickTools } from "./shared/click_tools.ts";
import { receiptSchema } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  pointGiven,
  screenPointFields,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { ACTS, defineTool } from "../runtime/registry.ts";
import { HOVER_MS, KEYS, verbWindowArgs } from "./shared/verb_args.ts";

const clickInput = z.object({
  ...verbWindowArgs,
  x: screenX,
  y: screenY,
  coordinate_space: coordinateSpaceArg,
  button: mouseButton,
  double: z.boolean().default(false).describe("true: a double click. Default false."),
  count: z.number().int().min(1).max(3).optional().describe(
    "How many clicks, 1 to 3 (3: a triple click, which selects a line or paragraph). " +
      "Wins over double when given.",
  ),
  dry_run: dryRun,
});

const CLICK_HINT = "Derive x, y from element bounds: x + width // 2, y + height // 2 (absolute " +
  "screen pixels, or the coordinate_space given or set with set_coordinate_space). Prefer click_element with a selector when the target has a name. Observe " +
  "again afterwards; the receipt's `changed` says whether the window's tree changed.";

export const {
  click: clickAtTool,
  right: rightClickAtTool,
  double: doubleClickAtTool,
} = clickTools({
  input: clickInput,
  output: receiptSchema({
    x: z.number().describe("The x clicked at, in coordinate_space."),
    y: z.number().describe("The y clicked at, in coordinate_space."),
    ...screenPointFields,
    ...spaceResultField,
    button: z.enum(["left", "right", "middle"]).describe("The button clicked."),
    double: z.boolean().describe("Whether it was a double click (count 2)."),
    count: z.number().int().describe("How many clicks in a row (1 to 3)."),
  }, "The click's receipt."),
  fixed: { right: { button: "right" }, double: { double: true } },
  async run(args, { session }) {
    const count = args.count ?? (args.double ? 2 : 1);
    const mapping = await callSpace(session, args.coordinate_space);
    const { screen, echo } = pointGiven(mapping, args);
    return runCoordinateVerb(session, {
      action: "click_at",
      args,
      dryRun: args.dry_run,
      point: screen,
      echo: { ...echo, ...spaceField(mapping), button: args.button, double: count === 2, count },
      act: { kind: "input", input: { kind: "click", ...screen, button: args.button, count } },
    });
  },
}, {
  click: {
    name: "click_at",
    description: `Click at a point with a button (left, right, middle), ` +
      `optionally a double click. ${CLICK_HINT}`,
  },
  right: {
    name: "right_click_at",
    description: `Right-click at a point (opens context menus). ${CLICK_HINT}`,
  },
  double: {
    name: "double_click_at",
    description: `Double-click at a point. ${CLICK_HINT}`,
  },
});

/** type_text's receipt (type_and_observe extends it). */
const typeReceiptSchema = receiptSchema({
  text: z.string().describe("The text typed, as given (a secret is redacted)."),
  typed_chars: z.number().int().optional().describe(
    "How many characters were typed (not on dry runs).",
  ),
  total_chars: z.number().int().optional().describe(
    "How many characters the text has (not on dry runs).",
  ),
}, "The typing's receipt.");

export const typeTextTool = defineTool({
  name: "type_text",
  description:
    "Type text into the element that has keyboard focus, character by character (any Unicode). " +
    "Click or focus the target field first; with a window argument that window is brought " +
    "to the front first. Typing stops when the focus moves to another window (a dialog " +
    "opened): FocusChanged, with how much was typed and where the focus went. Not for " +
    "shortcuts such as ctrl+s: use press_key.",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    text: z.string().max(100_000).describe(
      "The text to type into the focused element, any Unicode, at most 100,000 characters.",
    ),
    secret: SECRET,
    dry_run: dryRun,
  }),
  output: typeReceiptSchema,
  annotations: ACTS,
  run(args, { session }) {
    return runCoordinateVerb(session, {
      action: "type",
      args,
      dryRun: args.dry_run,
      echo: { text: args.text },
      types: true,
      act: { kind: "type", text: args.text },
    });
  },
});

export const pressKeyTool = defineTool({
  name: "press_key",
  description: "Press a key or a key combination, modifiers first joined by '+': 'enter', 'tab', " +
    "'escape', 'ctrl+s', 'ctrl+a', 'alt+f4', 'ctrl+shift+n', 'f5', 'delete', 'pagedown'.",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    keys: KEYS,
    dry_run: dryRun,
  }),
  output: receiptSchema({
    keys: z.string().describe("The key combination pressed, as given."),
  }, "The key press's receipt."),
  annotations: ACTS,
  run(args, { session }) {
    const combo = parseKeysArg(args.keys);
    return runCoordinateVerb(session, {
      action: "key",
      args,
      dryRun: args.dry_run,
      echo: { keys: args.keys },
      act: { kind: "input", input: { kind: "keys", combo } },
    });
  },
});

export const scrollTool = defineTool({
  name: "scroll",
  description:
    "Scroll the mouse wheel: positive clicks scroll up, negative down (default 3); with " +
    "horizontal, positive scrolls right. With x and y the pointer moves there first, so the " +
    "scroll reaches the element under it.",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    clicks: z.number().int().min(-1000).max(1000).default(3).describe(
      "Wheel clicks, -1000 to 1000: positive scrolls up, negative down. Default 3.",
    ),
    horizontal: z.boolean().default(false).describe(
      "true: scroll sideways, positive clicks to the right, negative to the left. Default false.",
    ),
    ...moveFirstArgs("to scroll where the pointer is"),
    coordinate_space: coordinateSpaceArg,
    dry_run: dryRun,
  }).refine(...xAndYTogether),
  output: receiptSchema({
    clicks: z.number().int().describe("Wheel clicks (positive up, or right when horizontal)."),
    horizontal: z.boolean().describe("Whether it scrolled sideways."),
    x: z.number().optional().describe(
      "Where the pointer was moved first (x, in coordinate_space), when given.",
    ),
    y: z.number().optional().describe(
      "Where the pointer was moved first (y, in coordinate_space), when given.",
    ),
    ...screenPointFields,
    ...spaceResultField,
  }, "The scroll's receipt."),
  annotations: ACTS,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const given = movedTo(args);
    const moved = given ? pointGiven(mapping, given) : null;
    return runCoordinateVerb(session, {
      action: "scroll",
      args,
      dryRun: args.dry_run,
      point: moved?.screen,
      echo: {
        clicks: args.clicks,
        horizontal: args.horizontal,
        ...moved?.echo,
        ...spaceField(mapping),
      },
      act: {
        kind: "input",
        input: {
          kind: "scroll",
          clicks: args.clicks,
          horizontal: args.horizontal,
          ...moved?.screen,
        },
      },
    });
  },
});

export const hoverAtTool = defineTool({
  name: "hover_at",
  description:
    "Move the pointer to a point (absolute screen pixels, or the coordinate_space given or " +
    "set with set_coordinate_space) and wait hover_ms (default 250) so " +
    "tooltips and hover menus can appear; observe afterwards to read them.",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    x: screenX,
    y: screenY,
    coordinate_space: coordinateSpaceArg,
    hover_ms: HOVER_MS,
    dry_run: dryRun,
  }),
  output: receiptSchema({
    x: z.number().describe("The x hovered at, in coordinate_space."),
    y: z.number().describe("The y hovered at, in coordinate_space."),
    ...screenPointFields,
    ...spaceResultField,
    hover_ms: z.number().int().describe("How long the pointer rested there, in ms."),
  }, "The hover's receipt."),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const { screen, echo } = pointGiven(mapping, args);
    return runCoordinateVerb(session, {
      action: "hover_at",
      args,
      dryRun: args.dry_run,
      point: screen,
      echo: { ...echo, ...spaceField(mapping), hover_ms: args.hover_ms },
      act: { kind: "hover", ...screen, ms: args.hover_ms },
    });
  },
});
