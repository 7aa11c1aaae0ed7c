// The data model shared by every adapter and every renderer.

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One node of an accessibility tree, in its serialized form. */
export interface Element {
  id: string;
  name: string;
  role: string;
  value: string | null;
  bounds: Bounds;
  enabled: boolean;
  focused: boolean;
  keyboard_shortcut: string | null;
  description: string | null;
  children: Element[];
  selected?: boolean;
  expanded?: boolean;
  value_now?: number;
  value_min?: number;
  value_max?: number;
  identifier?: string;
  /** Set on nodes whose children were cut by a depth limit. */
  truncated?: boolean;
  child_count?: number;
  // Platform detail (additive; tree_hash ignores it). Adapters that read a
  // real accessibility API fill it in; the mock leaves it out.
  /** The platform's own role: AT-SPI's role name ("push button"), UIA's ControlType. */
  platform_role?: string;
  /**
   * State flags: the CORE_STATES always (true or false), plus every other
   * state the platform reports as set (true).
   */
  states?: Record<string, boolean>;
  /** The Text interface's content, when the element has one (value may also show it). */
  text?: string;
  /** The Value interface's smallest step (0 when continuous). */
  value_step?: number;
  /** Object attributes (toolkit, id, placeholder-text, ...). */
  attributes?: Record<string, string>;
  /** The element's actions, in the platform's order. */
  actions?: ElementAction[];
  /** Optional platform interfaces the element implements ("text", "value", "image", ...). */
  interfaces?: string[];
}

export interface ElementAction {
  name: string;
  description: string;
  /** The platform's key binding text ("<Control>s"; "" when none). */
  key_binding: string;
}

/** The fields `detail: "full"` adds to the basic (v1) element. */
export const PLATFORM_DETAIL = [
  "platform_role",
  "states",
  "text",
  "value_step",
  "attributes",
  "actions",
  "interfaces",
] as const satisfies ReadonlyArray<keyof Element>;

/** Removes the platform detail from every node of `root`, a copy the caller owns. */
export function stripDetail(root: Element): Element {
  walk(root, (node) => {
    for (const key of PLATFORM_DETAIL) delete node[key];
  });
  return root;
}

/** States every element with `states` lists, true or false. */
export const CORE_STATES = [
  "enabled",
  "sensitive",
  "showing",
  "visible",
  "focusable",
  "focused",
  "editable",
  "checkable",
  "checked",
  "expandable",
  "expanded",
  "selectable",
  "selected",
  "multi_line",
  "modal",
  "active",
] as const;

/** A top-level window as an adapter reports it (the facade sorts and indexes). */
export interface WindowInfo {
  handle: string;
  title: string;
  process: string;
  pid: number;
  bounds: Bounds;
  /** The window manager's active window. */
  focused: boolean;
  /**
   * Where keys go now, where the platform tells it apart from `focused` (X11:
   * the server's input focus, which moves before the manager says so).
   */
  keyboard_focus?: boolean;
  window_uid: string;
  monitor_index?: number;
  scale_factor?: number;
  logical_bounds?: Bounds;
  physical_bounds?: Bounds;
}

export interface Monitor {
  index: number;
  primary: boolean;
  bounds: Bounds;
  scale_factor: number;
  logical_bounds: Bounds;
  physical_bounds: Bounds;
}

export const FALLBACK_SCREEN: Bounds = { x: 0, y: 0, width: 65535, height: 65535 };

/**
 * A text as a person sees it: trimmed, without U+FFFC, the character AT-SPI
 * hypertext puts where a child is embedded (Gecko's and LibreOffice's
 * containers hold nothing else).
 */
export function shownText(text: string | null | undefined): string {
  return (text ?? "").replaceAll("\uFFFC", "").trim();
}

export function isEmptyBounds(b: Bounds): boolean {
  return b.width <= 0 || b.height <= 0;
}

/** Whether two bounds are the same rectangle. */
export function sameBounds(a: Bounds, b: Bounds): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

export function center(b: Bounds): { x: number; y: number } {
  return { x: b.x + Math.floor(b.width / 2), y: b.y + Math.floor(b.height / 2) };
}

/** Pre-order walk; the callback gets the node and its depth (root = 0). */
export function walk(root: Element, visit: (node: Element, depth: number) => void): void {
  const stack: Array<[Element, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    visit(node, depth);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
}

/**
 * Whether a capture cut by `cutShort` left nodes out by depth: a walk whose
 * later limit (nodes, time) overrode an earlier depth cut still marked the
 * nodes it cut, and a walk nothing cut needs no look.
 */
export function depthWasCut(root: Element, cutShort: string | null): boolean {
  if (cutShort === null || cutShort === "depth") return cutShort === "depth";
  let cut = false;
  walk(root, (node) => {
    if (cutByDepth(node)) cut = true;
  });
  return cut;
}

/**
 * A node whose children a depth limit left out: `truncated` with their
 * count. `truncated` alone marks children that could not be read (an
 * application that did not answer).
 */
export function cutByDepth(node: Element): boolean {
  return node.truncated === true && node.child_count !== undefined;
}

export function countNodes(root: Element): number {
  let n = 0;
  walk(root, () => n++);
  return n;
}

/** Non-root nodes whose trimmed name is non-empty (drives the `degraded` hint). */
export function countNamedNodes(root: Element): number {
  return namedIn(root) - (isNamed(root) ? 1 : 0);
}

const isNamed = (node: Element) => node.name.trim() !== "";

/**
 * Named nodes per subtree. Counted trees are captures, never changed once
 * made: a patched capture shares its unchanged subtrees, and their counts.
 */
const namedCounts = new WeakMap<Element, number>();

function namedIn(node: Element): number {
  // A leaf is counted again rather than kept: most nodes are leaves.
  if (node.children.length === 0) return isNamed(node) ? 1 : 0;
  let count = namedCounts.get(node);
  if (count === undefined) {
    count = isNamed(node) ? 1 : 0;
    for (const child of node.children) count += namedIn(child);
    namedCounts.set(node, count);
  }
  return count;
}

export function findById(root: Element, id: string): Element | null {
  let found: Element | null = null;
  walk(root, (node) => {
    if (found === null && node.id === id) found = node;
  });
  return found;
}

/** Rewrites every id as the positional path below `rootId` (spec: ids follow child order). */
export function assignIds(node: Element, id = "root"): Element {
  node.id = id;
  node.children.forEach((child, i) => assignIds(child, childId(id, i)));
  return node;
}

/**
 * The positional id of a parent's `index`-th child. Joined, not concatenated:
 * V8 keeps a concatenated string as a rope of its pieces, and writing the
 * JSON of a 1,087-node tree whose ids were ropes took 2–3 ms instead of 0.9.
 */
export function childId(parentId: string, index: number): string {
  return [parentId, index].join(".");
}

/**
 * The child indices a positional id names ("root.3.2" → [3, 2], "root" → []),
 * which adapters follow back to the element; null for any other id.
 */
export function childPath(elementId: string): number[] | null {
  const [head, ...parts] = elementId.split(".");
  if (head !== "root" || !parts.every((part) => /^\d+$/.test(part))) return null;
  return parts.map(Number);
}

/** The node a positional id names, followed down by index; null when there is none. */
export function nodeAtId(root: Element, elementId: string): Element | null {
  return nodesToId(root, elementId)?.at(-1) ?? null;
}

/** "root.3.2" → ["root", "root.3", "root.3.2"]: the ids of the nodes down to the one named. */
export function idsAlong(elementId: string): string[] {
  const parts = elementId.split(".");
  return parts.map((_, i) => parts.slice(0, i + 1).join("."));
}

/** Nodes read along a positional id (root first), as Adapter.readPath answers: childless, with their ids. */
export function pathRead(nodes: readonly Element[], elementId: string): Element[] {
  const ids = idsAlong(elementId);
  return nodes.map((node, i) => ({ ...node, id: ids[i], children: [] }));
}

/** `root` and each node down to the one a positional id names; null when there is none. */
export function nodesToId(root: Element, elementId: string): Element[] | null {
  const path = childPath(elementId);
  if (path === null) return null;
  const nodes = [root];
  for (const index of path) {
    const next = nodes[nodes.length - 1].children[index];
    if (next === undefined) return null;
    nodes.push(next);
  }
  return nodes;
}

export interface TreeCut {
  /** Levels 0..maxDepth are kept. */
  maxDepth: number;
  /** The level of `child` below a parent on `parentLevel` (default: one deeper). */
  levelOf?: (parentLevel: number, child: Element) => number;
  /** At most this many nodes are copied (pre-order). */
  maxNodes?: number;
  /** Nodes whose children were cut by depth get `truncated: true` and `child_count`. */
  markCut?: boolean;
}

/**
 * A copy of `root` (bounds included, so later changes to the original never
 * show through) cut to `cut`; `cutShort` says which limit cut something.
 */
export function copyTree(
  root: Element,
  cut: TreeCut,
): { tree: Element; nodeCount: number; cutShort: "depth" | "nodes" | null } {
  const maxNodes = cut.maxNodes ?? Infinity;
  const levelOf = cut.levelOf ?? ((parentLevel: number) => parentLevel + 1);
  let nodeCount = 0;
  let cutShort: "depth" | "nodes" | null = null;
  const copy = (node: Element, level: number): Element => {
    nodeCount++;
    // A node the adapter already cut at its own depth limit was cut as well.
    if (cutByDepth(node)) cutShort ??= "depth";
    const out: Element = { ...node, bounds: { ...node.bounds }, children: [] };
    if (level >= cut.maxDepth) {
      if (node.children.length > 0) {
        cutShort ??= "depth";
        if (cut.markCut) {
          out.truncated = true;
          out.child_count = node.children.length;
        }
      }
      return out;
    }
    for (const child of node.children) {
      if (nodeCount >= maxNodes) {
        cutShort = "nodes";
        break;
      }
      out.children.push(copy(child, levelOf(level, child)));
    }
    return out;
  };
  const tree = copy(root, 0);
  return { tree, nodeCount, cutShort };
}

/**
 * A copy that keeps levels 0..depth; nodes at `depth` that had children get
 * `children: []`, `truncated: true` and `child_count`.
 */
export function limitDepth(root: Element, depth: number): { tree: Element; truncated: boolean } {
  const { tree, cutShort } = copyTree(root, { maxDepth: depth, markCut: true });
  return { tree, truncated: cutShort === "depth" };
}

/** Whether a point lies inside `b` (right and bottom edges excluded). */
export function containsPoint(b: Bounds, x: number, y: number): boolean {
  return x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
}

/** Builds a node with the model's defaults (value null, enabled, not focused...). */
export function element(
  role: string,
  name: string,
  [x, y, width, height]: readonly number[],
  extra: Partial<Omit<Element, "role" | "name" | "bounds" | "children">> = {},
  children: Element[] = [],
): Element {
  return {
    id: "",
    name,
    role,
    value: null,
    bounds: { x, y, width, height },
    enabled: true,
    focused: false,
    keyboard_shortcut: null,
    description: null,
    children,
    ...extra,
  };
}

/** The element painted at a point: the last in pre-order whose bounds hold it (children paint over parents). */
export function elementAt(root: Element, x: number, y: number): Element | null {
  let found: Element | null = null;
  walk(root, (node) => {
    if (containsPoint(node.bounds, x, y)) found = node;
  });
  return found;
}

/** The element with the keyboard focus, or null. */
export function focusedElement(root: Element): Element | null {
  let found: Element | null = null;
  walk(root, (node) => {
    if (node.focused) found = node;
  });
  return found;
}
