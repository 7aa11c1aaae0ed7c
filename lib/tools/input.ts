// Coordinate and keyboard verbs (spec/actions.md §5): click_at and its
// right/double aliases, type_text, press_key, scroll. `dry_run` never touches
// the adapter (conflicts.md B5).

import { z } from "zod";
import { performInput, withNewDialogs } from "../act.ts";
import { ToolError } from "../errors.ts";
import { KeyComboError, parseKeyCombo } from "../keys.ts";
import { coordinate } from "./args.ts";
import { ACTS, defineTool, type Tool, type ToolResult } from "./registry.ts";

const clickInput = z.object({
  x: coordinate,
  y: coordinate,
  button: z.enum(["left", "right", "middle"]).default("left"),
  double: z.boolean().default(false),
  dry_run: z.boolean().default(false),
});

type ClickArgs = z.output<typeof clickInput>;

function clickTool(
  name: string,
  description: string,
  adjust: (args: ClickArgs) => ClickArgs,
): Tool {
  return defineTool({
    name,
    description,
    kind: "input",
    input: clickInput,
    annotations: ACTS,
    run(raw, { session }) {
      const { dry_run, ...args } = adjust(raw);
      if (dry_run) return Promise.resolve(dryRun("click_at", args));
      return withNewDialogs(session, () =>
        performInput(session, "click_at", {
          kind: "click",
          x: args.x,
          y: args.y,
          button: args.button,
          count: args.double ? 2 : 1,
        }, args));
    },
  });
}

function dryRun(action: string, args: Record<string, unknown>): ToolResult {
  return { ok: true, success: true, dry_run: true, action, ...args };
}

const CLICK_HINT = "Derive x, y from element bounds: x + width // 2, y + height // 2 (absolute " +
  "screen pixels). Observe again afterwards to confirm the effect.";

export const clickAtTool = clickTool(
  "click_at",
  `Click at an absolute screen coordinate with a button (left, right, middle), optionally a ` +
    `double click. ${CLICK_HINT}`,
  (a) => a,
);

export const rightClickAtTool = clickTool(
  "right_click_at",
  `Right-click at an absolute screen coordinate (opens context menus). ${CLICK_HINT}`,
  (a) => ({ ...a, button: "right" }),
);

export const doubleClickAtTool = clickTool(
  "double_click_at",
  `Double-click at an absolute screen coordinate. ${CLICK_HINT}`,
  (a) => ({ ...a, double: true }),
);

export const typeTextTool = defineTool({
  name: "type_text",
  description:
    "Type text into the element that has keyboard focus, character by character (any Unicode). " +
    "Click or focus the target field first. Not for shortcuts such as ctrl+s: use press_key.",
  kind: "input",
  input: z.object({
    text: z.string().max(100_000),
    dry_run: z.boolean().default(false),
  }),
  annotations: ACTS,
  run({ text, dry_run }, { session }) {
    if (dry_run) return Promise.resolve(dryRun("type", { text }));
    return performInput(session, "type", { kind: "text", text }, { text });
  },
});

export const pressKeyTool = defineTool({
  name: "press_key",
  description: "Press a key or a key combination, modifiers first joined by '+': 'enter', 'tab', " +
    "'escape', 'ctrl+s', 'ctrl+a', 'alt+f4', 'ctrl+shift+n', 'f5', 'delete'.",
  kind: "input",
  input: z.object({
    keys: z.string().min(1).max(200),
    dry_run: z.boolean().default(false),
  }),
  annotations: ACTS,
  run({ keys, dry_run }, { session }) {
    let combo: string[];
    try {
      combo = parseKeyCombo(keys);
    } catch (e) {
      if (e instanceof KeyComboError) throw new ToolError("BadRequest", e.message, { keys });
      throw e;
    }
    if (dry_run) return Promise.resolve(dryRun("key", { keys }));
    return performInput(session, "key", { kind: "keys", combo }, { keys });
  },
});

export const scrollTool = defineTool({
  name: "scroll",
  description:
    "Scroll the mouse wheel: positive clicks scroll up, negative down (default 3). With x and " +
    "y the pointer moves there first, so the scroll reaches the element under it.",
  kind: "input",
  input: z.object({
    clicks: z.number().int().min(-1000).max(1000).default(3),
    x: coordinate.optional(),
    y: coordinate.optional(),
    dry_run: z.boolean().default(false),
  }).refine((a) => (a.x === undefined) === (a.y === undefined), {
    message: "x and y go together",
  }),
  annotations: ACTS,
  run({ dry_run, ...args }, { session }) {
    if (dry_run) return Promise.resolve(dryRun("scroll", args));
    return performInput(session, "scroll", { kind: "scroll", ...args }, args);
  },
});
