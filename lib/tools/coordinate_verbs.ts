// Coordinate and keyboard verbs (spec/actions.md §5): click_at and its
// right/double aliases, type_text, press_key, scroll, hover_at. Each returns
// the legacy fields plus a receipt; `dry_run` never touches the adapter
// (conflicts.md B5).

import { z } from "zod";
import { runCoordinateVerb } from "../act/coordinate_verb.ts";
import { parseKeysArg } from "../act/key_args.ts";
import { coordinate, mouseButton, windowArgs } from "./args.ts";
import { ACTS, defineTool, type Tool } from "./registry.ts";

const clickInput = z.object({
  ...windowArgs,
  x: coordinate,
  y: coordinate,
  button: mouseButton,
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
      const args = adjust(raw);
      return runCoordinateVerb(session, {
        action: "click_at",
        args,
        dryRun: args.dry_run,
        echo: { x: args.x, y: args.y, button: args.button, double: args.double },
        execute: (window) =>
          session.adapter.input({
            kind: "click",
            x: args.x,
            y: args.y,
            button: args.button,
            count: args.double ? 2 : 1,
          }, window?.handle ?? null),
      });
    },
  });
}

const CLICK_HINT = "Derive x, y from element bounds: x + width // 2, y + height // 2 (absolute " +
  "screen pixels). Prefer click_element with a selector when the target has a name. Observe " +
  "again afterwards; the receipt's `changed` says whether the window's tree changed.";

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
    ...windowArgs,
    text: z.string().max(100_000),
    dry_run: z.boolean().default(false),
  }),
  annotations: ACTS,
  run(args, { session }) {
    return runCoordinateVerb(session, {
      action: "type",
      args,
      dryRun: args.dry_run,
      echo: { text: args.text },
      execute: (window) =>
        session.adapter.input({ kind: "text", text: args.text }, window?.handle ?? null),
    });
  },
});

export const pressKeyTool = defineTool({
  name: "press_key",
  description: "Press a key or a key combination, modifiers first joined by '+': 'enter', 'tab', " +
    "'escape', 'ctrl+s', 'ctrl+a', 'alt+f4', 'ctrl+shift+n', 'f5', 'delete', 'pagedown'.",
  kind: "input",
  input: z.object({
    ...windowArgs,
    keys: z.string().min(1).max(200),
    dry_run: z.boolean().default(false),
  }),
  annotations: ACTS,
  run(args, { session }) {
    const combo = parseKeysArg(args.keys);
    return runCoordinateVerb(session, {
      action: "key",
      args,
      dryRun: args.dry_run,
      echo: { keys: args.keys },
      execute: (window) => session.adapter.input({ kind: "keys", combo }, window?.handle ?? null),
    });
  },
});

export const scrollTool = defineTool({
  name: "scroll",
  description:
    "Scroll the mouse wheel: positive clicks scroll up, negative down (default 3). With x and " +
    "y the pointer moves there first, so the scroll reaches the element under it.",
  kind: "input",
  input: z.object({
    ...windowArgs,
    clicks: z.number().int().min(-1000).max(1000).default(3),
    x: coordinate.optional(),
    y: coordinate.optional(),
    dry_run: z.boolean().default(false),
  }).refine((a) => (a.x === undefined) === (a.y === undefined), {
    message: "x and y go together",
  }),
  annotations: ACTS,
  run(args, { session }) {
    const point = args.x === undefined ? {} : { x: args.x, y: args.y };
    return runCoordinateVerb(session, {
      action: "scroll",
      args,
      dryRun: args.dry_run,
      echo: { clicks: args.clicks, ...point },
      execute: (window) =>
        session.adapter.input(
          { kind: "scroll", clicks: args.clicks, ...point },
          window?.handle ?? null,
        ),
    });
  },
});

export const HOVER_MS = z.number().int().min(0).max(10_000).default(250);

export const hoverAtTool = defineTool({
  name: "hover_at",
  description:
    "Move the pointer to an absolute screen coordinate and wait hover_ms (default 250) so " +
    "tooltips and hover menus can appear; observe afterwards to read them.",
  kind: "input",
  input: z.object({
    ...windowArgs,
    x: coordinate,
    y: coordinate,
    hover_ms: HOVER_MS,
    dry_run: z.boolean().default(false),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  run(args, { session }) {
    return runCoordinateVerb(session, {
      action: "hover_at",
      args,
      dryRun: args.dry_run,
      echo: { x: args.x, y: args.y, hover_ms: args.hover_ms },
      execute: async (window) => {
        const moved = await session.adapter.input(
          { kind: "move", x: args.x, y: args.y },
          window?.handle ?? null,
        );
        if (moved.ok) await new Promise((r) => setTimeout(r, args.hover_ms));
        return moved;
      },
    });
  },
});
