// The check box a benchmark clicks to change a window. Not just any shown one
// with `enabled`: gtk3-widget-factory's first page has a sensitive check box
// whose AT-SPI ENABLED state is off (it stays inconsistent when clicked), and
// a click on it changes nothing a capture could show.

import type { Element } from "../../lib/model/tree.ts";

/** A shown check box that a click toggles. */
export function togglesOnClick(e: Element): boolean {
  return e.role === "CheckBox" && e.enabled && e.states?.enabled === true &&
    e.states?.showing === true && e.bounds.width > 4;
}
