// Argument schemas shared by many tools. Every field carries a description:
// it is what a model reads in the MCP inputSchema.

import { z } from "zod";

/**
 * A coordinate in the call's coordinate space (lib/tools/shared/coordinate_args.ts):
 * whole screen pixels, negative left of / above the primary monitor, or a
 * scaled or normalized value, which may have decimals (checked when mapped).
 */
export const coordinate = z.number().min(-100_000).max(100_000);

export const screenX = coordinate.describe(
  "Horizontal position in the call's coordinate_space: by default absolute screen pixels, the " +
    "same space as element and window bounds (negative left of the primary monitor).",
);

export const screenY = coordinate.describe(
  "Vertical position in the call's coordinate_space: by default absolute screen pixels, the " +
    "same space as element and window bounds (negative above the primary monitor).",
);

/**
 * x and y of a pointer move made first, both or neither (check with
 * `xAndYTogether`); `otherwise` says what happens without them.
 */
export function moveFirstArgs(otherwise: string) {
  const describe = (axis: string) =>
    `Move the pointer to this ${axis} first (in the call's coordinate_space; by default ` +
    `absolute screen pixels); give x and y together, ` +
    `or neither ${otherwise}.`;
  return {
    x: screenX.optional().describe(describe("x")),
    y: screenY.optional().describe(describe("y")),
  };
}

/** The refinement that goes with moveFirstArgs. */
export const xAndYTogether = [
  (a: { x?: number; y?: number }) => (a.x === undefined) === (a.y === undefined),
  { message: "x and y go together" },
] as const;

/** The point moveFirstArgs gave, if any. */
export function movedTo(a: { x?: number; y?: number }): { x: number; y: number } | null {
  return a.x === undefined || a.y === undefined ? null : { x: a.x, y: a.y };
}

const GONE_UID = "a uid of a window that no longer exists is a WindowGone error.";

/**
 * window_uid, window_index and window_title: `use` says what the window is for,
 * `fallback` what happens when no window argument is given or none matches,
 * `goneUid` what a window_uid of a closed window does.
 */
export function windowArgsFor(use: string, fallback: string, goneUid = GONE_UID) {
  return {
    window_uid: z.string().optional().describe(
      `${use}: its window_uid from list_windows (stable while the window exists; preferred). ` +
        `Wins over window_index and window_title; ${goneUid} ${fallback}`,
    ),
    window_index: z.number().int().optional().describe(
      `${use}: its 0-based index in list_windows (focused window first, then by title), ` +
        `used when window_uid is absent. ${fallback}`,
    ),
    window_title: z.string().optional().describe(
      `${use}: a case-insensitive substring of its title (first match in list_windows ` +
        `order), used when window_uid and window_index are absent. ${fallback}`,
    ),
  };
}

export const windowArgs = windowArgsFor(
  "The window",
  "Without a window argument, or when index or title finds none, the focused window is used.",
);

export const mouseButton = z.enum(["left", "right", "middle"]).default("left").describe(
  "Mouse button: left (default), right or middle.",
);

export const autoActivate = z.boolean().optional().describe(
  "When the window named by window_uid / window_index / window_title is not in front (or, " +
    "for element verbs, another window covers the element): true brings it to the front " +
    "first and the receipt's steps say so; false refuses (ElementOccluded, or " +
    "WindowOccluded for input at coordinates or the keyboard). Default from config " +
    "actions.auto_activate (true).",
);

export const dryRun = z.boolean().default(false).describe(
  "true: resolve the target and return the receipt (changed: false) without sending any " +
    "input. Default false.",
);

/** Every input tool takes it: the confirmation gate (lib/services/safety/confirm_gate.ts) reads it. */
export const CONFIRM_TOKEN = z.string().max(64).optional().describe(
  "The token propose_action returned for exactly this call: needed when the action matches " +
    "a confirmation rule (ConfirmationRequired otherwise); single use.",
);

export const SECRET = z.boolean().default(false).describe(
  "true: the text is a secret (a password, a key): it never appears in any result, log, " +
    "audit record or later observation. Text typed into a password field is always secret.",
);

/**
 * A field published with `schema` as its JSON Schema but checked by the tool
 * itself, for an error message more useful than zod's: every value passes
 * through unchanged, so its parsed type is `unknown`.
 */
export function checkedByTool(schema: z.ZodType): z.ZodType<unknown> {
  // The catch value gets no context when zod computes a JSON Schema `default`
  // from it: then it is undefined, which lib/interfaces/mcp/schemas.ts drops.
  const passThrough = (ctx?: { input: unknown }) => ctx?.input;
  return schema.catch(passThrough as () => never) as unknown as z.ZodType<unknown>;
}
