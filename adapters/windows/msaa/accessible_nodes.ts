// Nodes read through MSAA. A window (the top-level one or a child control)
// is one node made of its client object (OBJID_CLIENT: the control itself,
// its children) and, for a top-level window, its menu bar (OBJID_MENU); the
// window object that holds them adds nothing but another level. Objects
// without a window of their own, and simple elements (child ids of their
// parent), are nodes of their own.
//
// wine's oleacc answers for every control as a "client" that lists only
// child windows: such a control of a standard class gets its role, states,
// value, default action and items from User32 (win32_controls.ts).

import type { ActionOutcome } from "../../types.ts";
import type { Element } from "../../../lib/model/tree.ts";
import { hresultText } from "../com/hresult.ts";
import { addRef, release } from "../com/vtable.ts";
import { handle, handleValue, user32 } from "../ffi/user32.ts";
import { windowBounds } from "../win32/windows.ts";
import {
  accChildCount,
  accChildren,
  accDefaultAction,
  accDescription,
  accDoDefaultAction,
  type Accessible,
  type AccessibleChild,
  accKeyboardShortcut,
  accLocation,
  accName,
  accRole,
  accSelect,
  accState,
  accValue,
  CHILDID_SELF,
  objectFromWindow,
  OBJID_CLIENT,
  OBJID_MENU,
  putAccValue,
  SELFLAG_TAKEFOCUS,
  SELFLAG_TAKESELECTION,
  windowOf,
} from "./accessible.ts";
import { elementOf, NO_BOUNDS } from "./facts.ts";
import { DropDownNode, listItems } from "./item_nodes.ts";
import { type MsaaRole, ROLE_SYSTEM } from "./roles.ts";
import { has, STATE_SYSTEM } from "./states.ts";
import { type TreeNode, unsupported, type WalkContext } from "./tree_node.ts";
import { clickButton, focusWindow } from "./win32_actions.ts";
import {
  classRole,
  controlFacts,
  controlId,
  HWND_NONE,
  isMultiLineEdit,
  itemCount,
  labelOf,
  type WindowClass,
  windowClass,
  windowState,
  windowText,
} from "./win32_controls.ts";

/** Roles whose default action BM_CLICK performs. */
const BUTTON_ROLES: ReadonlySet<number> = new Set([
  ROLE_SYSTEM.PUSHBUTTON,
  ROLE_SYSTEM.SPLITBUTTON,
  ROLE_SYSTEM.CHECKBUTTON,
  ROLE_SYSTEM.RADIOBUTTON,
]);

/** The node for a child AccessibleChildren gave: a window, an object or a simple element. */
function childNode(
  child: AccessibleChild,
  parent: Accessible,
  parentWindow: bigint,
  context: WalkContext,
): TreeNode {
  if (child.kind === "simple") {
    addRef(parent);
    return new AccessibleNode(parent, child.childId, context);
  }
  // Window objects (wine's answer nothing, not even their role) stand for their windows.
  const role = accRole(child.object, CHILDID_SELF);
  if (role === null || role === ROLE_SYSTEM.WINDOW) {
    const hwnd = windowOf(child.object);
    if (hwnd !== HWND_NONE && hwnd !== parentWindow) {
      release(child.object);
      return new WindowNode(hwnd, false, context);
    }
  }
  return new AccessibleNode(child.object, CHILDID_SELF, context);
}

function defaultActionOf(object: Accessible, childId: number, name: string): ActionOutcome | null {
  const hr = accDoDefaultAction(object, childId);
  return hr < 0 ? null : { ok: true, note: `MSAA default action '${name}'` };
}

/** put_accValue, then read back: an object may accept the call and change nothing. */
function setValueOf(object: Accessible, childId: number, value: string): ActionOutcome {
  const hr = putAccValue(object, childId, value);
  if (hr < 0) return unsupported(`MSAA put_accValue failed: ${hresultText(hr)}`);
  if (accValue(object, childId) !== value) return unsupported("MSAA put_accValue did not take");
  return { ok: true, note: "MSAA put_accValue" };
}

/** An IAccessible object (childId CHILDID_SELF) or a simple element of one. */
export class AccessibleNode implements TreeNode {
  /** `object` is one reference this node owns. */
  constructor(
    private readonly object: Accessible,
    private readonly childId: number,
    private readonly context: WalkContext,
  ) {}

  describe(): Element {
    const { object, childId } = this;
    return elementOf({
      role: accRole(object, childId) ?? 0,
      name: accName(object, childId) ?? "",
      value: accValue(object, childId),
      description: accDescription(object, childId),
      state: accState(object, childId) ?? 0,
      bounds: accLocation(object, childId) ?? NO_BOUNDS,
      defaultAction: accDefaultAction(object, childId),
      keyboardShortcut: accKeyboardShortcut(object, childId),
      multiLine: false,
      active: false,
    });
  }

  childCount(): number {
    return this.childId === CHILDID_SELF ? accChildCount(this.object) ?? 0 : 0;
  }

  children(max: number): TreeNode[] {
    if (this.childId !== CHILDID_SELF) return [];
    const listed = accChildren(this.object, max) ?? [];
    const window = windowOf(this.object);
    return listed.map((child) => childNode(child, this.object, window, this.context));
  }

  dispose(): void {
    release(this.object);
  }

  defaultAction(): ActionOutcome {
    const name = accDefaultAction(this.object, this.childId) ?? "";
    return defaultActionOf(this.object, this.childId, name) ??
      unsupported("the element has no MSAA default action");
  }

  focus(): ActionOutcome {
    const hr = accSelect(this.object, SELFLAG_TAKEFOCUS, this.childId);
    if (hr < 0) return unsupported(`MSAA accSelect(TAKEFOCUS) failed: ${hresultText(hr)}`);
    return { ok: true, note: "MSAA accSelect(TAKEFOCUS)" };
  }

  setValue(value: string): ActionOutcome {
    return setValueOf(this.object, this.childId, value);
  }

  choose(): ActionOutcome {
    const flags = SELFLAG_TAKESELECTION | SELFLAG_TAKEFOCUS;
    const hr = accSelect(this.object, flags, this.childId);
    if (hr < 0) return unsupported(`MSAA accSelect(TAKESELECTION) failed: ${hresultText(hr)}`);
    const state = accState(this.object, this.childId) ?? 0;
    return has(state, STATE_SYSTEM.SELECTED)
      ? { ok: true, note: "MSAA accSelect(TAKESELECTION)" }
      : { ok: false, error: "the option did not become selected" };
  }
}

/** How a window's control is read: MSAA's role, or the standard class's when MSAA says "client". */
interface WindowRoles {
  role: MsaaRole;
  /** The standard control role User32 fills in for (null: MSAA knew the control). */
  standard: number | null;
}

/** A window: the top-level one of a capture, or a child control. */
export class WindowNode implements TreeNode {
  #client: Accessible | null | undefined;
  #class: WindowClass | undefined;
  #roles: WindowRoles | undefined;

  constructor(
    readonly hwnd: bigint,
    private readonly topLevel: boolean,
    private readonly context: WalkContext,
  ) {}

  /** OBJID_CLIENT, asked for once (null when the window has none). */
  private client(): Accessible | null {
    if (this.#client === undefined) this.#client = objectFromWindow(this.hwnd, OBJID_CLIENT);
    return this.#client;
  }

  private windowClass(): WindowClass {
    this.#class ??= windowClass(this.hwnd);
    return this.#class;
  }

  private roles(): WindowRoles {
    if (this.#roles !== undefined) return this.#roles;
    const cls = this.windowClass();
    const client = this.client();
    const said = client === null ? null : accRole(client, CHILDID_SELF);
    if (this.topLevel) {
      const dialog = cls.base === "#32770";
      this.#roles = { role: dialog ? ROLE_SYSTEM.DIALOG : ROLE_SYSTEM.WINDOW, standard: null };
    } else {
      const standard = said === null || said === ROLE_SYSTEM.CLIENT ? classRole(cls) : null;
      this.#roles = { role: standard ?? said ?? ROLE_SYSTEM.CLIENT, standard };
    }
    return this.#roles;
  }

  describe(): Element {
    const { hwnd } = this;
    const cls = this.windowClass();
    const client = this.client();
    const { role, standard } = this.roles();
    const filled = standard === null ? null : controlFacts(hwnd, cls, standard);
    const ask = <T>(read: (object: Accessible, childId: number) => T | null): T | null =>
      client === null ? null : read(client, CHILDID_SELF);
    const ownName = client === null ? windowText(hwnd) : ask(accName);
    const state = (ask(accState) ?? windowState(hwnd, cls.style, this.context.focus)) |
      (filled?.state ?? 0);
    const id = this.topLevel ? 0 : controlId(hwnd);
    return elementOf({
      role,
      name: (filled?.labelled ? labelOf(hwnd) : ownName) ?? "",
      value: filled?.value ?? ask(accValue),
      description: ask(accDescription),
      state,
      bounds: windowBounds(hwnd) ?? ask(accLocation) ?? NO_BOUNDS,
      defaultAction: ask(accDefaultAction) || filled?.defaultAction || null,
      keyboardShortcut: ask(accKeyboardShortcut),
      multiLine: isMultiLineEdit(cls),
      active: this.topLevel && hwnd === this.context.foreground,
      identifier: id > 0 ? String(id) : undefined,
      attributes: { class: cls.name },
    });
  }

  /** The menu bar of a top-level window with a menu, when MSAA shows it (wine does not). */
  private menuBar(): AccessibleNode | null {
    if (!this.topLevel || handleValue(user32().GetMenu(handle(this.hwnd))) === HWND_NONE) {
      return null;
    }
    const menu = objectFromWindow(this.hwnd, OBJID_MENU);
    if (menu === null) return null;
    if (accRole(menu, CHILDID_SELF) !== ROLE_SYSTEM.MENUBAR) {
      release(menu);
      return null;
    }
    return new AccessibleNode(menu, CHILDID_SELF, this.context);
  }

  /** Items of a standard list or combo box MSAA did not list. */
  private itemCount(): number {
    const { standard } = this.roles();
    if (standard === ROLE_SYSTEM.LIST) return itemCount(this.hwnd, "listbox");
    return standard === ROLE_SYSTEM.COMBOBOX ? 1 : 0;
  }

  childCount(): number {
    const menuBar = this.menuBar();
    menuBar?.dispose();
    const client = this.client();
    const listed = client === null ? 0 : accChildCount(client) ?? 0;
    return (menuBar === null ? 0 : 1) + listed + this.itemCount();
  }

  children(max: number): TreeNode[] {
    const nodes: TreeNode[] = [];
    const menuBar = this.menuBar();
    if (menuBar !== null) nodes.push(menuBar);
    const client = this.client();
    if (client !== null) {
      for (const child of accChildren(client, max - nodes.length) ?? []) {
        nodes.push(childNode(child, client, this.hwnd, this.context));
      }
    }
    const { standard } = this.roles();
    if (standard === ROLE_SYSTEM.COMBOBOX && nodes.length < max) {
      nodes.push(new DropDownNode(this.hwnd, this.context));
    } else if (standard === ROLE_SYSTEM.LIST) {
      nodes.push(...listItems(this.hwnd, "listbox", this.context, max - nodes.length));
    }
    return nodes;
  }

  dispose(): void {
    if (this.#client) release(this.#client);
    this.#client = null;
  }

  defaultAction(): ActionOutcome {
    const client = this.client();
    const element = this.describe();
    const name = element.actions?.[0]?.name ?? "";
    const done = client === null ? null : defaultActionOf(client, CHILDID_SELF, name);
    if (done !== null) return done;
    const { standard } = this.roles();
    if (standard === null || !BUTTON_ROLES.has(standard)) {
      return unsupported("the element has no MSAA default action");
    }
    if (!element.enabled) return { ok: false, error: `${element.role} is disabled` };
    return clickButton(this.hwnd)
      ? { ok: true, note: `default action '${name}' (BM_CLICK)` }
      : { ok: false, error: "posting BM_CLICK failed" };
  }

  focus(): ActionOutcome {
    const client = this.client();
    const hr = client === null ? -1 : accSelect(client, SELFLAG_TAKEFOCUS, CHILDID_SELF);
    if (hr >= 0) return { ok: true, note: "MSAA accSelect(TAKEFOCUS)" };
    if (!this.describe().enabled) return { ok: false, error: "the element is disabled" };
    return focusWindow(this.hwnd)
      ? { ok: true, note: "SetFocus" }
      : unsupported("the window did not take the focus");
  }

  setValue(value: string): ActionOutcome {
    const client = this.client();
    return client === null
      ? unsupported("the window has no MSAA client object")
      : setValueOf(client, CHILDID_SELF, value);
  }

  choose(): ActionOutcome {
    return unsupported("a window is not an option of a list");
  }
}
