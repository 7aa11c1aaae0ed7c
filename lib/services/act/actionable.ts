// Making an element actionable before an element verb acts (issue 14): read
// the element again until it is visible, enabled, in view, not covered by
// another window and at the same bounds twice in a row; bring its window to
// the front and scroll it into view on the way. A timeout names the check
// that kept failing. Between looks only the element and its ancestors are
// read again, not the window; after a scroll, which moves much more, the
// window is walked.

import { type ErrorCode, ToolError } from "../../model/errors.ts";
import { center, type Element, findById, nodeAtId, sameBounds } from "../../model/tree.ts";
import type { ActContext } from "./context.ts";
import {
  type Captured,
  captureLimits,
  captureWindow,
  listWindows,
  readError,
  screenOf,
} from "../observe/capture.ts";
import { withPathRead } from "../../model/tree_patch.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { type Activation, bringToForeground } from "./activation.ts";
import { type Blocker, blockerOf, type Check } from "./actionability.ts";
import { Scroller, type Scrolling, wheelPoint } from "./scroll_into_view.ts";
import { windowAt, windowRef } from "./window_at.ts";

export interface ActionableOptions {
  autoActivate: boolean;
  dryRun: boolean;
  timeoutMs: number;
  /** The canonical selector of the target, for messages. */
  selector: string;
}

/** What was done to make the element actionable (the receipt's `steps`). */
export interface Steps {
  activated: boolean;
  activation?: Activation;
  scrolled: boolean;
  scrolling?: Scrolling;
  waited_ms: number;
  /** Dry runs only: what a real run would do first. */
  would?: Array<"activate" | "scroll">;
}

export interface Actionable {
  element: Element;
  capture: Captured;
  steps: Steps;
}

/** A poll while nothing is wrong re-reads soon; a wait for something to change, less often. */
const STABLE_POLL_MS = 40;
const BLOCKED_POLL_MS = 100;
/** The window manager restacks a moment after it reports a window active. */
const RESTACK_MS = 1000;

const ERRORS: Record<Check, { code: ErrorCode; what: string }> = {
  not_visible: { code: "ElementNotVisible", what: "stayed hidden (no area on screen)" },
  disabled: { code: "ElementDisabled", what: "stayed disabled" },
  out_of_view: {
    code: "ElementNotVisible",
    what: "stayed out of view (off screen or scrolled away, and scrolling did not bring it in)",
  },
  covered: { code: "ElementOccluded", what: "stayed covered" },
  moving: { code: "ElementNotStable", what: "kept moving" },
};

/**
 * The element and its ancestors read again, in their places in `tree` (a
 * copy); null when its id no longer names it (the caller captures the window).
 */
async function readAgain(
  session: ActContext,
  window: ListedWindow,
  tree: Element,
  element: Element,
): Promise<{ tree: Element; element: Element } | null> {
  let path;
  try {
    path = await session.adapter.readPath(
      { handle: window.handle, elementId: element.id },
      captureLimits(session.config.tree),
    );
  } catch (e) {
    throw readError(e, window);
  }
  const read = path?.[path.length - 1];
  if (!path || read?.role !== element.role || read.name !== element.name) return null;
  const fresh = withPathRead(tree, path);
  return fresh && { tree: fresh, element: nodeAtId(fresh, element.id)! };
}

interface Reading {
  blocker: Blocker | null;
  /** The window in front at the element's centre, when it is another one. */
  cover: ListedWindow | null;
}

async function read(
  session: ActContext,
  window: ListedWindow,
  tree: Element,
  element: Element,
): Promise<Reading> {
  const blocker = blockerOf(tree, element, await screenOf(session));
  if (blocker) return { blocker, cover: null };
  const front = await windowAt(session, await listWindows(session), center(element.bounds));
  const cover = front && front.window_uid !== window.window_uid ? front : null;
  return { blocker: cover ? { check: "covered" } : null, cover };
}

function timeout(
  check: Check,
  reading: Reading,
  element: Element,
  options: ActionableOptions,
  waitedMs: number,
  tried: string,
): ToolError {
  const { code, what } = ERRORS[check];
  const by = reading.cover ? ` by window '${reading.cover.title}'` : "";
  return new ToolError(
    code,
    `element ${what}${by} (waited ${waitedMs} ms): ${options.selector}${tried}`,
    {
      selector: options.selector,
      element_id: element.id,
      check,
      waited_ms: waitedMs,
      bounds: element.bounds,
      ...(reading.cover ? { covered_by: windowRef(reading.cover) } : {}),
    },
  );
}

export async function makeActionable(
  session: ActContext,
  window: ListedWindow,
  first: Captured,
  target: Element,
  options: ActionableOptions,
): Promise<Actionable> {
  const started = Date.now();
  const waited = () => Date.now() - started;
  const steps: Steps = { activated: false, scrolled: false, waited_ms: 0 };
  const scroller = new Scroller(session, window);
  let activatedAt = 0;
  const activate = async () => {
    steps.activation ??= await bringToForeground(session, window);
    steps.activated = steps.activation.success;
    activatedAt ||= Date.now();
  };
  let capture = first;
  /** The capture's tree with the element and its ancestors as last read. */
  let tree = first.tree;
  let element = target;
  /** The bounds of the last reading that passed every check. */
  let clear: Element["bounds"] | null = null;
  for (;;) {
    /** Whether this round scrolled (the next capture must not trust the mirror). */
    let scrolled = false;
    const reading = await read(session, window, tree, element);
    const check = reading.blocker?.check ?? null;
    if (options.dryRun) return dryRunOf(reading, { element, capture, steps }, options);
    // The window manager restacks a moment after reporting a window active.
    const late = waited() > options.timeoutMs && Date.now() > activatedAt + RESTACK_MS;
    if (check === null) {
      if (clear && sameBounds(clear, element.bounds)) {
        steps.waited_ms = waited();
        return { element, capture, steps };
      }
      if (clear && late) throw timeout("moving", reading, element, options, waited(), "");
      clear = element.bounds;
    } else {
      clear = null;
      if (check === "covered" && !options.autoActivate) {
        throw timeout(check, reading, element, options, waited(), NO_AUTO_ACTIVATE);
      }
      if (check === "covered") await activate();
      const scrolling = check === "out_of_view" && reading.blocker?.container
        ? await scrollStep(session, window, scroller, element, reading.blocker, activate, options)
        : null;
      if (scrolling) steps.scrolling = scrolling;
      scrolled = scrolling !== null;
      steps.scrolled ||= (scrolling?.attempts ?? 0) > 0;
      if (late || scrolling?.exhausted) {
        throw timeout(check, reading, element, options, waited(), triedNote(steps));
      }
    }
    await new Promise((r) => setTimeout(r, check === null ? STABLE_POLL_MS : BLOCKED_POLL_MS));
    const again = scrolled ? null : await readAgain(session, window, tree, element);
    if (again) ({ tree, element } = again);
    else {
      // Scrolled content may move without the events a mirror follows (Chromium's pages): walk.
      capture = await captureWindow(session, window, scrolled ? "walk" : "current");
      tree = capture.tree;
      element = sameElementIn(tree, element, options.selector);
    }
  }
}

const NO_AUTO_ACTIVATE = "; auto_activate is off: call bring_to_foreground first";

function triedNote(steps: Steps): string {
  const { activation, scrolling } = steps;
  if (activation && !activation.success) {
    return `; bringing its window to the front failed (${activation.error ?? activation.action})`;
  }
  if (scrolling?.exhausted) {
    return `; scrolling (${scrolling.method}, ${scrolling.wheel_clicks} wheel clicks) stopped moving it`;
  }
  return "";
}

/** A dry run checks once and waits for nothing: what a real run would fix, or why it would fail. */
function dryRunOf(reading: Reading, now: Actionable, options: ActionableOptions): Actionable {
  const check = reading.blocker?.check ?? null;
  if (check === "covered" && options.autoActivate) now.steps.would = ["activate"];
  else if (check === "out_of_view" && reading.blocker?.container) now.steps.would = ["scroll"];
  else if (check) throw timeout(check, reading, now.element, options, 0, " (dry run: not waited)");
  return now;
}

/**
 * One scrolling step. The wheel goes to the window under the pointer, so a
 * covered window comes to the front first (or the step is refused).
 */
async function scrollStep(
  session: ActContext,
  window: ListedWindow,
  scroller: Scroller,
  element: Element,
  blocker: Blocker,
  activate: () => Promise<void>,
  options: ActionableOptions,
): Promise<Scrolling> {
  const front = await windowAt(session, await listWindows(session), wheelPoint(blocker));
  if (front && front.window_uid !== window.window_uid) {
    if (!options.autoActivate) {
      throw timeout("covered", { blocker, cover: front }, element, options, 0, NO_AUTO_ACTIVATE);
    }
    await activate();
  }
  return await scroller.step(element, blocker);
}

/** The target in a new capture, by id; refused when that id now names something else. */
function sameElementIn(tree: Element, element: Element, selector: string): Element {
  const again = findById(tree, element.id);
  if (again && again.role === element.role && again.name === element.name) return again;
  throw new ToolError(
    "ElementNotFound",
    `element ${selector} left the window while waiting for it to be actionable`,
    { selector, element_id: element.id },
  );
}
