// Verify mode's comparison (widened by issue 16): per tool, the result
// fields that must match the recording, plus what every step's recording
// holds about the desktop afterwards — the focused window's tree hash, the
// dialogs that opened, the scenario's state and oracles. Pure functions.

import type { TraceRow } from "../formats/trace/format.ts";

const ACTED = ["ok", "error.code", "target.selector", "changed"];
const INPUT = ["ok", "error.code"];

export const COMPARE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  list_windows: ["count"],
  get_window_structure: ["node_count", "tree_hash"],
  find_element: ["ok", "error.code", "ambiguous_matches>0"],
  click_element: ACTED,
  focus_element: ACTED,
  invoke_element: ACTED,
  set_value: ACTED,
  select_option: ACTED,
  right_click_element: ACTED,
  double_click_element: ACTED,
  hover_element: ACTED,
  key_into_element: ACTED,
  clear_text: ACTED,
  click_at: INPUT,
  right_click_at: INPUT,
  double_click_at: INPUT,
  hover_at: INPUT,
  drag: INPUT,
  type_text: INPUT,
  press_key: INPUT,
  scroll: INPUT,
  get_screen_description: ["ok", "effective_mode"],
  get_screenshot: ["ok", "width", "height"],
  wait_for: ["ok", "matched_index"],
  assert_state: ["ok", "all_passed"],
  observe_window: ["ok", "format"],
  click_element_and_observe: ["ok", "target.selector", "changed"],
};

/** Execute mode only asks whether the call still succeeds the way it did. */
export const OUTCOME_FIELDS: readonly string[] = ["ok", "error.code"];

export interface Difference {
  path: string;
  want: unknown;
  got: unknown;
}

/** What a replayed step left behind, beside its result (verify mode). */
export interface Observed {
  summary: Record<string, unknown>;
  treeHashAfter: string;
  scenario: TraceRow["scenario"];
}

function resolvePath(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A field's value; `name>0` is whether it is a number above zero. */
function fieldValue(summary: Record<string, unknown>, field: string): unknown {
  if (!field.endsWith(">0")) return resolvePath(summary, field);
  const value = resolvePath(summary, field.slice(0, -2));
  if (value === undefined || value === null) return value;
  return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) > 0 : false;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function compareField(
  out: Difference[],
  path: string,
  want: unknown,
  got: unknown,
): void {
  if ((want === undefined || want === null) && (got === undefined || got === null)) return;
  if (!same(want ?? null, got ?? null)) out.push({ path, want: want ?? null, got: got ?? null });
}

export function compareOutcome(row: TraceRow, summary: Record<string, unknown>): Difference[] {
  const out: Difference[] = [];
  for (const field of OUTCOME_FIELDS) {
    compareField(out, field, fieldValue(row.result_summary, field), fieldValue(summary, field));
  }
  return out;
}

export function compareStep(row: TraceRow, observed: Observed): Difference[] {
  const out: Difference[] = [];
  for (const field of COMPARE_FIELDS[row.tool] ?? ["ok"]) {
    compareField(
      out,
      field,
      fieldValue(row.result_summary, field),
      fieldValue(observed.summary, field),
    );
  }
  // Dialogs that opened: only where the recording has the receipt's list.
  if (Array.isArray(row.result_summary.new_dialogs)) {
    compareField(out, "new_dialogs", row.result_summary.new_dialogs, observed.summary.new_dialogs);
  }
  if (row.tree_hash_after !== "") {
    compareField(out, "tree_hash_after", row.tree_hash_after, observed.treeHashAfter);
  }
  if (row.scenario) {
    const now = observed.scenario;
    compareField(out, "scenario.state", row.scenario.state, now?.state);
    compareField(out, "scenario.success", row.scenario.success, now?.success);
    compareField(out, "scenario.failure", row.scenario.failure, now?.failure);
  }
  return out;
}
