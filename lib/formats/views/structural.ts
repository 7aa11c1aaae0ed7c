// Which elements are scaffolding rather than something a person sees: the
// unnamed filler and panel levels GTK nests every control under (5–9 of them
// in gtk3-widget-factory), UIA's anonymous Pane and Group. Views collapse
// them and depth does not count them.

import type { Element } from "../../model/tree.ts";

/** Roles of containers that exist only to lay out their children. */
const LAYOUT_ROLES: ReadonlySet<string> = new Set([
  "Pane",
  "Group",
  "Custom",
  "Unknown",
  "Filler",
  "Panel",
  "Section",
]);

/**
 * An unnamed layout container with nothing of its own to show or do: no
 * name, value, text, description or action.
 */
export function isStructural(el: Element): boolean {
  return LAYOUT_ROLES.has(el.role) && el.name.trim() === "" &&
    (el.value ?? "").trim() === "" && (el.text ?? "").trim() === "" &&
    (el.description ?? "").trim() === "" && (el.actions?.length ?? 0) === 0;
}
