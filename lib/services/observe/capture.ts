// The observation facade used by every tool: sorted windows, window targeting
// with the spec's fallbacks, cached tree captures and PNG screenshots.

import { warmViews } from "../../formats/warm/views.ts";
import { warmUpDetector } from "../safety/injection.ts";
import { startSketchWorker } from "../../formats/sketch/off_thread.ts";
import {
  AppNotRespondingError,
  asCapture,
  type CaptureLimits,
  type CutShort,
  type ScreenshotTarget,
  WindowGoneError,
} from "../../../adapters/types.ts";
import { capturedTreeHash } from "../../model/hash.ts";
import { replaceSubtrees } from "../../model/tree_patch.ts";
import { encodePngOffThread, startImageWorkers } from "../../formats/image/workers.ts";
import { startTokenWorker } from "../../formats/tokens/off_thread.ts";
import type { ObserveContext } from "./context.ts";
import { perSession } from "../../support/per_session.ts";
import type { CachedCapture } from "./tree_cache.ts";
import {
  type Bounds,
  countNamedNodes,
  depthWasCut,
  type Element,
  FALLBACK_SCREEN,
  type WindowInfo,
} from "../../model/tree.ts";
import { screenBounds } from "../../formats/geometry/visibility.ts";
import { refuseDeniedRequest } from "../safety/guarded_adapter.ts";
import { ToolError } from "../../model/errors.ts";
import { turnFor } from "../../model/turns.ts";
import {
  focusedWindow,
  type ListedWindow,
  type Resolution,
  resolveWindow,
  sameWindows,
  sortWindows,
  type WindowArgs,
} from "../../formats/geometry/window_order.ts";

/**
 * Each session's last listing: the platform's list as it came, the sorted
 * windows and the same by uid (see captureTarget). A list that has not changed
 * is answered with the same sorted array, whose views are then kept.
 */
const lastListing = perSession(() => ({
  listed: [] as WindowInfo[],
  windows: [] as ListedWindow[],
  byUid: new Map<string, ListedWindow>(),
}));

export async function listWindows(session: ObserveContext): Promise<ListedWindow[]> {
  const platform = await session.adapter.listWindows();
  const last = lastListing(session);
  if (sameWindows(platform, last.listed)) return last.windows;
  last.listed = platform;
  last.windows = sortWindows(platform);
  last.byUid = new Map(last.windows.map((window) => [window.window_uid, window]));
  return last.windows;
}

/**
 * The window the arguments name among the listed ones; a name that only a
 * window the access rules hide answers is refused (NotAllowed), not "gone".
 */
export function resolveListed(windows: ListedWindow[], args: WindowArgs): Resolution {
  const resolution = resolveWindow(windows, args);
  if (!resolution.window && resolution.requested !== "none") refuseDeniedRequest(args);
  return resolution;
}

export interface Target {
  window: ListedWindow;
  /** The window list the target was chosen from. */
  windows: ListedWindow[];
  warning?: string;
}

/**
 * The window a tree-reading tool works on: the requested one, else the focused
 * one; a stale `window_uid` is `WindowGone`.
 */
export async function targetWindow(session: ObserveContext, args: WindowArgs): Promise<Target> {
  const windows = await listWindows(session);
  const resolution = resolveListed(windows, args);
  if (resolution.window) return target(resolution.window, windows, resolution);
  if (resolution.requested === "uid") {
    throw new ToolError("WindowGone", `window ${args.window_uid} no longer exists`, {
      window_uid: args.window_uid,
    });
  }
  const focused = focusedWindow(windows);
  if (!focused) throw new ToolError("WindowGone", "no windows available");
  return target(focused, windows, resolution);
}

/**
 * The target window (as targetWindow) and its tree (as captureWindow), the
 * two round trips to the adapter overlapping as earlyCapture says.
 */
export async function captureTarget(
  session: ObserveContext,
  args: WindowArgs,
  use: CacheUse = "allow",
): Promise<Target & { capture: Captured }> {
  const captureOf = earlyCapture(session, args, use);
  const found = await targetWindow(session, args);
  return { ...found, capture: await captureOf(found.window) };
}

/**
 * Starts capturing the window `args` name by a uid the last listing held,
 * while the caller lists the windows again (targetWindow); the function it
 * returns answers the capture of the window that listing resolved to: the
 * early one when it is the same window, else a capture made then.
 */
export function earlyCapture(
  session: ObserveContext,
  args: WindowArgs,
  use: CacheUse = "allow",
): (window: ListedWindow) => Promise<Captured> {
  const guess = args.window_uid === undefined
    ? undefined
    : lastListing(session).byUid.get(args.window_uid);
  const early = guess === undefined ? null : settle(captureWindow(session, guess, use));
  return async (window) => {
    const outcome = await early;
    if (outcome && window.handle === guess?.handle) {
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    }
    return await captureWindow(session, window, use);
  };
}

/** A promise that never rejects: its value or its error. */
function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then((value) => ({ value }), (error) => ({ error }));
}

function target(window: ListedWindow, windows: ListedWindow[], resolution: Resolution): Target {
  return resolution.warning
    ? { window, windows, warning: resolution.warning }
    : { window, windows };
}

/** The platform's limits for a capture under the tree settings (`maxDepth` when cut shallower). */
export function captureLimits(
  tree: ObserveContext["config"]["tree"],
  maxDepth = tree.max_depth,
): CaptureLimits {
  return { maxDepth, maxNodes: tree.max_nodes, timeoutMs: tree.capture_timeout_ms };
}

/** What a failed read of a window's tree (or part of it) tells the caller. */
export function readError(e: unknown, window: ListedWindow): ToolError {
  const uid = window.window_uid;
  if (e instanceof WindowGoneError) {
    return new ToolError("WindowGone", `window '${window.title}' closed during capture`, {
      window_uid: uid,
    });
  }
  if (e instanceof AppNotRespondingError) {
    return new ToolError("Timeout", e.message, { window_uid: uid });
  }
  return new ToolError("Internal", `could not retrieve element tree: ${(e as Error).message}`, {
    window_uid: uid,
  });
}

/**
 * - "allow": a cached tree up to tree.cache_ttl_s old, or the adapter's mirror
 *   (tree.live_mirror);
 * - "current": nothing older than the call: the adapter's mirror, which
 *   follows the platform's events (tree.live_mirror), else a walk;
 * - "walk": a fresh walk of the platform's tree (`fresh: true`).
 */
export type CacheUse = "allow" | "current" | "walk";

export interface Captured extends CachedCapture {
  cache: "hit" | "miss" | "bypass";
}

/** A cached entry as a hit: captureMs is what answering took, cutShort as the entry's depth says. */
function asHit(entry: CachedCapture, maxDepth: number, captureMs: number): Captured {
  const depthCut = entry.depthCut && entry.depth === maxDepth ? "depth" : null;
  const cutShort = entry.cutShort === "depth" ? depthCut : entry.cutShort ?? depthCut;
  return { ...entry, captureMs, appMs: undefined, cache: "hit", cutShort };
}

/**
 * Captures a window's whole tree (tree.max_depth levels deep), through the
 * cache or the adapter's mirror as `use` allows. Views cut it afterwards:
 * depth counts levels a person sees, which may lie any number of toolkit
 * levels down.
 */
export async function captureWindow(
  session: ObserveContext,
  window: ListedWindow,
  use: CacheUse = "allow",
): Promise<Captured> {
  const uid = window.window_uid;
  const tree = session.config.tree;
  const maxDepth = tree.max_depth;
  const held = session.cache.peek(uid);
  // A mirrored tree is asked after whatever its age: the adapter knows whether it changed.
  const known = held?.version !== undefined && held.depth === maxDepth ? held.version : undefined;
  if (use === "allow" && known === undefined) {
    const hit = session.cache.lookup(uid, maxDepth);
    if (hit) {
      session.safety.tripwire.noteTree(hit.tree, uid);
      return asHit(hit, maxDepth, 0);
    }
  }
  let capture;
  try {
    capture = await session.adapter.captureTree(
      window.handle,
      captureLimits(tree),
      session.liveMirror
        ? (use === "walk" ? { mirror: true, walk: true } : { mirror: true, known })
        : {},
    );
  } catch (e) {
    throw readError(e, window);
  }
  if (!capture) {
    throw new ToolError("Internal", "could not retrieve element tree", { window_uid: uid });
  }
  // Unchanged and Patched answers build on a version this service holds.
  const builtOn = "root" in capture
    ? null
    : "unchanged" in capture
    ? capture.unchanged
    : capture.base;
  const base = builtOn === null || held?.version !== builtOn ? null : held;
  if (builtOn !== null && base === null) {
    throw new ToolError("Internal", "the adapter vouched for a tree this service does not hold", {
      window_uid: uid,
    });
  }
  if ("unchanged" in capture) {
    session.cache.confirm(uid);
    session.safety.tripwire.noteTree(base!.tree, uid);
    return asHit(base!, maxDepth, capture.captureMs);
  }
  // Receiving a large tree from the adapter was one pass; hashing it and the checks are more.
  await turnFor(capture.nodeCount);
  const root = "root" in capture ? capture.root : replaceSubtrees(base!.tree, capture.subtrees);
  if (root === null) {
    throw new ToolError("Internal", "the adapter patched nodes the tree does not have", {
      window_uid: uid,
    });
  }
  const entry: CachedCapture = {
    tree: root,
    hash: capturedTreeHash(root),
    capturedAt: Date.now(),
    captureMs: capture.captureMs,
    ...("appMs" in capture && capture.appMs !== undefined ? { appMs: capture.appMs } : {}),
    nodeCount: capture.nodeCount,
    namedNodeCount: countNamedNodes(root),
    depth: maxDepth,
    depthCut: depthWasCut(root, capture.cutShort),
    cutShort: capture.cutShort,
    version: capture.version,
  };
  await turnFor(entry.nodeCount);
  session.cache.recordCapture(uid, entry);
  session.safety.tripwire.noteTree(entry.tree, uid);
  return { ...entry, cache: use === "allow" ? "miss" : "bypass" };
}

export interface DesktopCapture {
  tree: Element;
  nodeCount: number;
  captureMs: number;
  cutShort: CutShort;
}

/**
 * Every application's windows as one tree (or the named application's),
 * `depth` levels below the desktop; never cached (it spans every window).
 */
export async function captureDesktop(
  session: ObserveContext,
  application: string | null,
  depth: number,
): Promise<DesktopCapture> {
  const tree = session.config.tree;
  let capture;
  try {
    capture = await session.adapter.captureDesktop(
      application,
      captureLimits(tree, Math.min(depth, tree.max_depth)),
    );
  } catch (e) {
    throw new ToolError("Internal", `could not read the desktop's tree: ${(e as Error).message}`);
  }
  if (capture === null) {
    throw new ToolError(
      "WindowGone",
      `no accessible application is named '${application}' (list_windows shows each ` +
        "window's process)",
      { application },
    );
  }
  session.cache.countWalk(capture.captureMs);
  session.safety.tripwire.noteTree(capture.root, null);
  const { root, nodeCount, captureMs, cutShort } = capture;
  return { tree: root, nodeCount, captureMs, cutShort };
}

/** The adapter's default tree when no window is resolved (legacy sketch route). */
export async function captureDefault(session: ObserveContext): Promise<Element | null> {
  const tree = session.config.tree;
  const capture = asCapture(
    await session.adapter.captureTree(null, captureLimits(tree)),
  );
  if (capture) session.safety.tripwire.noteTree(capture.root, null);
  return capture?.root ?? null;
}

/** PNG bytes of a window or the whole screen, or null when capture failed. */
export async function screenshotPng(
  session: ObserveContext,
  target: ScreenshotTarget,
): Promise<Uint8Array | null> {
  try {
    const image = await session.adapter.screenshot(target);
    return image ? await encodePngOffThread(image) : null;
  } catch {
    return null;
  }
}

/**
 * Run once before serving: compiles the injection detector's rules, starts
 * the image workers, the OCR workers (their engines start on first use) and
 * the adapter's own
 * (starting a worker holds the calling thread for tens of milliseconds, which
 * belongs at start-up, not inside the first screenshot request) and the
 * worker that holds the token encoder (OSWorld's table, the compact view's
 * budget) and the sketch worker, after compiling the views' code
 * (lib/formats/warm/views.ts).
 * Resolves when the encoder is built: the half second that takes on a core of its own would
 * otherwise slow the first requests a client sends.
 */
export async function warmUp(session: ObserveContext): Promise<void> {
  warmViews();
  warmUpDetector();
  startImageWorkers();
  session.adapter.startWorkers?.();
  const ocr = session.config.ocr;
  if (ocr.enabled) session.ocr.startWorkers(ocr.start === "service_start");
  await Promise.all([startTokenWorker(), startSketchWorker()]);
}

export { toBase64 } from "../../model/base64.ts";

/** The union of the monitors, or the fallback screen when the adapter knows none. */
export async function screenOf(session: ObserveContext): Promise<Bounds> {
  return screenBounds(await session.adapter.monitors()) ?? FALLBACK_SCREEN;
}
