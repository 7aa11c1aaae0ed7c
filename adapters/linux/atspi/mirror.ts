// The host's live mirror of the window trees it served. A tree stays current
// while AT-SPI events say nothing in it changed; an event from one of its
// objects marks that object, and the next capture walks only the marked
// subtrees again and splices them in (host.ts). Walked whole instead: a window
// that moved, resized or was renamed (its key changes), any tree after the
// event queue overflowed, a marked root, a name change where a field is named
// by a label, and every tree of an application seen changing without events.
// Events can be incomplete (GTK3 tells of a toggle but not of the list rows it
// made selectable), so between requests the host walks a tree again once its
// application has been quiet after events, and now and then when it had none
// (dueForCheck).

import { assignIds, countNodes, type Element, nodeAtId, walk } from "../../../lib/model/tree.ts";
import type { Capture, CaptureLimits } from "../../types.ts";
import type { FrameQuirks } from "./frame_quirks.ts";
import type { WindowFacts } from "./host_protocol.ts";
import type { Change } from "./events.ts";
import type { FrameWalk, WalkResults } from "./capture.ts";
import { addressOf, type Target, targetOfAddress } from "./batch.ts";
import {
  correctEmbeddedOrigins,
  isEmbeddedPane,
  type Offset,
  shiftEmbedded,
} from "./embedded_origin.ts";

/** Trees kept: each is one window at one depth and node limit. */
const CAPACITY = 16;
/** Patches remembered per tree: a caller this many versions behind gets the whole tree. */
const HISTORY = 32;

const NAME_CHANGE = "object:property-change:accessible-name";
const VALUE_CHANGES = ["object:property-change:accessible-value", "object:value-changed"];
const BOUNDS_CHANGE = "object:bounds-changed";
const VISIBLE_CHANGE = "object:state-changed:visible";
const VISIBILITY_CHANGES = [VISIBLE_CHANGE, "object:state-changed:showing"];
/** How long after a widget is shown its window is walked whole (a GTK3 popover slides ~150 ms). */
const UNSETTLED_MS = 1000;
/** Rectangles remembered from bounds events, per object, before the memory starts over. */
const RECTS_KEPT = 20000;
/** How long an application is quiet after events before the host patches its trees unasked. */
const PATCH_QUIET_MS = 10;
/** How long an application is quiet after events before its trees are walked again to check. */
const CHECK_QUIET_MS = 30;
/** A tree is checked at most this often (an application that animates is never quiet for long). */
const CHECK_GAP_MS = 250;
/** How often a tree without events is walked again to check, while callers use it. */
const CHECK_EVERY_MS = 2000;
/** A tree unused this long is no longer checked without events. */
const IN_USE_MS = 30_000;
/**
 * The share of the host's time checks may take after events, and without
 * them: the host serves nothing while it walks, so the gap between two checks
 * of a tree grows with what its walk costs (a loaded machine, a big window).
 */
const EVENT_CHECK_SHARE = 0.25;
const PERIODIC_CHECK_SHARE = 0.1;
/** How long checks may keep making way for requests before one is walked to its end. */
const CHECK_YIELDS_FOR_MS = 1000;
/** After a check made way, how long requests pause before the next one starts. */
const REQUESTS_QUIET_MS = 50;

/** What a tree is a tree of: the same key, the same window seen the same way. */
export function mirrorKey(window: WindowFacts, limits: CaptureLimits): string {
  const { pid, title, client, outer } = window;
  return JSON.stringify([pid, title, client, outer, limits.maxDepth, limits.maxNodes]);
}

function sameWindow(
  a: { window: WindowFacts; limits: CaptureLimits },
  b: { window: WindowFacts; limits: CaptureLimits },
): boolean {
  return a.window.window === b.window.window && a.limits.maxDepth === b.limits.maxDepth &&
    a.limits.maxNodes === b.limits.maxNodes;
}

/** Whether a capture is whole enough to mirror (a depth cut is part of its limits). */
function mirrorable(capture: Capture): boolean {
  return capture.cutShort === null || capture.cutShort === "depth";
}

/** One patch: the subtrees (by positional id) that took version `from` to `to`. */
interface Patch {
  from: string;
  to: string;
  ids: string[];
}

/** The ids not inside another one's subtree ("root.1" covers "root.1.4"). */
function outermost(ids: Set<string>): string[] {
  return [...ids].filter((id) => {
    for (let end = id.lastIndexOf("."); end > 0; end = id.lastIndexOf(".", end - 1)) {
      if (ids.has(id.slice(0, end))) return false;
    }
    return true;
  });
}

/** A node's depth: the number of steps in its positional id ("root.3.2" → 2). */
export function depthOf(node: Element): number {
  let depth = 0;
  for (const c of node.id) if (c === ".") depth++;
  return depth;
}

export class MirroredTree {
  /** Objects (bus name + path) whose events since the last read mark them for a walk. */
  readonly marked = new Set<string>();
  /** Events a patch cannot follow: the next capture walks the window whole. */
  stale = false;
  private readonly nodes = new Map<string, Element>();
  private readonly addresses = new Map<Element, string>();
  private readonly parents = new Map<Element, Element>();
  /** Whether a field is named by its label: any name change may rename it. */
  private labelled: boolean;
  /** Until then a widget shown may still be moving: the window is walked whole. */
  private unsettledUntil = 0;
  /** When the tree was last walked whole, and when it last had an event since. */
  readonly walkedAt = performance.now();
  private lastEventAt: number | null = null;
  /** When a caller was last answered with this tree (a check's walk: its predecessor). */
  usedAt = this.walkedAt;
  /** What a whole walk took: the cost of a check. */
  private readonly walkMs: number;
  /** The patches since the tree was walked whole, oldest first. */
  private history: Patch[] = [];
  /** LibreOffice's error in its own widgets' boxes, as the whole walk measured it. */
  private readonly embedded: Offset | null;

  constructor(
    readonly bus: string,
    readonly quirks: FrameQuirks,
    /** The window and limits walked: what a check walks again. */
    readonly source: { window: WindowFacts; limits: CaptureLimits },
    public version: string,
    public capture: Capture,
    walked: Pick<WalkResults, "addresses" | "labelled"> & { embedded?: Offset | null },
  ) {
    this.labelled = walked.labelled;
    this.embedded = walked.embedded ?? null;
    this.walkMs = capture.captureMs;
    this.adopt(capture.root, walked.addresses, null);
  }

  /**
   * Whether a whole walk should check the tree now: "events" once its
   * application is quiet after events (and shown widgets have settled),
   * "periodic" when it had none for CHECK_EVERY_MS while in use; null otherwise.
   */
  checkDue(now: number): "events" | "periodic" | null {
    const since = now - this.walkedAt;
    if (this.lastEventAt !== null) {
      const quiet = now - this.lastEventAt >= CHECK_QUIET_MS && now >= this.unsettledUntil;
      const gap = Math.max(CHECK_GAP_MS, this.walkMs / EVENT_CHECK_SHARE);
      return quiet && since >= gap ? "events" : null;
    }
    const gap = Math.max(CHECK_EVERY_MS, this.walkMs / PERIODIC_CHECK_SHARE);
    return since >= gap && now - this.usedAt <= IN_USE_MS ? "periodic" : null;
  }

  /**
   * Whether the host should patch the tree before anyone asks: events marked
   * it, a patch can follow them, its application is quiet and a caller uses it.
   */
  patchDue(now: number): boolean {
    return this.marked.size > 0 && !this.wholeWalkNeeded && this.lastEventAt !== null &&
      now - this.lastEventAt >= PATCH_QUIET_MS && now - this.usedAt <= IN_USE_MS;
  }

  /** Whether the tree is as current as the events received. */
  get clean(): boolean {
    return !this.stale && this.marked.size === 0 && performance.now() >= this.unsettledUntil;
  }

  /** The window's own object (its frame), as the walk reached it. */
  get rootTarget(): Target | null {
    const address = this.addresses.get(this.capture.root);
    return address === undefined ? null : targetOfAddress(address);
  }

  /** Whether only a walk of the whole window can bring the tree up to date. */
  get wholeWalkNeeded(): boolean {
    return this.stale || performance.now() < this.unsettledUntil;
  }

  /**
   * Takes over from the tree a whole walk replaced: after a check's walk,
   * when a caller last used it (nobody asked for the walk); after a caller's,
   * the events that still call for a check and the time shown widgets take
   * to settle (a walk can catch them moving).
   */
  follows(before: MirroredTree, checked: boolean): void {
    // The same tree walked again: callers of earlier versions can still be sent patches.
    if (before.version === this.version) this.history = before.history;
    if (checked) {
      this.usedAt = before.usedAt;
      return;
    }
    this.lastEventAt = before.lastEventAt;
    this.unsettledUntil = before.unsettledUntil;
  }

  /** Follows one event of this tree's application. */
  note(change: Change): void {
    this.lastEventAt = performance.now();
    const address = addressOf(change);
    const node = this.nodes.get(address);
    const shown = VISIBILITY_CHANGES.includes(change.type);
    // Shown widgets may still slide into place (GTK3 popovers animate) without bounds events.
    if (shown) this.unsettledUntil = performance.now() + UNSETTLED_MS;
    if (this.labelled && change.type === NAME_CHANGE) this.stale = true;
    else if (node === undefined) {
      // Something shown that the tree does not hold may be its new child: walk it whole.
      if (shown) this.stale = true;
    } else if (
      change.type === VISIBLE_CHANGE ||
      (node.platform_role === "scroll bar" && VALUE_CHANGES.includes(change.type))
    ) {
      // A widget shown or hidden can move among its siblings (GTK3 reorders a window's
      // popovers) without a children event; scrolling moves what the scrolled pane shows,
      // and its children send no bounds events. Either way the parent is walked again.
      const parent = this.parents.get(node);
      const above = parent === undefined ? undefined : this.addresses.get(parent);
      if (above === undefined) this.stale = true;
      else this.marked.add(above);
    } else this.marked.add(address);
  }

  /**
   * The marked nodes to walk again, outermost only (a marked node inside
   * another's subtree is walked with it); null when the root is among them.
   */
  patchRoots(): Array<{ node: Element; target: Target }> | null {
    const roots: Array<{ node: Element; target: Target }> = [];
    for (const address of this.marked) {
      const node = this.nodes.get(address)!;
      if (node === this.capture.root) return null;
      let above = this.parents.get(node);
      while (above !== undefined && !this.marked.has(this.addresses.get(above) ?? "")) {
        above = this.parents.get(above);
      }
      if (above === undefined) roots.push({ node, target: targetOfAddress(address) });
    }
    return roots;
  }

  /** Replaces `old`'s subtree with a fresh walk of the same object; false when they are equal. */
  splice(
    old: Element,
    fresh: Element,
    walked: Pick<WalkResults, "addresses" | "labelled">,
  ): boolean {
    assignIds(fresh, old.id);
    // A part of LibreOffice's pane walked again has its boxes as reported: as wrong as the
    // whole walk measured them (unless it holds the pane, and its error, itself).
    if (correctEmbeddedOrigins(fresh) === null && this.embedded && this.inEmbeddedPane(old)) {
      shiftEmbedded(fresh, this.embedded);
    }
    if (JSON.stringify(fresh) === JSON.stringify(old)) return false;
    const parent = this.parents.get(old)!;
    parent.children[parent.children.indexOf(old)] = fresh;
    let removed = 0;
    walk(old, (node) => {
      removed++;
      const address = this.addresses.get(node);
      if (address !== undefined && this.nodes.get(address) === node) this.nodes.delete(address);
      this.addresses.delete(node);
      this.parents.delete(node);
    });
    this.adopt(fresh, walked.addresses, parent);
    this.labelled ||= walked.labelled;
    this.capture.nodeCount += countNodes(fresh) - removed;
    return true;
  }

  /** After the splices (the ids of those that changed the tree): a change is a new version. */
  commit(spliced: string[], version: string, captureMs: number, appMs: number): void {
    this.marked.clear();
    if (spliced.length === 0) return;
    this.history.push({ from: this.version, to: version, ids: spliced });
    if (this.history.length > HISTORY) this.history.shift();
    this.version = version;
    this.capture.captureMs = captureMs;
    this.capture.appMs = appMs;
  }

  /**
   * The subtrees that bring version `known` up to this one, outermost only;
   * null when the patches since `known` are no longer remembered (or never were).
   */
  changesSince(known: string): Element[] | null {
    if (known === this.version) return [];
    const start = this.history.findIndex((patch) => patch.from === known);
    if (start < 0) return null;
    const ids = new Set(this.history.slice(start).flatMap((patch) => patch.ids));
    return outermost(ids).map((id) => nodeAtId(this.capture.root, id)!);
  }

  private inEmbeddedPane(node: Element): boolean {
    for (let at: Element | undefined = node; at !== undefined; at = this.parents.get(at)) {
      if (isEmbeddedPane(at, this.parents.get(at))) return true;
    }
    return false;
  }

  private adopt(root: Element, addresses: Map<Element, string>, parent: Element | null): void {
    if (parent !== null) this.parents.set(root, parent);
    walk(root, (node) => {
      for (const child of node.children) this.parents.set(child, node);
      const address = addresses.get(node);
      if (address === undefined) return;
      this.addresses.set(node, address);
      this.nodes.set(address, node);
    });
  }
}

/**
 * When the host checks a tree between requests (the host serves nothing
 * while it walks, and a check can take as long as a cold capture): a check's
 * walk makes way for a request that arrives meanwhile, and the next one
 * starts once requests have paused for REQUESTS_QUIET_MS. A caller asking
 * back to back never pauses: after CHECK_YIELDS_FOR_MS of making way, a check
 * starts anyway and walks to its end.
 */
export class CheckYields {
  /** When the first check since the last one that ended made way. */
  private since: number | null = null;

  /** Whether a check may start now, the last request having been served at `servedAt`. */
  mayStart(now: number, servedAt: number): boolean {
    return this.since === null || now - servedAt >= REQUESTS_QUIET_MS || !this.mayYield(now);
  }

  /** Whether a check started now may make way for a request. */
  mayYield(now: number): boolean {
    return this.since === null || now - this.since < CHECK_YIELDS_FOR_MS;
  }

  yielded(now: number): void {
    this.since ??= now;
  }

  /** A check walked to its end (or found nothing to walk). */
  ended(): void {
    this.since = null;
  }
}

/** The trees the host served, kept current by events. */
export class TreeMirror {
  private readonly trees = new Map<string, MirroredTree>();
  /** Applications seen changing without an event: their windows are always walked. */
  private readonly silent = new Set<string>();
  /**
   * The last rectangle each object's bounds events carried. Animated widgets
   * (a spinner, a pulsing progress bar) repeat the same one many times a
   * second; an object's tree already shows the rectangle it repeats.
   */
  private readonly rects = new Map<string, string>();
  private readonly epoch = crypto.randomUUID().slice(0, 8);
  private serial = 0;

  /** A version no other tree of any host had. */
  nextVersion(): string {
    return `${this.epoch}-${++this.serial}`;
  }

  /** Follows drained events; after an overflow nothing can be patched. */
  apply(drained: { changes: Change[]; overflowed: boolean }): void {
    if (drained.overflowed) { for (const tree of this.trees.values()) tree.stale = true; }
    if (drained.changes.length === 0 || this.trees.size === 0) return;
    for (const change of drained.changes) {
      if (change.type === BOUNDS_CHANGE && change.rect !== undefined && this.repeats(change)) {
        continue;
      }
      for (const tree of this.trees.values()) if (tree.bus === change.bus) tree.note(change);
    }
  }

  /** Whether a bounds event repeats the rectangle the object's last one carried. */
  private repeats(change: Change): boolean {
    const address = addressOf(change);
    if (this.rects.get(address) === change.rect) return true;
    if (this.rects.size >= RECTS_KEPT) this.rects.clear();
    this.rects.set(address, change.rect!);
    return false;
  }

  /** The tree of a window at these limits, unless its application cannot be trusted. */
  lookup(key: string): MirroredTree | null {
    const tree = this.trees.get(key);
    if (tree === undefined || this.silent.has(tree.bus)) return null;
    this.trees.delete(key);
    this.trees.set(key, tree);
    return tree;
  }

  /** The first tree to patch before anyone asks (MirroredTree.patchDue); null when none is due. */
  dueForPatch(now: number): MirroredTree | null {
    for (const tree of this.trees.values()) {
      if (!this.silent.has(tree.bus) && tree.patchDue(now)) return tree;
    }
    return null;
  }

  /** The first tree a check should walk again now, and why; null when none is due. */
  dueForCheck(now: number): { key: string; tree: MirroredTree; why: "events" | "periodic" } | null {
    for (const [key, tree] of this.trees) {
      if (this.silent.has(tree.bus)) continue;
      const why = tree.checkDue(now);
      if (why !== null) return { key, tree, why };
    }
    return null;
  }

  /**
   * Mirrors a fresh walk of a window (replacing its earlier tree, whose
   * version it keeps when the walk found the same tree); null when not mirrorable.
   */
  record(
    key: string,
    bus: string,
    quirks: FrameQuirks,
    source: { window: WindowFacts; limits: CaptureLimits },
    walked: FrameWalk,
    /** Whether the walk was a check (dueForCheck): events before it are accounted for. */
    checked = false,
  ): MirroredTree | null {
    const before = this.trees.get(key);
    this.trees.delete(key);
    if (!mirrorable(walked.capture)) return null;
    const same = before !== undefined &&
      JSON.stringify(before.capture.root) === JSON.stringify(walked.capture.root);
    const version = same ? before.version : this.nextVersion();
    const tree = new MirroredTree(bus, quirks, source, version, walked.capture, walked);
    if (before !== undefined) tree.follows(before, checked);
    // The same window seen moved, resized or renamed: its earlier tree is of no more use.
    for (const [other, earlier] of this.trees) {
      if (sameWindow(earlier.source, source)) this.trees.delete(other);
    }
    this.trees.set(key, tree);
    while (this.trees.size > CAPACITY) this.trees.delete(this.trees.keys().next().value!);
    return tree;
  }

  forget(key: string): void {
    this.trees.delete(key);
  }

  /** Stops trusting an application's events: its windows are walked on every capture. */
  distrust(bus: string): void {
    this.silent.add(bus);
  }
}
