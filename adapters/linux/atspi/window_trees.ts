// What the X11 and the Wayland desktops ask the AT-SPI host alike, given a
// window's facts: its tree (the mirror's answer or a walk), the desktop's
// tree, element operations and path reads. The desktops differ in how they
// find windows and their places; the trees come from the same host.

import {
  type ActionOutcome,
  type Capture,
  type CaptureAnswer,
  type CaptureLimits,
  captureMsSince,
  type CaptureOptions,
  type ElementOperation,
  WindowGoneError,
} from "../../types.ts";
import type { Bounds, Element } from "../../../lib/model/tree.ts";
import { element } from "../../../lib/model/tree.ts";
import type { AtspiHostClient } from "./host_client.ts";
import type { ReceivedCapture, WindowFacts } from "./host_protocol.ts";
import { asJsonBytes } from "../../worker_protocol.ts";

/**
 * The window's tree. `stillThere` says where the window is after the walk
 * (undefined: it closed meanwhile, which is WindowGone).
 */
export async function captureWindowTree(
  atspi: AtspiHostClient,
  window: WindowFacts,
  limits: CaptureLimits,
  options: CaptureOptions,
  started: number,
  stillThere: () => Bounds | undefined | Promise<Bounds | undefined>,
): Promise<CaptureAnswer> {
  const answer = await atspi.call({
    method: "capture",
    window,
    limits,
    known: options.known ?? null,
    mirror: options.mirror ?? false,
    walk: options.walk ?? false,
  }) as ReceivedCapture;
  // The mirror answers as of the call, when the window was there.
  if (answer !== null && "unchanged" in answer) {
    return { unchanged: answer.unchanged, captureMs: captureMsSince(started) };
  }
  if (answer !== null && "patched" in answer) return answer.patched;
  // A walk takes a while: the window may have closed meanwhile.
  const bounds = await stillThere();
  if (bounds === undefined) throw new WindowGoneError(window.window);
  if (answer !== null) return asJsonBytes<CaptureAnswer>(answer.json, answer.layout);
  // An app without accessibility still has a title and a place on screen.
  const root = element("Window", window.title, [bounds.x, bounds.y, bounds.width, bounds.height]);
  root.id = "root";
  return { root, nodeCount: 1, captureMs: 0, cutShort: null };
}

/** The desktop's tree (null: no accessible application of that name), bounded by the screen. */
export async function captureDesktopTree(
  atspi: AtspiHostClient,
  windows: WindowFacts[],
  application: string | null,
  limits: CaptureLimits,
  screen: Bounds,
): Promise<Capture | null> {
  const capture = await atspi.call({
    method: "captureDesktop",
    windows,
    application,
    limits,
  }) as Capture | null;
  // AT-SPI's desktop has no states, so its extents are never read: it is the screen.
  if (capture !== null) capture.root.bounds = screen;
  return capture;
}

/** An element operation; after one that acted, `settleMs` for the application to react. */
export async function operateOnElement(
  atspi: AtspiHostClient,
  window: WindowFacts,
  elementId: string,
  op: ElementOperation,
  settleMs: number,
): Promise<ActionOutcome> {
  const outcome = await atspi.call({ method: "operate", window, elementId, op }) as
    | ActionOutcome
    | null;
  if (outcome === null) {
    return { ok: false, unsupported: true, error: "the window's app is not accessible" };
  }
  if (outcome.ok) await new Promise((resolve) => setTimeout(resolve, settleMs));
  return outcome;
}

export async function readElementPath(
  atspi: AtspiHostClient,
  window: WindowFacts,
  elementId: string,
  limits: CaptureLimits,
): Promise<Element[] | null> {
  return await atspi.call({ method: "readPath", window, elementId, limits }) as Element[] | null;
}
