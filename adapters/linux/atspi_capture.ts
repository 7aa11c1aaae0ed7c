// Walks one AT-SPI frame into the service's Element tree, bounded by depth,
// node count and time. Children keep their AT-SPI index as their position, so
// an element id ("root.3.2") is also the path back to the accessible.

import type { Capture, CaptureLimits } from "../types.ts";
import type { Bounds, Element } from "../../lib/tree.ts";
import { assignIds } from "../../lib/tree.ts";
import type { Accessible, AtspiSession } from "./atspi_session.ts";
import { isToggleRole, serviceRole } from "./atspi_roles.ts";
import { State } from "./ffi_atspi.ts";
import { keyboardShortcut } from "./key_bindings.ts";
import { type FrameQuirks, toScreen } from "./frame_quirks.ts";

function has(states: bigint, state: number): boolean {
  return ((states >> BigInt(state)) & 1n) === 1n;
}

/**
 * Key bindings cost a round trip each and almost never change, so they are
 * remembered per accessible (libatspi keeps one object per remote accessible).
 */
export class ShortcutMemo {
  private readonly shortcuts = new Map<string, string | null>();
  private static readonly LIMIT = 50_000;

  lookup(session: AtspiSession, accessible: Accessible, role: number, name: string) {
    const key = `${Deno.UnsafePointer.value(accessible)}|${role}|${name}`;
    let shortcut = this.shortcuts.get(key);
    if (shortcut === undefined) {
      shortcut = keyboardShortcut(session.keyBinding(accessible, 0));
      if (this.shortcuts.size >= ShortcutMemo.LIMIT) this.shortcuts.clear();
      this.shortcuts.set(key, shortcut);
    }
    return shortcut;
  }
}

interface Walk {
  session: AtspiSession;
  limits: CaptureLimits;
  quirks: FrameQuirks;
  shortcuts: ShortcutMemo;
  deadline: number;
  nodes: number;
  cutShort: Capture["cutShort"];
}

const NO_BOUNDS: Bounds = { x: 0, y: 0, width: 0, height: 0 };

function bounds(walk: Walk, accessible: Accessible, states: bigint): Bounds {
  // Toolkits that keep SHOWING up to date give hidden widgets sentinel extents:
  // skip the round trip, the answer would be "nowhere" anyway.
  if (walk.quirks.reportsShowing && !has(states, State.SHOWING)) return { ...NO_BOUNDS };
  return toScreen(walk.quirks, walk.session.extents(accessible)) ?? { ...NO_BOUNDS };
}

function describe(walk: Walk, accessible: Accessible): Element {
  const { session } = walk;
  const roleNumber = session.role(accessible);
  const atspiRole = roleNumber < 0 ? "unknown" : session.roleName(roleNumber);
  const states = session.states(accessible);
  const name = session.name(accessible);
  const interfaces = session.interfaces(accessible);
  const node: Element = {
    id: "",
    name,
    role: serviceRole(atspiRole, has(states, State.EDITABLE), has(states, State.MULTI_LINE)),
    value: null,
    bounds: interfaces.component ? bounds(walk, accessible, states) : { ...NO_BOUNDS },
    enabled: has(states, State.ENABLED) || has(states, State.SENSITIVE),
    focused: has(states, State.FOCUSED),
    keyboard_shortcut: interfaces.action
      ? walk.shortcuts.lookup(session, accessible, roleNumber, name)
      : null,
    description: session.description(accessible) || null,
    children: [],
  };
  if (has(states, State.SELECTABLE) || has(states, State.CHECKABLE) || isToggleRole(atspiRole)) {
    node.selected = has(states, State.SELECTED) || has(states, State.CHECKED);
  }
  if (has(states, State.EXPANDABLE)) node.expanded = has(states, State.EXPANDED);
  if (interfaces.text) node.value = session.text(accessible, walk.quirks.textEnd);
  if (interfaces.value) {
    const range = session.range(accessible);
    if (range !== null) {
      node.value_now = range.now;
      node.value_min = range.min;
      node.value_max = range.max;
      node.value ??= String(range.now);
    }
  }
  return node;
}

/** Adds `accessible`'s children below `node`; false once a limit stopped the walk. */
function walkChildren(walk: Walk, accessible: Accessible, node: Element, depth: number): boolean {
  let count: number;
  try {
    count = walk.session.childCount(accessible);
  } catch {
    return true; // a failing child walk truncates this node's children
  }
  if (count <= 0) return true;
  if (depth >= walk.limits.maxDepth) {
    node.truncated = true;
    node.child_count = count;
    walk.cutShort ??= "depth";
    return true;
  }
  for (let i = 0; i < count; i++) {
    if (walk.nodes >= walk.limits.maxNodes) {
      walk.cutShort = "nodes";
      return false;
    }
    if (performance.now() > walk.deadline) {
      walk.cutShort = "time";
      return false;
    }
    let child: Accessible | null;
    try {
      child = walk.session.child(accessible, i);
    } catch {
      return true;
    }
    if (child === null) return true;
    try {
      const childNode = describe(walk, child);
      walk.nodes++;
      node.children.push(childNode);
      if (!walkChildren(walk, child, childNode, depth + 1)) return false;
    } finally {
      walk.session.unref(child);
    }
  }
  return true;
}

export function captureFrame(
  session: AtspiSession,
  frame: Accessible,
  quirks: FrameQuirks,
  limits: CaptureLimits,
  shortcuts: ShortcutMemo,
  title: string,
): Capture {
  const started = performance.now();
  const walk: Walk = {
    session,
    limits,
    quirks,
    shortcuts,
    deadline: started + limits.timeoutMs,
    nodes: 1,
    cutShort: null,
  };
  const root = describe(walk, frame);
  // Client-side-decorated GTK windows leave their frame unnamed; the title is the name.
  if (root.name === "") root.name = title;
  walkChildren(walk, frame, root, 0);
  return {
    root: assignIds(root),
    nodeCount: walk.nodes,
    captureMs: Math.round((performance.now() - started) * 10) / 10,
    cutShort: walk.cutShort,
  };
}
