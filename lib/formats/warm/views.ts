// The views' code compiled before the service answers: V8 compiles a function
// on its first call, and the first compact view or description of a process
// held the HTTP thread for tens of milliseconds doing so (the REST fuzz's
// health probe saw it). One small window shown each way at start-up costs
// those milliseconds there. The sketch worker draws the same window.

import { assignIds, type Element, element as node } from "../../model/tree.ts";
import { compactLinesOf } from "../compact/view.ts";
import { compactDiff } from "../compact/diff.ts";
import { lineWithIndent } from "../compact/lines.ts";
import { linesWithin } from "../compact/budget.ts";
import { describeTree } from "../describe/prose.ts";
import { refsOf } from "../views/refs.ts";

export const SAMPLE_AREA = { x: 0, y: 0, width: 400, height: 200 };

/** A dialog with the roles the views treat differently; `value` is its text field's. */
export function sampleWindow(value: string): Element {
  return assignIds(node("Dialog", "Print", [0, 0, 400, 200], {}, [
    node("Pane", "", [0, 0, 400, 200], {}, [
      node("Edit", "Copies", [10, 20, 200, 20], { value, focused: true }),
      node("CheckBox", "Collate", [10, 60, 150, 20], { selected: true }),
      node("ComboBox", "Paper", [200, 60, 150, 20], { value: "A4" }),
      node("ToolBar", "Main", [10, 100, 380, 20], {}, [
        node("Button", "New", [10, 100, 20, 20]),
        node("Button", "Open", [30, 100, 20, 20]),
      ]),
      node("Text", "Ready", [10, 130, 100, 20]),
      node("Button", "Cancel", [200, 160, 90, 25]),
      node("Button", "Print", [300, 160, 90, 25]),
    ]),
  ]));
}

/** Shows the sample window as compact lines, a compact diff, a budget cut and prose. */
export function warmViews(): void {
  const before = sampleWindow("1");
  const after = sampleWindow("2");
  const lines = (tree: Element) => compactLinesOf(tree, { refs: refsOf(tree), area: SAMPLE_AREA });
  const shown = lines(after);
  compactDiff(lines(before), shown).concat(shown.map(lineWithIndent));
  linesWithin(shown, shown.map(() => 5), 40);
  describeTree(before, { title: "Print", process: "warm", bounds: SAMPLE_AREA });
}
