// Element-targeted verbs (spec/actions.md §4). Each supplies only its
// executor; the procedure and the receipt come from lib/act/element_verb.ts.
// Platform element operations are tried first where they exist; `method`
// chooses: auto (operation, else coordinates), pattern (operation only,
// PatternUnsupported otherwise) or coordinates.

import { z } from "zod";
import type { ActionOutcome, ElementOperation, MouseButton } from "../../adapters/types.ts";
import { type ExecTarget, runElementVerb } from "../act/element_verb.ts";
import { ToolError } from "../core/errors.ts";
import { parseKeysArg } from "../act/key_args.ts";
import { captureWindow } from "../observe/capture.ts";
import { type Element, walk } from "../core/tree.ts";
import { mouseButton, windowArgs } from "./args.ts";
import { HOVER_MS } from "./coordinate_verbs.ts";
import { ACTS, defineTool, type Tool } from "./registry.ts";

const targetArgs = {
  ...windowArgs,
  selector: z.string().max(2000).optional(),
  element_id: z.string().max(500).optional(),
  tree_token: z.string().optional(),
  dry_run: z.boolean().default(false),
  confirm_token: z.string().optional(),
};

const method = z.enum(["auto", "pattern", "coordinates"]).default("auto");

const TARGET_HINT = 'Target by `selector` (e.g. Button[name="OK"], survives re-layout) or by ' +
  "`element_id` from a recent capture (refused if it now names another element). Returns an " +
  "ActionReceipt: target, before/after tree_hash and focused_selector, changed, new_dialogs.";

function click(t: ExecTarget, button: MouseButton = "left", count = 1): Promise<ActionOutcome> {
  return t.session.adapter.input(
    { kind: "click", ...t.point, button, count, elementId: t.element.id },
    t.window.handle,
  );
}

function keys(t: ExecTarget, combo: string[]): Promise<ActionOutcome> {
  return t.session.adapter.input({ kind: "keys", combo }, t.window.handle);
}

/** Runs steps in order, stopping at the first failure. */
async function sequence(...steps: Array<() => Promise<ActionOutcome>>): Promise<ActionOutcome> {
  let last: ActionOutcome = { ok: true };
  for (const step of steps) {
    last = await step();
    if (!last.ok) return last;
  }
  return last;
}

/** The platform operation, else the coordinate fallback, as `method` says. */
async function withOperation(
  t: ExecTarget,
  how: "auto" | "pattern" | "coordinates",
  op: ElementOperation,
  fallback: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> {
  if (how === "coordinates") return fallback();
  const outcome = await t.session.adapter.elementOperation(
    { handle: t.window.handle, elementId: t.element.id },
    op,
  );
  if (outcome.ok || !outcome.unsupported) return outcome;
  if (how === "pattern") {
    throw new ToolError(
      "PatternUnsupported",
      `${t.element.role} '${t.element.name}' has no ${op.kind} operation on this platform`,
      { element_id: t.element.id, operation: op.kind },
    );
  }
  return fallback();
}

const clickInput = z.object({
  ...targetArgs,
  button: mouseButton,
  count: z.number().int().min(1).max(3).default(1),
});

function clickVariant(
  name: string,
  description: string,
  fixed: Partial<z.output<typeof clickInput>>,
): Tool {
  return defineTool({
    name,
    description,
    kind: "input",
    input: clickInput,
    annotations: ACTS,
    run(raw, { session }) {
      const args = { ...raw, ...fixed };
      return runElementVerb(
        session,
        "click_element",
        args,
        (t) => click(t, args.button, args.count),
      );
    },
  });
}

export const clickElementTool = clickVariant(
  "click_element",
  `Click an element at its centre (button left/right/middle; count 2 = double click). ${TARGET_HINT}`,
  {},
);

export const rightClickElementTool = clickVariant(
  "right_click_element",
  `Right-click an element (context menus). ${TARGET_HINT}`,
  { button: "right" },
);

export const doubleClickElementTool = clickVariant(
  "double_click_element",
  `Double-click an element (open files, select words). ${TARGET_HINT}`,
  { count: 2 },
);

/** A verb that is one element operation, with a click as its coordinate fallback. */
function operationTool(
  name: string,
  description: string,
  operation: ElementOperation,
): Tool {
  return defineTool({
    name,
    description,
    kind: "input",
    input: z.object({ ...targetArgs, method }),
    annotations: ACTS,
    run(args, { session }) {
      return runElementVerb(
        session,
        name,
        args,
        (t) => withOperation(t, args.method, operation, () => click(t)),
      );
    },
  });
}

export const focusElementTool = operationTool(
  "focus_element",
  `Give an element keyboard focus (the platform's focus operation, else a click). ${TARGET_HINT}`,
  { kind: "focus" },
);

export const invokeElementTool = operationTool(
  "invoke_element",
  `Invoke an element's default action (press a button, toggle a check box) through the ` +
    `platform, else by a click. ${TARGET_HINT}`,
  { kind: "default_action" },
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
    value: z.unknown().refine((v) => v !== undefined, "value is required"),
    clear_first: z.boolean().default(true),
    method,
  }),
  annotations: ACTS,
  run(args, { session }) {
    const text = valueText(args.value);
    const typed = (t: ExecTarget) =>
      sequence(
        () => click(t),
        ...(args.clear_first ? [() => keys(t, ["ctrl", "a"]), () => keys(t, ["delete"])] : []),
        () => t.session.adapter.input({ kind: "text", text }, t.window.handle),
      );
    return runElementVerb(session, "set_value", args, (t) =>
      // Appending has no platform operation: only the keyboard can do it.
      args.clear_first
        ? withOperation(t, args.method, { kind: "set_value", value: text }, () => typed(t))
        : typed(t));
  },
});

function firstNamed(root: Element, name: string): Element | null {
  let found: Element | null = null;
  walk(root, (n) => {
    if (found === null && n.name === name) found = n;
  });
  return found;
}

export const selectOptionTool = defineTool({
  name: "select_option",
  description:
    `Choose an option of a combo box or list by option_name (exact) or option_index (child position). ${TARGET_HINT}`,
  kind: "input",
  input: z.object({
    ...targetArgs,
    option_name: z.string().optional(),
    option_index: z.number().int().min(0).optional(),
    method,
  }).refine((a) => a.option_name !== undefined || a.option_index !== undefined, {
    message: "option_name or option_index is required",
  }),
  annotations: ACTS,
  run(args, { session }) {
    return runElementVerb(session, "select_option", args, (t) =>
      withOperation(
        t,
        args.method,
        { kind: "select", optionName: args.option_name, optionIndex: args.option_index },
        async () => {
          // Children as captured before the click (conflicts.md: option_index).
          const byIndex = args.option_index !== undefined
            ? t.element.children[args.option_index] ?? null
            : null;
          const opened = await click(t);
          if (!opened.ok) return opened;
          const after = await captureWindow(t.session, t.window, "bypass");
          const option = args.option_name !== undefined
            ? firstNamed(after.tree, args.option_name)
            : byIndex;
          if (!option) return { ok: false, error: "option not found after opening selector" };
          return t.session.adapter.input({
            kind: "click",
            x: option.bounds.x + Math.floor(option.bounds.width / 2),
            y: option.bounds.y + Math.floor(option.bounds.height / 2),
            button: "left",
            count: 1,
            elementId: option.id,
          }, t.window.handle);
        },
      ));
  },
});

export const hoverElementTool = defineTool({
  name: "hover_element",
  description:
    `Move the pointer over an element and wait hover_ms (default 250) for tooltips. ${TARGET_HINT}`,
  kind: "input",
  input: z.object({ ...targetArgs, hover_ms: HOVER_MS }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  run(args, { session }) {
    return runElementVerb(session, "hover_element", args, async (t) => {
      const moved = await t.session.adapter.input({ kind: "move", ...t.point }, t.window.handle);
      if (moved.ok) await new Promise((r) => setTimeout(r, args.hover_ms));
      return moved;
    });
  },
});

export const keyIntoElementTool = defineTool({
  name: "key_into_element",
  description:
    `Click an element, then press a key combination in it (e.g. 'ctrl+a', 'enter'). ${TARGET_HINT}`,
  kind: "input",
  input: z.object({ ...targetArgs, keys: z.string().min(1).max(200) }),
  annotations: ACTS,
  run(args, { session }) {
    const combo = parseKeysArg(args.keys);
    return runElementVerb(
      session,
      "key_into_element",
      args,
      (t) => sequence(() => click(t), () => keys(t, combo)),
    );
  },
});

export const clearTextTool = defineTool({
  name: "clear_text",
  description: `Empty a text field: click it, select all, delete. ${TARGET_HINT}`,
  kind: "input",
  input: z.object(targetArgs),
  annotations: ACTS,
  run(args, { session }) {
    return runElementVerb(
      session,
      "clear_text",
      args,
      (t) => sequence(() => click(t), () => keys(t, ["ctrl", "a"]), () => keys(t, ["delete"])),
    );
  },
});
