// Which elements are scaffolding rather than something a person sees: the
// unnamed filler and panel levels GTK nests every control under (5–9 of them
// in gtk3-widget-factory), UIA's anonymous Pane and Group, Chromium's panels
// around its page and the paragraphs that only hold a page's controls.
// Views collapse them and depth does not count them.

import { type Element, shownText } from "../../model/tree.ts";

/** Roles of containers that exist only to lay out their children. */
const LAYOUT_ROLES: ReadonlySet<string> = new Set([
  "Pane",
  "Group",
  "Custom",
  "Unknown",
  "Filler",
  "Panel",
  "Section",
  // A paragraph that holds only its children (Chromium: the one around a form's field).
  "Text",
]);

/**
 * Actions a container has only because something around it has one: Gecko
 * gives every element inside a clickable one "clickAncestor". Chromium lists
 * actions without a name on its panels: nothing an agent can ask for.
 */
const INHERITED_ACTIONS: ReadonlySet<string> = new Set(["clickAncestor", "click ancestor"]);

/**
 * An unnamed layout container with nothing of its own to show or do: no
 * name, value (a divider's position aside), text (its embedded children's
 * placeholders aside), description or action of its own.
 */
export function isStructural(el: Element): boolean {
  // A split pane's value is where its divider sits (GTK 2's hold one each): layout too.
  const position = el.value_now !== undefined && el.value === String(el.value_now);
  return LAYOUT_ROLES.has(el.role) && el.name.trim() === "" &&
    (position || shownText(el.value) === "") && shownText(el.text) === "" &&
    (el.description ?? "").trim() === "" &&
    (el.actions ?? []).every((a) => a.name.trim() === "" || INHERITED_ACTIONS.has(a.name));
}
