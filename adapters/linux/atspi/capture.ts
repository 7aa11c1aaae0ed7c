// Walks one AT-SPI frame into the service's Element tree, bounded by depth,
// node count and time. Children keep their AT-SPI index as their position, so
// an element id ("root.3.2") is also the path back to the accessible.
//
// Most of a window is in libatspi's cache (names, roles, states, interfaces,
// children) and is walked from it without a round trip. What the cache does
// not hold costs a round trip per question in libatspi, so it is asked over
// the host's own bus connection, many questions at once (batch.ts):
// - objects libatspi does not cache (TRANSIENT ones: GTK3's table cells) and
//   the children of objects whose children it does not cache (tables, menus),
//   level by level with their whole subtrees;
// - every node's live states (the cache can lag: a check box toggled on a
//   hidden page kept its old CHECKED), extents, texts, actions, attributes,
//   values and the labels of unnamed fields: asked right behind each round of
//   the walk's own questions for the nodes described so far, so that the
//   application answers them while the walk works on the round's answers,
//   and the rest after the walk.
//
// libatspi's cache can also misorder children: it places each by the index in
// parent the application reported when it was added, and a GTK3 header bar
// reports -1 for the box of window buttons, which then goes missing while
// another child shows twice. A cache that can lose a child from a list of
// three can lose it from a list of one, or leave the list empty. So every
// walked list of children, an empty one included, is checked against the
// application's own (GetChildren), and a list that differs is rebuilt in the
// application's order.

import {
  type Capture,
  type CaptureLimits,
  captureMsSince,
  tenthsOfMs,
  withUnresponsive,
} from "../../types.ts";
import type { Bounds, Element, ElementAction } from "../../../lib/model/tree.ts";
import { assignIds, walk as walkTree } from "../../../lib/model/tree.ts";
import type { Accessible, AtspiConnection, Interfaces } from "./connection.ts";
import { isToggleRole, serviceRole } from "./roles.ts";
import { hasState, stateRecord } from "./states.ts";
import { COORD_SCREEN, RELATION_LABELLED_BY, State } from "../ffi/atspi.ts";
import { keyboardShortcut } from "../x11/key_bindings.ts";
import { type FrameQuirks, toScreen } from "./frame_quirks.ts";
import { correctEmbeddedOrigins, type Offset } from "./embedded_origin.ts";
import {
  ACCESSIBLE_PROPERTIES,
  accessibleAt,
  ACTIONS,
  actionText,
  addressOf,
  Asked,
  type AtspiBatch,
  ATTRIBUTES,
  CHILD_COUNT,
  childAt,
  CHILDREN,
  DESCRIPTION,
  extents,
  INDEX_IN_PARENT,
  INTERFACES,
  NAME,
  RELATIONS,
  ROLE,
  type Started,
  STATE,
  TABLE_COLUMNS,
  type Target,
  targetOf,
  texts,
  VALUE_PARTS,
} from "./batch.ts";
import { markDepthCut, roomForNode, type WalkBudget } from "../../walk_budget.ts";

/** A node waiting for reads after the walk, with the object it describes. */
interface Queued {
  node: Element;
  target: Target | null;
  /** How the node's top-level window answers. */
  quirks: FrameQuirks;
  /** Whether its states were read live (or from the cache, to be read again). */
  live: boolean;
}

/** A node still to be described, or a node whose children are still to be listed, over the bus. */
interface Remote {
  node: Element;
  target: Target;
  /** The node's depth. */
  depth: number;
  quirks: FrameQuirks;
}

/** A walked list of children, to check against the application's. */
interface Walked {
  parent: Target;
  node: Element;
  depth: number;
  /** The address of each child, in the order the walk took them. */
  addresses: Array<string | null>;
  quirks: FrameQuirks;
}

/**
 * The next round's lists of children to check and live states to read: those
 * not asked yet, and those asked while the walk went on, in parts of
 * ASK_AHEAD_AT (askAhead).
 */
interface Ahead {
  walked: Walked[];
  cachedStates: Queued[];
  asked: AskedAhead[];
}

interface AskedAhead {
  started: Started;
  walked: Walked[];
  lists: Asked<Target[]>;
  cachedStates: Queued[];
  live: Asked<bigint>;
}

/**
 * A walk through libatspi's cache finds hundreds of lists and states for the
 * next round before the round is asked (mousepad: 0.5 ms of its walk, with
 * the application idle); they are asked this many at a time as they are found
 * (in pairs, mousepad's capture: 24 at a time 1.5 ms faster than 64, and as
 * fast as 8).
 */
const ASK_AHEAD_AT = 24;

const noneAhead = (): Ahead => ({ walked: [], cachedStates: [], asked: [] });

/** Top-level windows of a desktop walk: their depth, and how each answers. */
export interface TopLevels {
  depth: number;
  quirksOf: (topLevel: Accessible) => FrameQuirks;
}

/** A node whose children are still to be listed over the bus; `count` once known. */
type Unlisted = Remote & { count: number | null };

interface Walk extends WalkBudget {
  session: AtspiConnection;
  /** Applications it found silent are not walked into (see markUnanswered). */
  batch: AtspiBatch;
  walked: Walked[];
  /** Nodes whose facts libatspi does not cache. */
  undescribed: Remote[];
  /** Nodes whose children libatspi does not list from its cache; `count` once known. */
  unlisted: Unlisted[];
  /** Nodes described from libatspi's cache: their states are read again. */
  cachedStates: Queued[];
  /** The next round's lists and live states, some asked already (see askAhead). */
  ahead: Ahead;
  needExtents: Queued[];
  needText: Queued[];
  needActions: Queued[];
  needValue: Queued[];
  /** Unnamed fields, named by their labels. */
  needLabel: Queued[];
  /** Every node described. */
  described: Queued[];
  /** Nodes described whose attributes are not asked yet: they are read for all. */
  needAttributes: Queued[];
  /** Reads asked already, in the order asked (see startReads). */
  reading: Reads[];
  /** How the top-level window being walked answers. */
  quirks: FrameQuirks;
  /** In a desktop walk: where top-level windows sit, and how each answers. */
  topLevels: TopLevels | null;
  /** Which children to walk (default: all); a filtered list is not order-checked. */
  include: ((child: Accessible, depth: number) => boolean) | null;
  /** Whether a field was named by its label (another object's name). */
  labelled: boolean;
  /** Asked between rounds: true gives the walk up (WalkYielded). */
  yieldTo: (() => boolean) | null;
}

/** A walk given up between its rounds because `yieldTo` said so. */
export class WalkYielded extends Error {
  constructor() {
    super("the walk made way for a request");
  }
}

/** Gives the walk up when its `yieldTo` says so, leaving the applications nothing unasked. */
function yieldIfAsked(walk: Walk): void {
  if (walk.yieldTo === null || !walk.yieldTo()) return;
  walk.batch.abandon();
  throw new WalkYielded();
}

/**
 * Roles a screen reader names from their label when they have no name of
 * their own (an entry beside "Name?").
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

/** Interfaces keys → the names `interfaces` lists and the D-Bus interface names. */
const INTERFACE_NAMES: ReadonlyArray<[keyof Interfaces, string, string]> = [
  ["action", "action", "org.a11y.atspi.Action"],
  ["component", "component", "org.a11y.atspi.Component"],
  ["document", "document", "org.a11y.atspi.Document"],
  ["editableText", "editable_text", "org.a11y.atspi.EditableText"],
  ["hypertext", "hypertext", "org.a11y.atspi.Hypertext"],
  ["image", "image", "org.a11y.atspi.Image"],
  ["selection", "selection", "org.a11y.atspi.Selection"],
  ["table", "table", "org.a11y.atspi.Table"],
  ["text", "text", "org.a11y.atspi.Text"],
  ["value", "value", "org.a11y.atspi.Value"],
];

/** Lists of children longer than this are read child by child (a spreadsheet has millions). */
const CHILD_LIST_LIMIT = 1024;

const NO_BOUNDS: Bounds = { x: 0, y: 0, width: 0, height: 0 };

/** What a node is made from, however it was read. */
interface Facts {
  role: number;
  states: bigint;
  name: string;
  description: string;
  interfaces: Interfaces;
}

function address(target: Target | null): string | null {
  return target === null ? null : addressOf(target);
}

function emptyNode(): Element {
  return {
    id: "",
    name: "",
    role: "",
    value: null,
    bounds: { ...NO_BOUNDS },
    enabled: false,
    focused: false,
    keyboard_shortcut: null, // from the first action's key binding, read later
    description: null,
    children: [],
  };
}

/** Facts from libatspi (its cache, for a cached object). */
function libatspiFacts(session: AtspiConnection, accessible: Accessible): Facts {
  return {
    role: session.role(accessible),
    states: session.states(accessible),
    name: session.name(accessible),
    description: session.description(accessible),
    interfaces: session.interfaces(accessible),
  };
}

/**
 * `name` without padding (mousepad's menu items end in spaces before the
 * accelerator), copied flat when trimming took something off: V8 writes what
 * `trim()` leaves of such names into JSON 2–3 times slower than a copy (the
 * host's JSON of mousepad's tree: 0.55 → 0.30 ms; which form V8 keeps them in
 * was not pinned down).
 */
function trimmedName(name: string): string {
  const trimmed = name.trim();
  return trimmed === name ? name : JSON.parse(JSON.stringify(trimmed));
}

/** Fills `node` from `facts` and queues the reads it needs after the walk. */
function describe(
  walk: Walk,
  node: Element,
  target: Target | null,
  facts: Facts,
  quirks: FrameQuirks,
  statesAreLive: boolean,
): void {
  const atspiRole = roleNameOf(walk, facts.role);
  node.name = trimmedName(facts.name);
  node.description = facts.description || null;
  node.platform_role = atspiRole;
  node.interfaces = INTERFACE_NAMES.flatMap(([key, label]) => facts.interfaces[key] ? [label] : []);
  applyStates(node, facts.states);
  const queued: Queued = { node, target, quirks, live: statesAreLive };
  if (!statesAreLive) {
    walk.cachedStates.push(queued);
    walk.ahead.cachedStates.push(queued);
    askAhead(walk);
  }
  if (facts.interfaces.component) walk.needExtents.push(queued);
  if (facts.interfaces.text) walk.needText.push(queued);
  if (facts.interfaces.action) walk.needActions.push(queued);
  if (facts.interfaces.value) walk.needValue.push(queued);
  if (node.name === "" && LABELLED_ROLES.has(atspiRole)) walk.needLabel.push(queued);
  walk.described.push(queued);
  walk.needAttributes.push(queued);
}

/** The fields a state set decides. */
function applyStates(node: Element, states: bigint): void {
  const atspiRole = node.platform_role!;
  node.role = serviceRole(
    atspiRole,
    hasState(states, State.EDITABLE),
    hasState(states, State.MULTI_LINE),
  );
  node.enabled = hasState(states, State.ENABLED) || hasState(states, State.SENSITIVE);
  node.focused = hasState(states, State.FOCUSED);
  node.states = stateRecord(states);
  if (
    hasState(states, State.SELECTABLE) || hasState(states, State.CHECKABLE) ||
    isToggleRole(atspiRole)
  ) {
    node.selected = hasState(states, State.SELECTED) || hasState(states, State.CHECKED);
  } else {
    delete node.selected;
  }
  if (hasState(states, State.EXPANDABLE)) node.expanded = hasState(states, State.EXPANDED);
  else delete node.expanded;
}

/** Whether a list of children at `depth` is above the top-level windows of a desktop walk. */
function aboveTopLevels(walk: Walk, depth: number): boolean {
  return depth < (walk.topLevels?.depth ?? 0);
}

/** Adds `accessible`'s children below `node`; false once a limit stopped the walk. */
function walkChildren(walk: Walk, accessible: Accessible, node: Element, depth: number): boolean {
  const target = targetOf(accessible);
  // Desktop walks filter applications and place top-level windows through libatspi's objects.
  if (target !== null && !aboveTopLevels(walk, depth) && !walk.session.childrenCached(accessible)) {
    walk.unlisted.push({ node, target, depth, quirks: walk.quirks, count: null });
    return true;
  }
  let count: number;
  try {
    count = walk.session.childCount(accessible);
  } catch {
    return true; // a failing child walk truncates this node's children
  }
  if (count > 0 && depth >= walk.limits.maxDepth) {
    markDepthCut(walk, node, count);
    return true;
  }
  // Every list is checked, an empty one too: the cache can miss a child as well as misplace it.
  let addresses: Array<string | null> | null = target !== null ? [] : null;
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
    const childTarget = targetOf(child);
    addresses?.push(address(childTarget));
    const more = walkChild(walk, child, childTarget, node, depth);
    walk.session.unref(child);
    if (!more) return false;
  }
  if (addresses !== null) {
    const list = { parent: target!, node, depth, addresses, quirks: walk.quirks };
    walk.walked.push(list);
    walk.ahead.walked.push(list);
    askAhead(walk);
  }
  return true;
}

/** Asks the next round's lists and live states found so far once there are ASK_AHEAD_AT. */
function askAhead(walk: Walk): void {
  const { ahead } = walk;
  if (ahead.walked.length + ahead.cachedStates.length < ASK_AHEAD_AT) return;
  const lists = new Asked(ahead.walked.map((w) => w.parent), CHILDREN);
  const live = new Asked(ahead.cachedStates.map((q) => q.target), STATE);
  const started = walk.batch.start(lists, live);
  ahead.asked.push({
    started,
    walked: ahead.walked,
    lists,
    cachedStates: ahead.cachedStates,
    live,
  });
  ahead.walked = [];
  ahead.cachedStates = [];
}

/** libatspi's name for an AtspiRole number ("push button"); "unknown" for -1. */
function roleNameOf(walk: Walk, role: number): string {
  return role < 0 ? "unknown" : walk.session.roleName(role);
}

/**
 * Makes `node` the node of an object whose application does not answer: the
 * name and role libatspi cached (if any), no children, `truncated` without a
 * count (children unread, not cut by depth). Nothing is asked of the application.
 */
function markUnanswered(walk: Walk, node: Element, atspiRole: string, name: string): void {
  walk.cutShort = withUnresponsive(walk.cutShort);
  node.name = name;
  node.role = serviceRole(atspiRole, false, false);
  node.platform_role = atspiRole;
  node.truncated = true;
}

/** Describes `child` under `node` and walks below it; false once a limit stopped the walk. */
function walkChild(
  walk: Walk,
  child: Accessible,
  target: Target | null,
  node: Element,
  depth: number,
): boolean {
  if (!roomForNode(walk)) return false;
  walk.nodes++;
  if (walk.batch.isSilent(target)) {
    const silent = emptyNode();
    node.children.push(silent);
    const role = roleNameOf(walk, walk.session.role(child));
    markUnanswered(walk, silent, role, walk.session.name(child).trim());
    return true;
  }
  if (walk.topLevels?.depth === depth + 1) walk.quirks = walk.topLevels.quirksOf(child);
  if (target !== null && !aboveTopLevels(walk, depth + 1) && !walk.session.isCached(child)) {
    placeUndescribed(walk, node, target, depth + 1);
    return true;
  }
  const childNode = emptyNode();
  node.children.push(childNode);
  describe(walk, childNode, target, libatspiFacts(walk.session, child), walk.quirks, false);
  return walkBelow(walk, child, childNode, depth + 1);
}

/** walkChildren, but for an unused menu bar (see MENU_BAR), whose children are not read. */
function walkBelow(walk: Walk, accessible: Accessible, node: Element, depth: number): boolean {
  if (node.platform_role === MENU_BAR && isUnused(walk.session.extents(accessible))) {
    markUnread(node);
    return true;
  }
  return walkChildren(walk, accessible, node, depth);
}

/**
 * A menu bar that takes no room on the screen is not used: LibreOffice keeps
 * its own at height 0 beside the toolkit's menu bar that it draws, the same
 * menus again (850 of a Writer window's 1,933 nodes, half its capture). Its
 * menus show nowhere and can be clicked nowhere, so they are not read.
 */
const MENU_BAR = "menu bar";

function isUnused(bounds: Bounds | null): boolean {
  return bounds !== null && (bounds.width <= 0 || bounds.height <= 0);
}

/** A node whose children were not read: `truncated` without a count. */
function markUnread(node: Element): void {
  node.truncated = true;
}

/** Adds an empty node for `target` below `node`, to be described over the bus (already counted). */
function placeUndescribed(walk: Walk, node: Element, target: Target, depth: number): void {
  const placed = emptyNode();
  node.children.push(placed);
  walk.undescribed.push({ node: placed, target, depth, quirks: walk.quirks });
}

/**
 * Adds children listed over the bus below `parent`, as many as the limits
 * allow: those libatspi caches are walked from its cache, the others are
 * left to describe over the bus. False once a limit stopped the walk.
 */
function placeChildren(walk: Walk, parent: Remote, children: Target[]): boolean {
  walk.quirks = parent.quirks;
  for (const target of children) {
    if (!roomForNode(walk)) return false;
    const child = walk.session.accessibleAt(target.bus, target.path);
    if (child === null) {
      // An application libatspi does not know (yet): asked over the bus like any other.
      walk.nodes++;
      placeUndescribed(walk, parent.node, target, parent.depth + 1);
      continue;
    }
    try {
      if (!walkChild(walk, child, target, parent.node, parent.depth)) return false;
    } finally {
      walk.session.unref(child);
    }
  }
  return true;
}

/** Whether the node or time limit stopped the walk. */
function stopped(walk: Walk): boolean {
  return walk.cutShort === "nodes" || walk.cutShort === "time";
}

/**
 * After the walk through libatspi's cache, level by level: reads the live
 * states of the nodes walked from the cache, checks the order of the lists
 * walked, describes undescribed nodes (role, live states, interfaces, name,
 * description and child count, asked at once) and lists the children of
 * unlisted ones (walked from the cache where it has them).
 */
function walkOverTheBus(walk: Walk): void {
  const { batch } = walk;
  const pending = () =>
    walk.walked.length + walk.undescribed.length + walk.unlisted.length +
    walk.cachedStates.length;
  while (pending() > 0) {
    yieldIfAsked(walk);
    // One round asks everything this level needs, live states of the nodes walked from the cache
    // included (those askAhead asked already are only read).
    const { walked, undescribed, cachedStates, ahead } = walk;
    walk.walked = [];
    walk.undescribed = [];
    walk.cachedStates = [];
    walk.ahead = noneAhead();
    const lists = new Asked(ahead.walked.map((w) => w.parent), CHILDREN);
    const live = new Asked(ahead.cachedStates.map((q) => q.target), STATE);
    const targets = undescribed.map((r) => r.target);
    const roles = new Asked(targets, ROLE);
    const states = new Asked(targets, STATE);
    const interfaces = new Asked(targets, INTERFACES);
    const oneByOne = targets.map((t) => batch.readsPropertiesOneByOne(t));
    const properties = new Asked(
      targets.map((t, i) => oneByOne[i] ? null : t),
      ACCESSIBLE_PROPERTIES,
    );
    const singly = targets.map((t, i) => oneByOne[i] ? t : null);
    const singleNames = new Asked(singly, NAME);
    const descriptions = new Asked(singly, DESCRIPTION);
    const childCounts = new Asked(singly, CHILD_COUNT);
    const uncounted = walk.unlisted.filter((u) => u.count === null);
    const counts = new Asked(uncounted.map((u) => u.target), CHILD_COUNT);
    const round = batch.start(
      lists,
      live,
      roles,
      states,
      interfaces,
      properties,
      singleNames,
      descriptions,
      childCounts,
      counts,
    );
    startReads(walk, false);
    for (const { started } of ahead.asked) batch.finish(started);
    batch.finish(round);
    const listOf = new Map<Walked, Target[] | null>();
    const stateOf = new Map<Queued, bigint | null>();
    const rest = { walked: ahead.walked, lists, cachedStates: ahead.cachedStates, live };
    for (const part of [...ahead.asked, rest]) {
      part.walked.forEach((w, i) => listOf.set(w, part.lists.results[i]));
      part.cachedStates.forEach((q, i) => stateOf.set(q, part.live.results[i]));
    }
    cachedStates.forEach((q) => {
      const states = stateOf.get(q) ?? null;
      if (states !== null) applyStates(q.node, states);
      q.live = true;
    });
    const gone = checkOrder(walk, walked, walked.map((w) => listOf.get(w) ?? null));
    uncounted.forEach((u, i) => u.count = counts.results[i] ?? 0);
    const menuBars: Unlisted[] = [];
    undescribed.forEach((r, i) => {
      if (gone.has(r.node)) return;
      if (batch.isSilent(r.target)) {
        markUnanswered(walk, r.node, "unknown", "");
        return;
      }
      const names = new Set(interfaces.results[i] ?? []);
      const props = oneByOne[i]
        ? {
          name: singleNames.results[i] ?? "",
          description: descriptions.results[i] ?? "",
          childCount: childCounts.results[i] ?? 0,
        }
        : properties.results[i];
      const facts: Facts = {
        role: roles.results[i] ?? -1,
        states: states.results[i] ?? 0n,
        name: props?.name ?? "",
        description: props?.description ?? "",
        interfaces: Object.fromEntries(
          INTERFACE_NAMES.map(([key, , dbusName]) => [key, names.has(dbusName)]),
        ) as unknown as Interfaces,
      };
      describe(walk, r.node, r.target, facts, r.quirks, true);
      if ((props?.childCount ?? 0) === 0) return;
      const unlisted = { ...r, count: props!.childCount };
      walk.unlisted.push(unlisted);
      if (r.node.platform_role === MENU_BAR) menuBars.push(unlisted);
    });
    leaveUnusedMenuBars(walk, menuBars);
    // Nodes placed are always described; past a limit no more are placed.
    if (walk.unlisted.length > 0 && performance.now() > walk.deadline) walk.cutShort = "time";
    if (stopped(walk)) walk.unlisted = [];
    listChildren(walk);
  }
}

/**
 * Takes the unused ones among `bars`, menu bars described over the bus (see
 * MENU_BAR), out of the nodes whose children are listed next.
 */
function leaveUnusedMenuBars(walk: Walk, bars: Unlisted[]): void {
  if (bars.length === 0) return;
  const bounds = walk.batch.ask(bars.map((u) => u.target), extents(COORD_SCREEN));
  const unused = new Set(bars.filter((_, i) => isUnused(bounds[i])));
  for (const bar of unused) markUnread(bar.node);
  walk.unlisted = walk.unlisted.filter((u) => !unused.has(u));
}

/**
 * The children to read of tables too long to list (a spreadsheet's sheet has
 * INT32_MAX): the cells in the table's visible area, in rows. The area's
 * corner cells are the application's own answer to "what is at this point"
 * (in its coordinates), and a cell's place in the list is row × columns +
 * column. A table whose corners cannot be found reads no cells.
 */
function visibleCells(walk: Walk, tables: Remote[]): Map<Remote, number[]> {
  const found = new Map<Remote, number[]>();
  const lists = visibleCellIndices(walk.batch, tables.map((t) => t.target));
  tables.forEach((table, i) => {
    if (lists[i] !== null) found.set(table, lists[i]);
  });
  return found;
}

/**
 * The application's index of the child a capture numbers `position` under
 * `parent`: the same number, except in a table too long to list, whose
 * captured children are its visible cells (visibleCells). Null when there is
 * no such child now.
 */
export function listedChildIndex(
  batch: AtspiBatch,
  parent: Target,
  position: number,
): number | null {
  const [count, interfaces] = [
    new Asked([parent], CHILD_COUNT),
    new Asked([parent], INTERFACES),
  ];
  batch.run(count, interfaces);
  const children = count.results[0];
  if (children === null || position >= children) return null;
  const isTable = interfaces.results[0]?.includes("org.a11y.atspi.Table") ?? false;
  if (children <= CHILD_LIST_LIMIT || !isTable) return position;
  return visibleCellIndices(batch, [parent])[0]?.[position] ?? null;
}

/** Each table's visible cells' indices (see visibleCells); null where the corners are not found. */
function visibleCellIndices(batch: AtspiBatch, tables: readonly Target[]): Array<number[] | null> {
  if (tables.length === 0) return [];
  const bounds = new Asked(tables, extents(COORD_SCREEN));
  const columns = new Asked(tables, TABLE_COLUMNS);
  batch.run(bounds, columns);
  // Two corners per table, in order; a table without an area asks nothing there.
  const corners = tables.flatMap((table, i) => {
    const b = bounds.results[i];
    const target = b !== null && b.width >= 3 && b.height >= 3 ? table : null;
    const { x, y, width, height } = b ?? NO_BOUNDS;
    return [
      { target, at: { x: x + 1, y: y + 1 } },
      { target, at: { x: x + width - 2, y: y + height - 2 } },
    ];
  });
  const cells = batch.ask(
    corners.map((c) => c.target),
    accessibleAt(corners.map((c) => c.at), COORD_SCREEN),
  );
  const places = batch.ask(cells, INDEX_IN_PARENT);
  return tables.map((_, i) => {
    const width = columns.results[i];
    const [first, last] = [places[2 * i], places[2 * i + 1]];
    if (width === null || width <= 0 || first === null || last === null) return null;
    const [top, left] = [Math.floor(first / width), first % width];
    const [bottom, right] = [Math.floor(last / width), last % width];
    const indices: number[] = [];
    for (let row = top; row <= bottom; row++) {
      for (let column = left; column <= right; column++) indices.push(row * width + column);
    }
    return indices;
  });
}

/** Lists the children of every unlisted node at once, within the depth and node limits. */
function listChildren(walk: Walk): void {
  const unlisted = walk.unlisted;
  walk.unlisted = [];
  const whole: Remote[] = [];
  const tables: Remote[] = [];
  const oneByOne: Array<{ parent: Remote; index: number }> = [];
  for (const u of unlisted) {
    // Placed this round by a rebuilt list (checkOrder): counted in the next round, then listed.
    if (u.count === null) {
      walk.unlisted.push(u);
      continue;
    }
    const count = u.count;
    if (count <= 0) continue;
    if (u.depth >= walk.limits.maxDepth) {
      markDepthCut(walk, u.node, count);
      continue;
    }
    if (count <= CHILD_LIST_LIMIT) whole.push(u);
    else if (u.node.interfaces?.includes("table")) tables.push(u);
    else {
      const room = Math.max(0, Math.min(count, walk.limits.maxNodes - walk.nodes));
      for (let index = 0; index < room; index++) oneByOne.push({ parent: u, index });
    }
  }
  for (const [table, indices] of visibleCells(walk, tables)) {
    const room = Math.max(0, walk.limits.maxNodes - walk.nodes - oneByOne.length);
    for (const index of indices.slice(0, room)) oneByOne.push({ parent: table, index });
  }
  const lists = new Asked(whole.map((u) => u.target), CHILDREN);
  const each = new Asked(
    oneByOne.map((c) => c.parent.target),
    childAt(oneByOne.map((c) => c.index)),
  );
  const round = walk.batch.start(lists, each);
  startReads(walk, false);
  walk.batch.finish(round);
  const listed = new Map<Remote, Target[]>();
  whole.forEach((u, i) => listed.set(u, lists.results[i] ?? []));
  oneByOne.forEach(({ parent }, i) => {
    const children = listed.get(parent) ?? [];
    if (each.results[i] !== null) children.push(each.results[i]!);
    listed.set(parent, children);
  });
  for (const [parent, children] of listed) if (!placeChildren(walk, parent, children)) return;
}

/**
 * Rebuilds every walked list of children that differs from what the
 * application reports (`reported`, in the same order), in the application's
 * order: a child the walk already took keeps its subtree; the others are
 * described over the bus. Returns the nodes that left the tree.
 */
function checkOrder(
  walk: Walk,
  walked: Walked[],
  reported: Array<Target[] | null>,
): Set<Element> {
  const gone = new Set<Element>();
  for (const [i, w] of walked.entries()) {
    const actual = reported[i];
    if (gone.has(w.node) || actual === null) continue;
    const addresses = actual.map(address);
    if (sameList(addresses, w.addresses)) continue;
    if (w.depth >= walk.limits.maxDepth) {
      // Children the cache missed, below the depth limit: cut there, like any other.
      w.node.truncated = true;
      w.node.child_count = actual.length;
      walk.cutShort ??= "depth";
      continue;
    }
    const taken = new Map<string, Element>();
    w.addresses.forEach((a, j) => {
      if (a !== null && !taken.has(a)) taken.set(a, w.node.children[j]);
    });
    const kept = addresses.map((a) => {
      const node = taken.get(a!) ?? null;
      taken.delete(a!); // a child listed twice by the cache is kept once
      return node;
    });
    const dropped = new Set<Element>();
    for (const child of w.node.children) {
      if (!kept.includes(child)) walkTree(child, (n) => dropped.add(n));
    }
    forget(walk, dropped);
    for (const n of dropped) gone.add(n);
    w.node.children = [];
    const parent: Remote = { node: w.node, target: w.parent, depth: w.depth, quirks: w.quirks };
    actual.forEach((target, j) => {
      const node = kept[j];
      if (node !== null) w.node.children.push(node);
      else placeChildren(walk, parent, [target]);
    });
  }
  return gone;
}

/** Forgets nodes that left the tree: their count and their pending reads. */
function forget(walk: Walk, gone: Set<Element>): void {
  if (gone.size === 0) return;
  walk.nodes -= gone.size;
  const keep = <T extends { node: Element }>(list: T[]) => list.filter((q) => !gone.has(q.node));
  walk.undescribed = keep(walk.undescribed);
  walk.unlisted = keep(walk.unlisted);
  walk.cachedStates = keep(walk.cachedStates);
  walk.needExtents = keep(walk.needExtents);
  walk.needText = keep(walk.needText);
  walk.needActions = keep(walk.needActions);
  walk.needValue = keep(walk.needValue);
  walk.needLabel = keep(walk.needLabel);
  walk.described = keep(walk.described);
  walk.needAttributes = keep(walk.needAttributes);
}

function sameList(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * GTK 4 reports neither SHOWING nor ENABLED, only VISIBLE and SENSITIVE: the
 * states other toolkits would give are derived (showing: visible with an area
 * on screen; enabled: sensitive), so filters written for those toolkits
 * (OSWorld's table and set-of-marks) keep its controls.
 */
function completeStates(node: Element): void {
  const states = node.states;
  if (!states) return;
  const { width, height } = node.bounds;
  if (states.visible && width > 0 && height > 0) states.showing = true;
  if (states.sensitive) states.enabled = true;
}

/** Reads asked of queued nodes (startReads), to fill in once answered (fillReads). */
interface Reads {
  started: Started;
  needExtents: Queued[];
  bounds: Asked<Bounds>;
  needText: Queued[];
  text: Asked<string>;
  needActions: Queued[];
  actions: Asked<string[][]>;
  needValue: Queued[];
  values: Asked<number>[];
  needLabel: Queued[];
  relations: Asked<Array<[number, Target[]]>>;
  needAttributes: Queued[];
  attributes: Asked<Record<string, string>>;
}

/**
 * Asks the reads queued so far of the nodes described, without waiting for
 * the answers. Sent right after a round of the walk's own questions, they
 * keep the application busy while the walk works on that round's answers.
 * Extents wait for live states (`all`: every node's are live by then):
 * toolkits that keep SHOWING up to date give hidden widgets sentinel
 * extents, so those are not asked, the answer would be "nowhere" anyway.
 */
function startReads(walk: Walk, all: boolean): void {
  const { needText, needActions, needValue, needLabel, needAttributes } = walk;
  const needExtents = walk.needExtents.filter((q) => all || q.live);
  if (needExtents.length + needAttributes.length === 0) return;
  walk.needExtents = all ? [] : walk.needExtents.filter((q) => !q.live);
  walk.needText = [];
  walk.needActions = [];
  walk.needValue = [];
  walk.needLabel = [];
  walk.needAttributes = [];
  const shown = needExtents.filter((q) => !q.quirks.reportsShowing || q.node.states!.showing);
  const targets = (list: Queued[]) => list.map((q) => q.target);
  const bounds = new Asked(targets(shown), extents(COORD_SCREEN));
  const text = new Asked(targets(needText), texts(needText.map((q) => q.quirks.textEnd)));
  const actions = new Asked(targets(needActions), ACTIONS);
  const values = VALUE_PARTS.map((part) => new Asked(targets(needValue), part));
  const relations = new Asked(targets(needLabel), RELATIONS);
  const attributes = new Asked(targets(needAttributes), ATTRIBUTES);
  walk.reading.push({
    started: walk.batch.start(bounds, text, actions, ...values, relations, attributes),
    needExtents: shown,
    bounds,
    needText,
    text,
    needActions,
    actions,
    needValue,
    values,
    needLabel,
    relations,
    needAttributes,
    attributes,
  });
}

/**
 * Fills in the reads queued during the walk: those asked already, and the
 * rest asked now (after walkOverTheBus: every node's states are live by then).
 */
function readQueued(walk: Walk): void {
  startReads(walk, true);
  const labels: Array<Target | null> = [];
  const needLabel: Queued[] = [];
  for (const reads of walk.reading) {
    fillReads(walk.batch, reads);
    // A screen reader's name for an unnamed field: its first labelled-by target's.
    reads.relations.results.forEach((r, i) => {
      labels.push(
        r?.find(([type, to]) => type === RELATION_LABELLED_BY && to.length > 0)?.[1][0] ?? null,
      );
      needLabel.push(reads.needLabel[i]);
    });
  }
  walk.reading = [];
  const names = walk.batch.ask(labels, NAME);
  needLabel.forEach((q, i) => {
    if (names[i] !== null) q.node.name = names[i].trim();
  });
  walk.labelled = labels.some((label) => label !== null);
}

/** Waits for the answers of reads asked (startReads) and fills them in. */
function fillReads(batch: AtspiBatch, reads: Reads): void {
  const { needExtents, bounds, needValue, values, needText, text, needActions, actions } = reads;
  batch.finish(reads.started);
  needExtents.forEach((q, i) => {
    q.node.bounds = toScreen(q.quirks, bounds.results[i]) ?? { ...NO_BOUNDS };
    if (!q.quirks.reportsShowing) completeStates(q.node);
  });
  // A text, read below, takes precedence over the number as `value`.
  needValue.forEach((q, i) => {
    const [now, min, max, step] = values.map((part) => part.results[i]);
    if (now === null) return;
    q.node.value_now = now;
    q.node.value_min = min ?? now;
    q.node.value_max = max ?? now;
    q.node.value_step = step ?? 0;
    q.node.value = String(now);
  });
  needText.forEach((q, i) => {
    const found = text.results[i];
    if (found === null) return;
    q.node.text = found;
    q.node.value = found;
  });
  repairActionRows(batch, needActions, actions.results);
  needActions.forEach((q, i) => {
    const rows = actions.results[i];
    if (rows === null || rows.length === 0) return;
    q.node.actions = rows.map(([name, description, key_binding]): ElementAction => ({
      name,
      description,
      key_binding,
    }));
    q.node.keyboard_shortcut = keyboardShortcut(rows[0][2]);
  });
  reads.needAttributes.forEach((q, i) => {
    const found = reads.attributes.results[i];
    if (found !== null && Object.keys(found).length > 0) q.node.attributes = found;
  });
}

/**
 * Gecko (Firefox, Thunderbird) answers GetActions with every string of a row
 * equal to its key binding (";;" for "click", "Click", ";;"): it hands back
 * one buffer that each getter overwrites. Such rows' names and descriptions
 * are asked one action at a time, as libatspi does.
 */
function repairActionRows(
  batch: AtspiBatch,
  asked: Queued[],
  results: Array<string[][] | null>,
): void {
  const broken: Array<{ q: Queued; row: string[] }> = [];
  const indices: number[] = [];
  results.forEach((rows, i) => {
    rows?.forEach((row, index) => {
      if (row[2] !== "" && row[0] === row[2] && row[1] === row[2]) {
        broken.push({ q: asked[i], row });
        indices.push(index);
      }
    });
  });
  if (broken.length === 0) return;
  const targets = broken.map(({ q }) => q.target);
  const names = new Asked(targets, actionText("GetName", indices));
  const descriptions = new Asked(targets, actionText("GetDescription", indices));
  batch.run(names, descriptions);
  broken.forEach(({ row }, i) => {
    row[0] = names.results[i] ?? "";
    row[1] = descriptions.results[i] ?? "";
  });
}

/**
 * The fields an action's checks look at (role, name, states, box, toolkit
 * attributes), for each object, asked of all of them in one round; null
 * when one of them did not answer.
 */
export function readForChecks(
  session: AtspiConnection,
  batch: AtspiBatch,
  targets: readonly Target[],
  quirks: FrameQuirks,
): Element[] | null {
  const roles = new Asked(targets, ROLE);
  const names = new Asked(targets, NAME);
  const states = new Asked(targets, STATE);
  const boxes = new Asked(targets, extents(COORD_SCREEN));
  const attributes = new Asked(targets, ATTRIBUTES);
  batch.run(roles, names, states, boxes, attributes);
  const nodes: Element[] = [];
  for (let i = 0; i < targets.length; i++) {
    const [role, name, state] = [roles.results[i], names.results[i], states.results[i]];
    if (role === null || name === null || state === null) return null;
    const node = emptyNode();
    node.name = name.trim();
    node.platform_role = role < 0 ? "unknown" : session.roleName(role);
    applyStates(node, state);
    node.bounds = toScreen(quirks, boxes.results[i]) ?? { ...NO_BOUNDS };
    if (!quirks.reportsShowing) completeStates(node);
    const found = attributes.results[i];
    if (found !== null && Object.keys(found).length > 0) node.attributes = found;
    nodes.push(node);
  }
  return nodes;
}

/** Where a capture starts: an accessible, walked as the node at `depth`. */
export interface CaptureStart {
  accessible: Accessible;
  depth: number;
  quirks: FrameQuirks;
  topLevels: TopLevels | null;
  include?: (child: Accessible, depth: number) => boolean;
}

/** A walk's trees, and what a mirror of them needs to follow their objects. */
export interface WalkResults {
  /** One tree for each start, in order. */
  roots: Element[];
  nodeCount: number;
  cutShort: Capture["cutShort"];
  /** The object each described node was read from ("bus name" + "object path"). */
  addresses: Map<Element, string>;
  /** Whether a field was named by its label: another object's name change renames it. */
  labelled: boolean;
  /** How long the applications took to answer the walk's reads over the bus (AtspiBatch.answeringMs), ms to a tenth. */
  appMs: number;
}

/** A walk of one start. */
export type WalkResult = Omit<WalkResults, "roots"> & { root: Element };

/**
 * Walks `start` and below within `limits` (depth counted from the tree's
 * root, level 0); the root node is returned without ids.
 */
export function walkFrom(
  session: AtspiConnection,
  batch: AtspiBatch,
  start: CaptureStart,
  limits: CaptureLimits,
  yieldTo: (() => boolean) | null = null,
): WalkResult {
  const { roots: [root], ...rest } = walkMany(session, batch, [start], limits, yieldTo);
  return { root, ...rest };
}

/**
 * Walks several starts at once (every round of reads asks for all of them),
 * within `limits` together; roots are returned without ids.
 */
export function walkMany(
  session: AtspiConnection,
  batch: AtspiBatch,
  starts: CaptureStart[],
  limits: CaptureLimits,
  /** Asked between rounds; true gives the walk up with WalkYielded. */
  yieldTo: (() => boolean) | null = null,
): WalkResults {
  const started = performance.now();
  const [start] = starts;
  const walk: Walk = {
    session,
    batch,
    walked: [],
    undescribed: [],
    unlisted: [],
    cachedStates: [],
    ahead: noneAhead(),
    needExtents: [],
    needText: [],
    needActions: [],
    needValue: [],
    needLabel: [],
    described: [],
    needAttributes: [],
    reading: [],
    limits,
    quirks: start.quirks,
    topLevels: start.topLevels,
    include: start.include ?? null,
    labelled: false,
    yieldTo,
    // Half the time limit to walk, the rest for the reads that follow.
    deadline: started + limits.timeoutMs / 2,
    nodes: starts.length,
    cutShort: null,
  };
  batch.deadline = started + limits.timeoutMs;
  batch.late = false;
  batch.resetAnswering();
  try {
    const roots = starts.map(({ accessible, quirks, depth }) => {
      const root = emptyNode();
      walk.quirks = quirks;
      describe(walk, root, targetOf(accessible), libatspiFacts(session, accessible), quirks, false);
      walkBelow(walk, accessible, root, depth);
      return root;
    });
    walkOverTheBus(walk);
    yieldIfAsked(walk);
    readQueued(walk);
    // Reads the time limit left out: some nodes lack states, bounds or text.
    if (batch.late) walk.cutShort ??= "time";
    const addresses = new Map<Element, string>();
    for (const { node, target } of walk.described) {
      if (target !== null) addresses.set(node, addressOf(target));
    }
    return {
      roots,
      nodeCount: walk.nodes,
      cutShort: walk.cutShort,
      addresses,
      labelled: walk.labelled,
      appMs: tenthsOfMs(batch.answeringMs),
    };
  } finally {
    batch.deadline = Infinity;
  }
}

/** A window's walk: its capture (ids assigned) and what a mirror needs to follow it. */
export interface FrameWalk extends Omit<WalkResults, "roots" | "nodeCount" | "cutShort" | "appMs"> {
  capture: Capture;
  /** How far LibreOffice reported its own widgets from where they are drawn (corrected). */
  embedded: Offset | null;
}

export function captureFrame(
  session: AtspiConnection,
  batch: AtspiBatch,
  frame: Accessible,
  quirks: FrameQuirks,
  limits: CaptureLimits,
  title: string,
  /** Asked between rounds; true gives the walk up with WalkYielded. */
  yieldTo: (() => boolean) | null = null,
): FrameWalk {
  const started = performance.now();
  const start = { accessible: frame, depth: 0, quirks, topLevels: null };
  const { root, nodeCount, cutShort, addresses, labelled, appMs } = walkFrom(
    session,
    batch,
    start,
    limits,
    yieldTo,
  );
  // Client-side-decorated GTK windows leave their frame unnamed; the title is the name.
  if (root.name === "") root.name = title;
  const embedded = correctEmbeddedOrigins(root);
  return {
    capture: {
      root: assignIds(root),
      nodeCount,
      captureMs: captureMsSince(started),
      appMs,
      cutShort,
    },
    addresses,
    labelled,
    embedded,
  };
}
