// What keeps an element from being acted on, as pure geometry over one
// capture (Playwright's actionability checks, for accessibility trees): it is
// visible, enabled, and its centre lies on screen and inside every scrolling
// container around it (not necessarily inside its window: popup menus of a
// window's menu bar may hang below it). Covering windows and stability need more
// than one capture and are judged by lib/services/act/actionable.ts.

import {
  type Bounds,
  center,
  containsPoint,
  type Element,
  isEmptyBounds,
} from "../../model/tree.ts";
import { hidesChildren } from "../../formats/views/needed.ts";
import { intersect } from "../../formats/geometry/visibility.ts";

/** The checks an element verb waits for, as named in receipts and timeout errors. */
export type Check = "not_visible" | "disabled" | "out_of_view" | "covered" | "moving";

export interface Blocker {
  check: Check;
  /** For out_of_view: the scrolling container to scroll and the part of it on screen. */
  container?: Element;
  viewport?: Bounds;
  /**
   * For out_of_view without bounds (GTK gives rows scrolled away no extents):
   * whether the element comes after the container's visible content.
   */
  after?: boolean;
  /** The vertical scroll bar that scrolls the container (its own, or its scrolling parent's). */
  bar?: Element;
}

function verticalBar(el: Element): Element | undefined {
  return el.children.find((c) =>
    c.role === "ScrollBar" && c.bounds.height > c.bounds.width && c.bounds.width > 0
  );
}

/** The scroll bar nearest the container among it and the scrolling ancestors around it. */
function barFor(ancestors: Element[], container: Element): Element | undefined {
  const upTo = ancestors.indexOf(container);
  for (let i = upTo; i >= 0; i--) {
    if (!isScrollingContainer(ancestors[i])) continue;
    const bar = verticalBar(ancestors[i]);
    if (bar) return bar;
  }
  return undefined;
}

/**
 * Toolkit roles of scrolling containers (AT-SPI's, UIA's). A web document
 * scrolls its page without a scroll bar in the tree (Chromium's "document
 * web", Gecko's "document frame"): what it holds off screen has no extents.
 */
const SCROLLING_ROLES = new Set([
  "scroll pane",
  "viewport",
  "ScrollViewer",
  "document web",
  "document frame",
]);

/** Whether `el` scrolls its content: a scrolling role, or a scroll bar among its children. */
export function isScrollingContainer(el: Element): boolean {
  return SCROLLING_ROLES.has(el.platform_role ?? "") ||
    el.children.some((c) => c.role === "ScrollBar");
}

/** The chain of elements from the root down to (not including) the one with `id`. */
export function ancestorsOf(root: Element, id: string): Element[] | null {
  const path: Element[] = [];
  const visit = (el: Element): boolean => {
    if (el.id === id) return true;
    path.push(el);
    if (el.children.some(visit)) return true;
    path.pop();
    return false;
  };
  return visit(root) ? path : null;
}

function hasArea(el: Element): boolean {
  return !isEmptyBounds(el.bounds);
}

/** Whether `id` comes after every element with an area inside `container` (pre-order). */
function afterVisibleContent(container: Element, id: string): boolean {
  let seenTarget = false;
  let visibleAfter = false;
  const visit = (el: Element) => {
    if (el.id === id) seenTarget = true;
    else if (seenTarget && hasArea(el) && el.children.length === 0) visibleAfter = true;
    el.children.forEach(visit);
  };
  container.children.forEach(visit);
  return !visibleAfter;
}

/** The first check `element` fails in this capture of its window, or null. */
export function blockerOf(root: Element, element: Element, screen: Bounds): Blocker | null {
  const ancestors = ancestorsOf(root, element.id) ?? [];
  // The innermost scrolling container with an area: what is inside it and has
  // no area was scrolled away (GTK gives such rows no extents), not hidden.
  const scroller = ancestors.findLastIndex((a) =>
    a !== root && isScrollingContainer(a) && hasArea(a)
  );
  const outside = scroller < 0 ? ancestors : ancestors.slice(0, scroller + 1);
  const hidden = element.states?.visible === false ||
    outside.some((a) => a !== root && hidesChildren(a));
  if (hidden) return { check: "not_visible" };
  if (!hasArea(element) || ancestors.slice(scroller + 1).some(hidesChildren)) {
    if (scroller < 0) return { check: "not_visible" };
    const container = ancestors[scroller];
    const viewport = intersect(container.bounds, screen);
    if (!viewport) return { check: "out_of_view" };
    const after = afterVisibleContent(container, element.id);
    return { check: "out_of_view", container, viewport, after, bar: barFor(ancestors, container) };
  }
  if (!element.enabled) return { check: "disabled" };
  const point = center(element.bounds);
  // Scrolling containers clip their content: the innermost one whose visible
  // part misses the centre is the one to scroll.
  let viewport: Bounds | null = screen;
  let clipping: { container: Element; viewport: Bounds } | null = null;
  for (const ancestor of ancestors) {
    if (ancestor === root || !isScrollingContainer(ancestor)) continue;
    const inner: Bounds | null = viewport && intersect(viewport, ancestor.bounds);
    if (inner && !containsPoint(inner, point.x, point.y)) {
      clipping = { container: ancestor, viewport: inner };
    }
    viewport = inner ?? viewport;
  }
  if (clipping) {
    return { check: "out_of_view", ...clipping, bar: barFor(ancestors, clipping.container) };
  }
  if (!viewport || !containsPoint(viewport, point.x, point.y)) return { check: "out_of_view" };
  return null;
}

/**
 * Wheel clicks that bring `element` towards the middle of `viewport`:
 * positive scrolls up (the content moves down), as the scroll verb counts.
 * `pxPerClick` is what one click moved the content last time (a guess at first).
 */
export function wheelClicksToward(element: Bounds, viewport: Bounds, pxPerClick: number): number {
  const offset = center(element).y - center(viewport).y;
  const clicks = Math.max(1, Math.min(10, Math.round(Math.abs(offset) / Math.max(1, pxPerClick))));
  return offset > 0 ? -clicks : clicks;
}
