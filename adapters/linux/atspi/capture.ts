// Walks one AT-SPI frame into the service's Element tree, bounded by depth,
// node count and time. Children keep their AT-SPI index as their position, so
// an element id ("root.3.2") is also the path back to the accessible. Cached
// facts are read during the walk; extents and texts, which cost a round trip
// each, are queued and fetched pipelined once the walk is done.

import type { Capture, CaptureLimits } from "../../types.ts";
import type { Bounds, Element } from "../../../lib/core/tree.ts";
import { assignIds } from "../../../lib/core/tree.ts";
import type { Accessible, AtspiConnection, Interfaces } from "./connection.ts";
import { isToggleRole, serviceRole } from "./roles.ts";
import { COORD_SCREEN, State } from "../ffi/atspi.ts";
import { keyboardShortcut } from "../x11/key_bindings.ts";
import { AccessibleMemo } from "./accessible_memo.ts";
import { type FrameQuirks, toScreen } from "./frame_quirks.ts";
import type { AtspiBatch } from "./batch.ts";

function has(states: bigint, state: number): boolean {
  return ((states >> BigInt(state)) & 1n) === 1n;
}

/** What captures remember between runs: see AccessibleMemo. */
export class CaptureMemo {
  readonly shortcuts = new AccessibleMemo<string | null>();
  readonly ranges = new AccessibleMemo<{ min: number; max: number } | null>();
}

/** A node waiting for a pipelined read, with a reference to its accessible. */
interface Queued {
  node: Element;
  accessible: Accessible;
}

interface Walk {
  session: AtspiConnection;
  needExtents: Queued[];
  needText: Queued[];
  limits: CaptureLimits;
  quirks: FrameQuirks;
  memo: CaptureMemo;
  deadline: number;
  nodes: number;
  cutShort: Capture["cutShort"];
}

const UNCACHED_ROLES = new Set(["table cell", "tree item"]);

const EVERY_INTERFACE: Interfaces = {
  action: true,
  component: true,
  editableText: true,
  selection: true,
  text: true,
  value: true,
};

const NO_BOUNDS: Bounds = { x: 0, y: 0, width: 0, height: 0 };

function queue(walk: Walk, list: Queued[], node: Element, accessible: Accessible): void {
  list.push({ node, accessible: walk.session.ref(accessible) });
}

function describe(walk: Walk, accessible: Accessible): Element {
  const { session } = walk;
  const roleNumber = session.role(accessible);
  const atspiRole = roleNumber < 0 ? "unknown" : session.roleName(roleNumber);
  const states = session.states(accessible);
  // Some apps pad names (mousepad's menu items end in spaces before the accelerator).
  const name = session.name(accessible).trim();
  // libatspi does not cache the interfaces of TRANSIENT accessibles or of GTK3
  // table cells (made on demand, outside the app's cache), so each interface
  // test would be a round trip: ask the interfaces' own questions directly and
  // let a refusal mean "not implemented".
  const interfaces = has(states, State.TRANSIENT) || UNCACHED_ROLES.has(atspiRole)
    ? EVERY_INTERFACE
    : session.interfaces(accessible);
  const node: Element = {
    id: "",
    name,
    role: serviceRole(atspiRole, has(states, State.EDITABLE), has(states, State.MULTI_LINE)),
    value: null,
    bounds: { ...NO_BOUNDS },
    enabled: has(states, State.ENABLED) || has(states, State.SENSITIVE),
    focused: has(states, State.FOCUSED),
    keyboard_shortcut: interfaces.action
      ? walk.memo.shortcuts.get(
        accessible,
        roleNumber,
        name,
        () => keyboardShortcut(session.keyBinding(accessible, 0)),
      )
      : null,
    description: session.description(accessible) || null,
    children: [],
  };
  if (has(states, State.SELECTABLE) || has(states, State.CHECKABLE) || isToggleRole(atspiRole)) {
    node.selected = has(states, State.SELECTED) || has(states, State.CHECKED);
  }
  if (has(states, State.EXPANDABLE)) node.expanded = has(states, State.EXPANDED);
  // Toolkits that keep SHOWING up to date give hidden widgets sentinel extents:
  // no need to ask, the answer would be "nowhere" anyway.
  if (interfaces.component && (!walk.quirks.reportsShowing || has(states, State.SHOWING))) {
    queue(walk, walk.needExtents, node, accessible);
  }
  if (interfaces.text) queue(walk, walk.needText, node, accessible);
  if (interfaces.value) {
    const limits = walk.memo.ranges.get(
      accessible,
      roleNumber,
      name,
      () => session.limits(accessible),
    );
    const now = limits === null ? null : session.currentValue(accessible);
    if (limits !== null && now !== null) {
      node.value_now = now;
      node.value_min = limits.min;
      node.value_max = limits.max;
      node.value = String(now); // a text, read later, takes precedence
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

/** Fills in the queued extents and texts, then releases the queued references. */
function readQueued(walk: Walk, batch: AtspiBatch): void {
  const { needExtents, needText } = walk;
  try {
    const extents = batch.extents(needExtents.map((q) => q.accessible), COORD_SCREEN);
    needExtents.forEach((q, i) => {
      q.node.bounds = toScreen(walk.quirks, extents[i]) ?? { ...NO_BOUNDS };
    });
    const texts = batch.texts(needText.map((q) => q.accessible), walk.quirks.textEnd);
    needText.forEach((q, i) => {
      if (texts[i] !== null) q.node.value = texts[i];
    });
  } finally {
    for (const q of [...needExtents, ...needText]) walk.session.unref(q.accessible);
  }
}

export function captureFrame(
  session: AtspiConnection,
  batch: AtspiBatch,
  frame: Accessible,
  quirks: FrameQuirks,
  limits: CaptureLimits,
  memo: CaptureMemo,
  title: string,
): Capture {
  const started = performance.now();
  const walk: Walk = {
    session,
    needExtents: [],
    needText: [],
    limits,
    quirks,
    memo,
    deadline: started + limits.timeoutMs,
    nodes: 1,
    cutShort: null,
  };
  const root = describe(walk, frame);
  // Client-side-decorated GTK windows leave their frame unnamed; the title is the name.
  if (root.name === "") root.name = title;
  walkChildren(walk, frame, root, 0);
  readQueued(walk, batch);
  return {
    root: assignIds(root),
    nodeCount: walk.nodes,
    captureMs: Math.round((performance.now() - started) * 10) / 10,
    cutShort: walk.cutShort,
  };
}
