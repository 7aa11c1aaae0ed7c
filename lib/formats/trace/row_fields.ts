// What a trace row keeps of a call: a summary of the result, the arguments
// with configured keys hidden and a size cap, and which rows carry
// screenshots. Pure functions.

import { SCREENSHOT_DIR, TRUNCATED_KEY } from "./format.ts";

/** Result keys a row's `result_summary` keeps, when present. */
const SUMMARY_KEYS = [
  "ok",
  "step_id",
  "action",
  "changed",
  "matched_index",
  "effective_mode",
  "tree_hash",
  "all_passed",
  "node_count",
  "duration_ms",
  "ambiguous_matches",
  "count",
  "format",
  "width",
  "height",
  // Where pointer input went on the screen, and the space its arguments were in (issue 45).
  "screen_x",
  "screen_y",
  "coordinate_space",
] as const;

export const REDACTED_ARG = "<redacted>";

export function summarizeResult(result: Record<string, unknown>): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const key of SUMMARY_KEYS) if (key in result) summary[key] = result[key];
  const target = result.target;
  if (typeof target === "object" && target !== null) {
    const t = target as Record<string, unknown>;
    summary.target = {
      selector: t.selector ?? null,
      window_uid: t.window_uid ?? null,
      // Where the action landed: the report marks it on the step's screenshot,
      // so in screen pixels (a receipt in another coordinate space keeps them apart).
      ...(isBounds(t.screen_bounds)
        ? { bounds: t.screen_bounds }
        : isBounds(t.bounds)
        ? { bounds: t.bounds }
        : {}),
    };
  }
  if (Array.isArray(result.new_dialogs)) {
    summary.new_dialogs = result.new_dialogs.map((d) =>
      typeof d === "object" && d !== null ? (d as { title?: unknown }).title ?? null : null
    );
  }
  const error = result.error;
  if (typeof error === "string") summary.error = { code: "Internal" };
  else if (typeof error === "object" && error !== null) {
    summary.error = { code: (error as { code?: unknown }).code ?? "Internal" };
  }
  return summary;
}

/**
 * The arguments as recorded: internal `_x` keys dropped, `redactKeys` values
 * replaced, and the whole object replaced by a marked preview when its JSON
 * is longer than `maxBytes` (UTF-8).
 */
export function recordedArgs(
  args: Record<string, unknown>,
  redactKeys: readonly string[],
  maxBytes: number,
): Record<string, unknown> {
  const hidden = new Set(redactKeys);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key.startsWith("_") || value === undefined) continue;
    kept[key] = hidden.has(key) ? REDACTED_ARG : value;
  }
  const json = JSON.stringify(kept);
  if (new TextEncoder().encode(json).length <= maxBytes) return kept;
  return { [TRUNCATED_KEY]: true, preview: json.slice(0, Math.floor(maxBytes / 2)) };
}

/** Rows 1, n, 2n, ... carry screenshots; n = 0 means none. */
export function wantsScreenshots(seq: number, everyN: number): boolean {
  return everyN > 0 && (seq === 1 || seq % everyN === 0);
}

/** ISO-8601 UTC with microseconds and an explicit offset: 2026-11-24T10:00:00.123000+00:00. */
export function traceTimestamp(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, ".$1000+00:00");
}

/** `screenshots/step-00012-full.png` */
export function screenshotRef(seq: number, kind: "full" | "window"): string {
  return `${SCREENSHOT_DIR}/step-${String(seq).padStart(5, "0")}-${kind}.png`;
}

function isBounds(
  value: unknown,
): value is { x: number; y: number; width: number; height: number } {
  if (typeof value !== "object" || value === null) return false;
  const b = value as Record<string, unknown>;
  return ["x", "y", "width", "height"].every((k) => typeof b[k] === "number");
}
