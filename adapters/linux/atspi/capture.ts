// Walks one AT-SPI frame into the service's Element tree, bounded by depth,
// node count and time. Children keep their AT-SPI index as their position, so
// an element id ("root.3.2") is also the path back to the accessible. Cached
// facts are read during the walk; extents, texts, attributes and actions,
// which cost a round trip each, are queued and fetched pipelined once the
// walk is done.
//
// libatspi's cache can misorder children: it places each by the index in
// parent the application reported when it was added, and a GTK3 header bar
// reports -1 for the box of window buttons, which then goes missing while
// another child shows twice. So every walked list of two or more children is
// checked against the application's own (GetChildren, pipelined), and a list
// that differs is walked again with child lookups over the bus.

import type { Capture, CaptureLimits } from "../../types.ts";
import type { Bounds, Element, ElementAction } from "../../../lib/core/tree.ts";
import { assignIds } from "../../../lib/core/tree.ts";
import type { Accessible, AtspiConnection, Interfaces } from "./connection.ts";
import { isToggleRole, serviceRole } from "./roles.ts";
import { stateRecord } from "./states.ts";
import { COORD_SCREEN, State } from "../ffi/atspi.ts";
import { keyboardShortcut } from "../x11/key_bindings.ts";
import { AccessibleMemo } from "./accessible_memo.ts";
import { type FrameQuirks, toScreen } from "./frame_quirks.ts";
import { addressOf, type AtspiBatch } from "./batch.ts";
import { walk as walkTree } from "../../../lib/core/tree.ts";

function has(states: bigint, state: number): boolean {
  return ((states >> BigInt(state)) & 1n) === 1n;
}

/** What captures remember between runs: see AccessibleMemo. */
export class CaptureMemo {
  readonly ranges = new AccessibleMemo<{ min: number; max: number; step: number } | null>();
  readonly labels = new AccessibleMemo<string>();
}

/** A node waiting for a pipelined read, with a reference to its accessible. */
interface Queued {
  node: Element;
  accessible: Accessible;
  /**
   * Whether the node's interfaces were assumed rather than read (see
   * describe): then an answer is what shows the interface exists.
   */
  assumed: boolean;
  /** How the node's top-level window answers. */
  quirks: FrameQuirks;
}

/** A walked list of children, to check against the application's. */
interface Walked {
  parent: Accessible;
  node: Element;
  depth: number;
  /** addressOf each child, in the order the walk took them. */
  addresses: Array<string | null>;
  quirks: FrameQuirks;
}

/** Top-level windows of a desktop walk: their depth, and how each answers. */
export interface TopLevels {
  depth: number;
  quirksOf: (topLevel: Accessible) => FrameQuirks;
}

/** Rounds of checking: a list walked again is checked again, a bounded number of times. */
const ORDER_CHECK_ROUNDS = 3;

interface Walk {
  session: AtspiConnection;
  /** Applications it found silent are not walked into (see unanswered). */
  batch: AtspiBatch;
  walked: Walked[];
  /** Nodes a re-walk took out of the tree. */
  gone: Set<Element>;
  needExtents: Queued[];
  needText: Queued[];
  /** Every node described: their states and attributes are read for all. */
  described: Queued[];
  needActions: Queued[];
  limits: CaptureLimits;
  /** How the top-level window being walked answers. */
  quirks: FrameQuirks;
  /** In a desktop walk: where top-level windows sit, and how each answers. */
  topLevels: TopLevels | null;
  /** Which children to walk (default: all); a filtered list is not order-checked. */
  include: ((child: Accessible, depth: number) => boolean) | null;
  memo: CaptureMemo;
  deadline: number;
  nodes: number;
  cutShort: Capture["cutShort"];
}

const UNCACHED_ROLES = new Set(["table cell", "tree item"]);

/**
 * Roles a screen reader names from their label when they have no name of
 * their own (an entry beside "Name?"): asking costs a round trip, so only
 * these, and only when unnamed.
 */
const LABELLED_ROLES = new Set([
  "text",
  "entry",
  "password text",
  "combo box",
  "spin button",
  "slider",
  "list",
  "list box",
  "table",
  "tree",
  "tree table",
]);

/** Assumed for accessibles whose interfaces libatspi does not cache (see describe). */
const ASSUMED_INTERFACES: Interfaces = {
  action: true,
  component: true,
  editableText: false,
  selection: false,
  text: true,
  value: true,
  image: false,
  table: false,
  hypertext: false,
  document: false,
};

/** Interfaces keys → the names `interfaces` lists. */
const INTERFACE_NAMES: ReadonlyArray<[keyof Interfaces, string]> = [
  ["action", "action"],
  ["component", "component"],
  ["document", "document"],
  ["editableText", "editable_text"],
  ["hypertext", "hypertext"],
  ["image", "image"],
  ["selection", "selection"],
  ["table", "table"],
  ["text", "text"],
  ["value", "value"],
];

const NO_BOUNDS: Bounds = { x: 0, y: 0, width: 0, height: 0 };

function queue(
  walk: Walk,
  list: Queued[],
  node: Element,
  accessible: Accessible,
  assumed: boolean,
): void {
  list.push({ node, accessible: walk.session.ref(accessible), assumed, quirks: walk.quirks });
}

function describe(walk: Walk, accessible: Accessible): Element {
  const { session } = walk;
  const roleNumber = session.role(accessible);
  const atspiRole = roleNumber < 0 ? "unknown" : session.roleName(roleNumber);
  const states = session.states(accessible);
  // Some apps pad names (mousepad's menu items end in spaces before the accelerator).
  let name = session.name(accessible).trim();
  if (name === "" && LABELLED_ROLES.has(atspiRole)) {
    name = walk.memo.labels.get(accessible, roleNumber, "", () => session.labelName(accessible));
  }
  // libatspi does not cache the interfaces of TRANSIENT accessibles or of GTK3
  // table cells (made on demand, outside the app's cache), so each interface
  // test would be a round trip: ask the interfaces' own questions directly and
  // let a refusal mean "not implemented".
  const assumed = has(states, State.TRANSIENT) || UNCACHED_ROLES.has(atspiRole);
  const interfaces = assumed ? ASSUMED_INTERFACES : session.interfaces(accessible);
  const node: Element = {
    id: "",
    name,
    role: "",
    value: null,
    bounds: { ...NO_BOUNDS },
    enabled: false,
    focused: false,
    keyboard_shortcut: null, // from the first action's key binding, read later
    description: session.description(accessible) || null,
    children: [],
    platform_role: atspiRole,
    interfaces: assumed
      ? []
      : INTERFACE_NAMES.flatMap(([key, label]) => interfaces[key] ? [label] : []),
  };
  applyStates(node, states); // cached; the application's own answer replaces them later
  if (interfaces.component) queue(walk, walk.needExtents, node, accessible, assumed);
  if (interfaces.text) queue(walk, walk.needText, node, accessible, assumed);
  if (interfaces.action) queue(walk, walk.needActions, node, accessible, assumed);
  queue(walk, walk.described, node, accessible, false);
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
      node.value_step = limits.step;
      node.value = String(now); // a text, read later, takes precedence
      if (assumed) node.interfaces!.push("value");
    }
  }
  return node;
}

/** The fields a state set decides. */
function applyStates(node: Element, states: bigint): void {
  const atspiRole = node.platform_role!;
  node.role = serviceRole(atspiRole, has(states, State.EDITABLE), has(states, State.MULTI_LINE));
  node.enabled = has(states, State.ENABLED) || has(states, State.SENSITIVE);
  node.focused = has(states, State.FOCUSED);
  node.states = stateRecord(states);
  if (has(states, State.SELECTABLE) || has(states, State.CHECKABLE) || isToggleRole(atspiRole)) {
    node.selected = has(states, State.SELECTED) || has(states, State.CHECKED);
  } else {
    delete node.selected;
  }
  if (has(states, State.EXPANDABLE)) node.expanded = has(states, State.EXPANDED);
  else delete node.expanded;
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
  // Only lists of two or more are checked (a lone child cannot be misordered).
  let addresses: Array<string | null> | null = count >= 2 ? [] : null;
  for (let i = 0; i < count; i++) {
    let child: Accessible | null;
    try {
      child = walk.session.child(accessible, i);
    } catch {
      return true;
    }
    if (child === null) return true;
    if (walk.include !== null && !walk.include(child, depth + 1)) {
      walk.session.unref(child);
      addresses = null;
      continue;
    }
    addresses?.push(addressOf(child));
    const more = walkChild(walk, child, node, depth);
    if (!more) return false;
  }
  if (addresses !== null) {
    walk.walked.push({
      parent: walk.session.ref(accessible),
      node,
      depth,
      addresses,
      quirks: walk.quirks,
    });
  }
  return true;
}

/**
 * The node of an accessible whose application does not answer: its name as
 * libatspi cached it, no children, `truncated` without a count (children
 * unread, not cut by depth). Nothing is asked of the application.
 */
function unanswered(walk: Walk, child: Accessible): Element {
  walk.cutShort ??= "unresponsive";
  const roleNumber = walk.session.role(child);
  const atspiRole = roleNumber < 0 ? "unknown" : walk.session.roleName(roleNumber);
  return {
    id: "",
    name: walk.session.name(child).trim(),
    role: serviceRole(atspiRole, false, false),
    value: null,
    bounds: { ...NO_BOUNDS },
    enabled: false,
    focused: false,
    keyboard_shortcut: null,
    description: null,
    children: [],
    platform_role: atspiRole,
    truncated: true,
  };
}

/** Describes `child` under `node` and walks below it; false once a limit stopped the walk. */
function walkChild(walk: Walk, child: Accessible, node: Element, depth: number): boolean {
  try {
    if (walk.nodes >= walk.limits.maxNodes) {
      walk.cutShort = "nodes";
      return false;
    }
    if (performance.now() > walk.deadline) {
      walk.cutShort = "time";
      return false;
    }
    if (walk.batch.isSilent(child)) {
      walk.nodes++;
      node.children.push(unanswered(walk, child));
      return true;
    }
    if (walk.topLevels?.depth === depth + 1) walk.quirks = walk.topLevels.quirksOf(child);
    const childNode = describe(walk, child);
    walk.nodes++;
    node.children.push(childNode);
    return walkChildren(walk, child, childNode, depth + 1);
  } finally {
    walk.session.unref(child);
  }
}

/**
 * Walks again, with child lookups over the bus, every list of children that
 * differs from what the application reports; false once a limit stopped it.
 */
function checkOrder(walk: Walk, batch: AtspiBatch): boolean {
  for (let round = 0; round < ORDER_CHECK_ROUNDS && walk.walked.length > 0; round++) {
    const walked = walk.walked;
    walk.walked = [];
    try {
      const actual = batch.children(walked.map((w) => w.parent));
      for (const [i, w] of walked.entries()) {
        const reported = actual[i];
        if (walk.gone.has(w.node) || reported === null || sameList(reported, w.addresses)) continue;
        if (!rewalk(walk, w, reported)) return false;
      }
    } finally {
      for (const w of walked) walk.session.unref(w.parent);
    }
  }
  return true;
}

function sameList(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Rebuilds `w`'s children in the application's order: a child the walk
 * already took keeps its subtree; the others are looked up over the bus and
 * walked. False once a limit stopped the walk.
 */
function rewalk(walk: Walk, w: Walked, reported: string[]): boolean {
  const taken = new Map<string, Element>();
  w.addresses.forEach((address, i) => {
    if (address !== null && !taken.has(address)) taken.set(address, w.node.children[i]);
  });
  const children: Array<Element | null> = reported.map((address) => {
    const node = taken.get(address) ?? null;
    taken.delete(address); // a child listed twice by the cache is kept once
    return node;
  });
  drop(walk, [...taken.values(), ...w.node.children.filter((c) => !children.includes(c))]);
  w.node.children = [];
  const missing = children.flatMap((c, i) => c === null ? [i] : []);
  const fetched = new Map<number, Accessible>();
  walk.session.cacheChildren(w.parent, false);
  try {
    for (const i of missing) {
      const child = walk.session.child(w.parent, i);
      if (child !== null) fetched.set(i, child);
    }
  } catch {
    // what was read stands; the rest is missing, as in any failing child walk
  } finally {
    walk.session.cacheChildren(w.parent, true);
  }
  let going = true;
  walk.quirks = w.quirks;
  for (const [i, kept] of children.entries()) {
    const child = fetched.get(i);
    if (kept !== null) w.node.children.push(kept);
    else if (child !== undefined && going) going = walkChild(walk, child, w.node, w.depth);
    else if (child !== undefined) walk.session.unref(child);
  }
  return going;
}

/**
 * Forgets subtrees that left the tree: their node count and their queued
 * reads; checkOrder skips their lists of children.
 */
function drop(walk: Walk, subtrees: Element[]): void {
  if (subtrees.length === 0) return;
  const gone = new Set<Element>();
  for (const root of subtrees) walkTree(root, (n) => gone.add(n));
  for (const n of gone) walk.gone.add(n);
  walk.nodes -= gone.size;
  for (const list of queuedLists(walk)) {
    const keep = list.filter((q) => !gone.has(q.node));
    for (const q of list) if (gone.has(q.node)) walk.session.unref(q.accessible);
    list.splice(0, list.length, ...keep);
  }
}

function queuedLists(walk: Walk): Queued[][] {
  return [walk.needExtents, walk.needText, walk.described, walk.needActions];
}

/** An assumed interface that answered is listed (see Queued.assumed). */
function confirm(q: Queued, answered: boolean, name: string): void {
  if (!q.assumed || !answered) return;
  q.node.interfaces!.push(name);
  q.node.interfaces!.sort();
}

/** Fills in the queued reads, then releases the queued references. */
function readQueued(walk: Walk, batch: AtspiBatch): void {
  const { needText, described, needActions } = walk;
  const accessibles = (list: Queued[]) => list.map((q) => q.accessible);
  try {
    // libatspi's cached states can lag behind the application (a check box
    // toggled on a hidden page kept its old CHECKED): every node's states are
    // read again, the way its application reports them now.
    const states = batch.states(accessibles(described));
    described.forEach((q, i) => {
      if (states[i] !== null) applyStates(q.node, states[i]);
    });
    // Toolkits that keep SHOWING up to date give hidden widgets sentinel
    // extents: no need to ask, the answer would be "nowhere" anyway.
    const needExtents = walk.needExtents.filter((q) =>
      !q.quirks.reportsShowing || q.node.states!.showing
    );
    const extents = batch.extents(accessibles(needExtents), COORD_SCREEN);
    needExtents.forEach((q, i) => {
      q.node.bounds = toScreen(q.quirks, extents[i]) ?? { ...NO_BOUNDS };
      confirm(q, extents[i] !== null, "component");
    });
    const texts = batch.texts(accessibles(needText), needText.map((q) => q.quirks.textEnd));
    needText.forEach((q, i) => {
      const text = texts[i];
      confirm(q, text !== null, "text");
      if (text === null) return;
      q.node.text = text;
      q.node.value = text;
    });
    const actions = batch.actions(accessibles(needActions));
    needActions.forEach((q, i) => {
      const rows = actions[i];
      confirm(q, rows !== null, "action");
      if (rows === null || rows.length === 0) return;
      q.node.actions = rows.map(([name, description, key_binding]): ElementAction => ({
        name,
        description,
        key_binding,
      }));
      q.node.keyboard_shortcut = keyboardShortcut(rows[0][2]);
    });
    const attributes = batch.attributes(accessibles(described));
    described.forEach((q, i) => {
      const found = attributes[i];
      if (found !== null && Object.keys(found).length > 0) q.node.attributes = found;
    });
  } finally {
    for (const list of queuedLists(walk)) {
      for (const q of list) walk.session.unref(q.accessible);
    }
  }
}

/** Where a capture starts: an accessible, walked as the node at `depth`. */
export interface CaptureStart {
  accessible: Accessible;
  depth: number;
  quirks: FrameQuirks;
  topLevels: TopLevels | null;
  include?: (child: Accessible, depth: number) => boolean;
}

/**
 * Walks `start` and below within `limits` (depth counted from the tree's
 * root, level 0); the root node is returned without ids.
 */
export function walkFrom(
  session: AtspiConnection,
  batch: AtspiBatch,
  start: CaptureStart,
  limits: CaptureLimits,
  memo: CaptureMemo,
): { root: Element; nodeCount: number; cutShort: Capture["cutShort"] } {
  const started = performance.now();
  const walk: Walk = {
    session,
    batch,
    walked: [],
    gone: new Set(),
    needExtents: [],
    needText: [],
    described: [],
    needActions: [],
    limits,
    quirks: start.quirks,
    topLevels: start.topLevels,
    include: start.include ?? null,
    memo,
    // Half the time limit to walk, the rest for the reads that follow.
    deadline: started + limits.timeoutMs / 2,
    nodes: 1,
    cutShort: null,
  };
  batch.deadline = started + limits.timeoutMs;
  batch.late = false;
  try {
    const root = describe(walk, start.accessible);
    try {
      if (walkChildren(walk, start.accessible, root, start.depth)) checkOrder(walk, batch);
    } finally {
      for (const w of walk.walked) session.unref(w.parent);
    }
    readQueued(walk, batch);
    // Reads the time limit left out: some nodes lack states, bounds or text.
    if (batch.late) walk.cutShort ??= "time";
    return { root, nodeCount: walk.nodes, cutShort: walk.cutShort };
  } finally {
    batch.deadline = Infinity;
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
  const start = { accessible: frame, depth: 0, quirks, topLevels: null };
  const { root, nodeCount, cutShort } = walkFrom(session, batch, start, limits, memo);
  // Client-side-decorated GTK windows leave their frame unnamed; the title is the name.
  if (root.name === "") root.name = title;
  return {
    root: assignIds(root),
    nodeCount,
    captureMs: Math.round((performance.now() - started) * 10) / 10,
    cutShort,
  };
}
