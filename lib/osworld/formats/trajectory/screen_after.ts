// Which screenshot is an exported step's observation. OSWorld saves, for
// step n, the screen after action n; viewers show it beside the action and
// OS-Harm's judge captions the last step's one as the final screen. A trace
// takes screenshots only on some rows, so a step gets the first full
// screenshot taken from its own row up to the next action: it shows the
// screen after this action and before any other. An earlier screenshot is
// never stood in: it would show the screen before the action as its result
// (a judge would see an action without effect). Without one, the step has none.

import type { TraceRow } from "../../../formats/trace/format.ts";

/** Calls that replace the desktop: a screenshot after one no longer shows the step's result. */
const REPLACES_DESKTOP: ReadonlySet<string> = new Set(["load_scenario"]);

export interface ScreenAfter {
  ref: string;
  /** The row the screenshot was taken on. */
  traceSeq: number;
}

/**
 * The screen after the action of `rows[index]`, or null. `readable` says
 * whether a screenshot file could be read (a missing file is no screenshot).
 */
export function screenAfter(
  rows: readonly TraceRow[],
  index: number,
  isAction: (tool: string) => boolean,
  readable: (ref: string) => boolean,
): ScreenAfter | null {
  for (let i = index; i < rows.length; i++) {
    const row = rows[i];
    if (i > index && (isAction(row.tool) || REPLACES_DESKTOP.has(row.tool))) return null;
    const ref = row.screenshot_full_ref;
    if (ref !== undefined && readable(ref)) return { ref, traceSeq: row.trace_seq };
  }
  return null;
}
