// Which elements a compact view shows, and under which parent: structural
// containers dissolve into their parent, unnamed single-child containers give
// way to their child, unnamed leaves with nothing to say (separators, bare
// icons) are dropped, and subtrees with nothing on screen become a count on
// the nearest shown ancestor ("+3 hidden").

import type { Bounds, Element } from "../../model/tree.ts";
import { heldText, hidesChildren, isInteractiveRole, isOnScreen } from "../views/needed.ts";
import { isStructural } from "../views/structural.ts";

export interface Shown {
  element: Element;
  children: Shown[];
  /** Named or interactive elements below it with nothing on screen. */
  hidden: number;
}

/**
 * Something a person could act on or read: an interactive role, a name or
 * text (a separator never is, whatever value its toolkit gives it).
 */
export function isWorthShowing(el: Element): boolean {
  if (el.role === "Separator") return false;
  return isInteractiveRole(el.role) || el.name.trim() !== "" || heldText(el) !== "";
}

/** Hidden elements worth a mention; an unnamed menu holding items counts as its items. */
function countWorthShowing(el: Element): number {
  const holderOnly = el.name.trim() === "" && el.children.length > 0;
  let n = isWorthShowing(el) && !holderOnly ? 1 : 0;
  for (const child of el.children) n += countWorthShowing(child);
  return n;
}

/** Ids of elements that are on screen or have a descendant that is. */
function subtreesOnScreen(root: Element, area: Bounds): Set<string> {
  const ids = new Set<string>();
  const visit = (el: Element): boolean => {
    let any = isOnScreen(el, area);
    if (el !== root && hidesChildren(el)) return any;
    for (const child of el.children) if (visit(child)) any = true;
    if (any) ids.add(el.id);
    return any;
  };
  visit(root);
  return ids;
}

/** The shown tree of `root` (always shown itself), judged against `area` (the window). */
export function shownTree(root: Element, area: Bounds): Shown {
  const onScreen = subtreesOnScreen(root, area);
  const gather = (el: Element): { shown: Shown[]; hidden: number } => {
    const shown: Shown[] = [];
    let hidden = 0;
    for (const child of el.children) {
      if (!onScreen.has(child.id)) {
        hidden += countWorthShowing(child);
        continue;
      }
      const below = gather(child);
      const kept = keep(child, below.shown, below.hidden, area);
      if (kept === null) {
        shown.push(...below.shown);
        hidden += below.hidden;
      } else {
        shown.push(...kept);
      }
    }
    return { shown, hidden };
  };
  const top = gather(root);
  return { element: root, children: top.shown, hidden: top.hidden };
}

/**
 * `el` with its shown children, or null to dissolve it: its children and
 * hidden count pass to its parent (a dropped leaf has none).
 */
function keep(el: Element, children: Shown[], hidden: number, area: Bounds): Shown[] | null {
  if (isStructural(el) || !isOnScreen(el, area)) return null;
  if (!isWorthShowing(el) && children.length <= 1) return null;
  return [{ element: el, children, hidden }];
}
