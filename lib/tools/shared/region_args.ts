// The `bbox` argument of get_screenshot_cropped: a window-relative box as
// {x, y, width, height} or, as a query string carries it, the text
// "x,y,width,height". Checked here rather than by the tool's schema so every
// bad box is a BadRequest naming the offending field, whichever form it came in.

import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import type { Bounds } from "../../model/tree.ts";
import { checkedByTool } from "./args.ts";

/** The largest offset or size of a box: far past any screen, far below nonsense such as 1e12. */
export const BOX_LIMIT = 100_000;

const offset = (axis: string, edge: string) =>
  z.number().int().min(-BOX_LIMIT).max(BOX_LIMIT).describe(
    `${axis} of the box's ${edge} edge in pixels from the window's ${edge} edge ` +
      `(an integer, -${BOX_LIMIT} to ${BOX_LIMIT}; negative is left of / above the window).`,
  );

const extent = (name: string) =>
  z.number().int().min(1).max(BOX_LIMIT).describe(
    `The box's ${name} in pixels (an integer, 1 to ${BOX_LIMIT}).`,
  );

const boxObject = z.strictObject({
  x: offset("Horizontal position", "left"),
  y: offset("Vertical position", "top"),
  width: extent("width"),
  height: extent("height"),
});

const BOX_TEXT = /^\s*([^,]*),([^,]*),([^,]*),([^,]*)$/;
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const FIELDS = ["x", "y", "width", "height"] as const;

/** The published schema of `bbox`; the tool reads the value with `parseBox`. */
export const bboxArg = checkedByTool(
  z.union([
    boxObject.describe("The box as an object."),
    z.string().max(200).describe(
      'The box as the text "x,y,width,height", e.g. "10,20,300,40" (how a query string ' +
        "carries it).",
    ),
  ]),
).optional().describe(
  "The region to cut, in pixels relative to the window's top-left corner: {x, y, width, " +
    'height} or the text "x,y,width,height". Integers; width and height at least 1. A box ' +
    "partly outside the window is cut to it (the result says so); one wholly outside is a " +
    "BadRequest. Wins over element_id.",
);

/** A BadRequest naming the field; the value is echoed when it is a finite number or short text. */
function badBox(field: string, message: string, value: unknown): ToolError {
  const echo = Number.isFinite(value) || (typeof value === "string" && value.length <= 100);
  return new ToolError("BadRequest", `${field}: ${message}`, echo ? { field, value } : { field });
}

/** "x,y,width,height" as numbers; the text's parts must each be a decimal number. */
function fromText(text: string): Record<string, number> {
  const parts = BOX_TEXT.exec(text);
  if (!parts) {
    throw badBox("bbox", 'must be four numbers "x,y,width,height"', text);
  }
  const out: Record<string, number> = {};
  FIELDS.forEach((name, i) => {
    const part = parts[i + 1];
    if (!DECIMAL.test(part)) throw badBox(`bbox.${name}`, "must be a number", part.trim());
    out[name] = Number(part);
  });
  return out;
}

/**
 * The box `value` names, or a BadRequest whose context names the field at
 * fault (`bbox`, `bbox.width`...). Undefined stays undefined (no box given).
 */
export function parseBox(value: unknown): Bounds | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = typeof value === "string" ? fromText(value) : value;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw badBox(
      "bbox",
      'must be an object {x, y, width, height} or the text "x,y,width,height"',
      value,
    );
  }
  const parsed = boxObject.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  // A misspelt field (w for width) says so, rather than that width is missing.
  const unknown = issues.find((i) => i.code === "unrecognized_keys");
  if (unknown) throw badBox("bbox", `unknown field ${unknown.keys.join(", ")}`, value);
  const issue = issues[0];
  const at = issue.path[0];
  if (typeof at !== "string") throw badBox("bbox", issue.message, value);
  throw badBox(`bbox.${at}`, issue.message, (raw as Record<string, unknown>)[at]);
}
