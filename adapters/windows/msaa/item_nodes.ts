// The items of standard list boxes and combo boxes, read through User32 when
// MSAA lists none (wine). A combo box shows its items in a drop-down list,
// a node of its own that is invisible (and has no area) while closed; open,
// its items are where the drop-down's own list shows them. What all items of
// a list share is read once (ListFacts), not once an item.

import type { ActionOutcome } from "../../types.ts";
import type { Bounds, Element } from "../../../lib/model/tree.ts";
import { intersect } from "../../../lib/formats/geometry/visibility.ts";
import { elementOf, type Facts, NO_BOUNDS } from "./facts.ts";
import { windowBounds } from "../win32/windows.ts";
import { ROLE_SYSTEM } from "./roles.ts";
import { STATE_SYSTEM } from "./states.ts";
import { type TreeNode, unsupported, type WalkContext } from "./tree_node.ts";
import { selectItem } from "./win32_actions.ts";
import {
  caretIndex,
  clientArea,
  isItemSelected,
  itemCount,
  itemText,
  listBoxItemRect,
  type ListKind,
  openDropDown,
  toScreen,
  windowState,
  windowStyle,
} from "./win32_controls.ts";

/** What every item of one list shares. */
class ListFacts {
  /** The list's unavailable and invisible states, which hold for its items. */
  readonly state: number;
  /** The window showing the items: the list box, or a combo box's open drop-down (else null). */
  readonly shownIn: bigint | null;
  /** Its client area (screen coordinates), which clips the items. */
  readonly area: Bounds | null;
  /** The list box item with the keyboard focus (-1: none). */
  readonly focusedIndex: number;

  constructor(readonly hwnd: bigint, readonly kind: ListKind, context: WalkContext) {
    this.state = windowState(hwnd, windowStyle(hwnd), context.focus) &
      (STATE_SYSTEM.UNAVAILABLE | STATE_SYSTEM.INVISIBLE);
    this.shownIn = kind === "listbox" ? hwnd : openDropDown(hwnd);
    this.area = this.shownIn === null ? null : clientArea(this.shownIn);
    this.focusedIndex = kind === "listbox" && hwnd === context.focus ? caretIndex(hwnd) ?? -1 : -1;
  }

  /** Where item `index` shows, clipped to the list; null when out of sight. */
  itemBounds(index: number): Bounds | null {
    if (this.shownIn === null || this.area === null) return null;
    const rect = listBoxItemRect(this.shownIn, index);
    const item = rect === null ? null : toScreen(this.shownIn, rect);
    return item === null ? null : intersect(item, this.area);
  }
}

/** A node with nothing to operate but what it overrides. */
abstract class User32Node implements TreeNode {
  abstract describe(): Element;
  abstract childCount(): number;
  abstract children(max: number): TreeNode[];
  dispose(): void {}
  defaultAction(): ActionOutcome {
    return unsupported("the item has no default action");
  }
  focus(): ActionOutcome {
    return unsupported("the item cannot take the focus by itself");
  }
  setValue(): ActionOutcome {
    return unsupported("the item has no value to set");
  }
  choose(): ActionOutcome {
    return unsupported("the element is not an option of a list");
  }
}

function facts(role: number, name: string, state: number, bounds: Bounds): Facts {
  return {
    role,
    name,
    value: null,
    description: null,
    state,
    bounds,
    defaultAction: null,
    keyboardShortcut: null,
    multiLine: false,
    active: false,
  };
}

/** Item `index` of a list box or of a combo box's list. */
class ListItemNode extends User32Node {
  constructor(private readonly list: ListFacts, private readonly index: number) {
    super();
  }

  describe(): Element {
    const { list, index } = this;
    let state = list.state | STATE_SYSTEM.SELECTABLE | STATE_SYSTEM.FOCUSABLE;
    if (isItemSelected(list.hwnd, list.kind, index)) state |= STATE_SYSTEM.SELECTED;
    if (index === list.focusedIndex) state |= STATE_SYSTEM.FOCUSED;
    const bounds = list.itemBounds(index);
    if (list.shownIn === null) state |= STATE_SYSTEM.INVISIBLE;
    else if (bounds === null) state |= STATE_SYSTEM.OFFSCREEN;
    const name = itemText(list.hwnd, list.kind, index);
    return elementOf(facts(ROLE_SYSTEM.LISTITEM, name, state, bounds ?? NO_BOUNDS));
  }

  childCount(): number {
    return 0;
  }

  children(): TreeNode[] {
    return [];
  }

  override choose(): ActionOutcome {
    const { hwnd, kind } = this.list;
    return selectItem(hwnd, kind, this.index)
      ? { ok: true, note: kind === "listbox" ? "LB_SETCURSEL" : "CB_SETCURSEL" }
      : { ok: false, error: "the option did not become selected" };
  }
}

/** The first `max` items of a list box or combo box. */
export function listItems(
  hwnd: bigint,
  kind: ListKind,
  context: WalkContext,
  max: number,
): ListItemNode[] {
  const count = Math.min(itemCount(hwnd, kind), max);
  if (count <= 0) return [];
  const list = new ListFacts(hwnd, kind, context);
  return Array.from({ length: count }, (_, index) => new ListItemNode(list, index));
}

/** A combo box's drop-down list. */
export class DropDownNode extends User32Node {
  constructor(private readonly hwnd: bigint, private readonly context: WalkContext) {
    super();
  }

  describe(): Element {
    const shownIn = openDropDown(this.hwnd);
    const bounds = shownIn === null ? null : windowBounds(shownIn);
    const state = bounds === null ? STATE_SYSTEM.INVISIBLE : 0;
    return elementOf(facts(ROLE_SYSTEM.LIST, "", state, bounds ?? NO_BOUNDS));
  }

  childCount(): number {
    return itemCount(this.hwnd, "combobox");
  }

  children(max: number): TreeNode[] {
    return listItems(this.hwnd, "combobox", this.context, max);
  }
}
