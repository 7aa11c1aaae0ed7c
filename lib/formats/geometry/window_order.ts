// Window ordering and resolution, as pure functions.

import type { WindowInfo } from "../../model/tree.ts";

export type ListedWindow = WindowInfo & { index: number };

/** Focused first, then by title case-insensitively; `index` is the position. */
export function sortWindows(windows: WindowInfo[]): ListedWindow[] {
  const sorted = [...windows].sort((a, b) => {
    if (a.focused !== b.focused) return a.focused ? -1 : 1;
    const ta = a.title.toLowerCase();
    const tb = b.title.toLowerCase();
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  });
  return sorted.map((w, index) => ({ index, ...w }));
}

/**
 * Whether two lists from the platform say the same, window by window and
 * field by field (a field's object value, such as bounds, compared field by field).
 */
export function sameWindows(a: readonly WindowInfo[], b: readonly WindowInfo[]): boolean {
  return a.length === b.length && a.every((window, i) => sameFields(window, b[i], 1));
}

function sameFields(a: object, b: object, depth: number): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (x === y) return true;
    return depth > 0 && typeof x === "object" && typeof y === "object" && x !== null &&
      y !== null && Object.hasOwn(b, key) && sameFields(x, y, depth - 1);
  });
}

export interface WindowArgs {
  window_uid?: string;
  window_index?: number;
  window_title?: string;
}

export interface Resolution {
  window: ListedWindow | null;
  /** What the caller asked for; "none" when no window argument was given. */
  requested: "none" | "uid" | "index" | "title";
  warning?: string;
}

export const BOTH_GIVEN_WARNING = "both window_index and window_uid given; window_uid used";

/** Whether any window argument was given (an empty title counts as none). */
export function windowNamed(args: WindowArgs): boolean {
  return args.window_uid !== undefined || args.window_index !== undefined ||
    Boolean(args.window_title);
}

export function resolveWindow(windows: ListedWindow[], args: WindowArgs): Resolution {
  const warning = args.window_uid && args.window_index !== undefined
    ? { warning: BOTH_GIVEN_WARNING }
    : {};
  if (args.window_uid) {
    return {
      window: windows.find((w) => w.window_uid === args.window_uid) ?? null,
      requested: "uid",
      ...warning,
    };
  }
  if (args.window_index !== undefined) {
    const i = args.window_index;
    return { window: i >= 0 && i < windows.length ? windows[i] : null, requested: "index" };
  }
  if (args.window_title !== undefined && args.window_title !== "") {
    const needle = args.window_title.toLowerCase();
    return {
      window: windows.find((w) => w.title.toLowerCase().includes(needle)) ?? null,
      requested: "title",
    };
  }
  return { window: null, requested: "none" };
}

export function focusedWindow(windows: ListedWindow[]): ListedWindow | null {
  return windows.find((w) => w.focused) ?? windows[0] ?? null;
}

/** The window keys go to: the X input focus where known (it leads the manager's active window). */
export function windowWithKeys<W extends WindowInfo>(windows: W[]): W | null {
  return windows.find((w) => w.keyboard_focus ?? w.focused) ?? null;
}
