// Re-aiming a recorded call at the desktop as it is now (issue 16): element
// ids and window uids are only valid in the run that recorded them, so an
// element named by id is named again by the selector its receipt recorded,
// and a window named by uid or index becomes the window that has the same
// title and process now. Pure functions; the replay waits for the window.

import type { ListedWindow } from "../formats/geometry/window_order.ts";
import type { TracedWindow, TraceRow } from "../formats/trace/format.ts";

/**
 * The window now listed that plays the recorded one's part: the one already
 * matched to it, the same uid of the same process, else a window with the
 * same title and process (one not matched to another recorded window first).
 */
export function matchWindow(
  recorded: TracedWindow,
  windows: ListedWindow[],
  matched: ReadonlyMap<string, string>,
): ListedWindow | null {
  const byUid = (uid: string | undefined) => windows.find((w) => w.window_uid === uid) ?? null;
  const earlier = byUid(matched.get(recorded.window_uid));
  if (earlier) return earlier;
  const same = byUid(recorded.window_uid);
  if (same && same.process === recorded.process) return same;
  const alike = windows.filter((w) => w.title === recorded.title && w.process === recorded.process);
  const taken = new Set(matched.values());
  return alike.find((w) => !taken.has(w.window_uid)) ?? alike[0] ?? null;
}

export interface Retargeted {
  args: Record<string, unknown>;
  /** What was changed, in words (shown in the step's report). */
  notes: string[];
}

/** Whether the recorded call named its window (by uid or index: both are of that run). */
export function namesWindowByHandle(args: Record<string, unknown>): boolean {
  return typeof args.window_uid === "string" || typeof args.window_index === "number";
}

/** The recorded arguments, re-aimed at `window` (when the call named one) and by selector. */
export function retarget(row: TraceRow, window: ListedWindow | null): Retargeted {
  const args = structuredClone(row.args);
  const notes: string[] = [];
  if (window && namesWindowByHandle(args)) {
    if (args.window_uid !== window.window_uid || args.window_index !== undefined) {
      notes.push(`window '${window.title}' (${window.window_uid}) in place of the recorded one`);
    }
    delete args.window_index;
    args.window_uid = window.window_uid;
  }
  const target = row.result_summary.target as { selector?: unknown } | undefined;
  const selector = target?.selector;
  if (
    typeof args.element_id === "string" && typeof selector === "string" && selector !== "" &&
    args.selector === undefined
  ) {
    notes.push(`selector ${selector} in place of element_id ${args.element_id}`);
    delete args.element_id;
    args.selector = selector;
  }
  return { args, notes };
}
