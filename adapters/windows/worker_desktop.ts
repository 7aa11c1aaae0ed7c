// The Windows desktop as its worker sees it: User32/GDI for windows,
// monitors, screenshots and SendInput (win32/), and one tree source — UI
// Automation, else MSAA — for trees and element operations. Every method runs
// on the worker thread, one request at a time; COM lives in its
// multithreaded apartment.

import {
  type ActionOutcome,
  type Capture,
  type CaptureLimits,
  type CutShort,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  type TreeSourceInfo,
  WindowGoneError,
} from "../types.ts";
import { type RawImage } from "../../lib/model/image.ts";
import type { WorkerDesktop } from "../worker_host.ts";
import {
  assignIds,
  type Bounds,
  type Element,
  type Monitor,
  type WindowInfo,
} from "../../lib/model/tree.ts";
import { desktopTree } from "../../lib/formats/geometry/desktop_tree.ts";
import { intersect } from "../../lib/formats/geometry/visibility.ts";
import { enterApartment, leaveApartment } from "./com/apartment.ts";
import { user32 } from "./ffi/user32.ts";
import { openTreeSource } from "./open_tree_source.ts";
import type { TreeSource } from "./tree_source/tree_source.ts";
import { activateWindow } from "./win32/activation.ts";
import { performInput, pointerPosition, releaseHeld } from "./win32/input.ts";
import { listMonitors, screenBounds } from "./win32/monitors.ts";
import { captureArea, captureWindow } from "./win32/screenshot.ts";
import {
  foregroundWindow,
  listWindows,
  parseHandle,
  windowExists,
  windowsAbove,
} from "./win32/windows.ts";

export class WindowsDesktop implements WorkerDesktop {
  private constructor(private readonly source: TreeSource, private readonly note: string | null) {}

  /** Joins COM's apartment and picks the tree source (UIA, else MSAA, else says why not). */
  static open(): Promise<WindowsDesktop> {
    // Opening user32 first makes the process DPI aware before any coordinate is read.
    user32();
    enterApartment();
    const { source, note } = openTreeSource();
    return Promise.resolve(new WindowsDesktop(source, note));
  }

  treeSource(): TreeSourceInfo {
    return { name: this.source.kind, note: this.note };
  }

  /** The hwnd of a handle; a handle that names no live window is WindowGone. */
  private window(handle: string): bigint {
    const hwnd = parseHandle(handle);
    if (hwnd === null || !windowExists(hwnd)) throw new WindowGoneError(handle);
    return hwnd;
  }

  listWindows(): WindowInfo[] {
    return listWindows();
  }

  captureTree(handle: string | null, limits: CaptureLimits): Capture | null {
    const hwnd = handle === null ? foregroundWindow() : this.window(handle);
    if (hwnd === 0n) return null;
    return this.source.capture(hwnd, handle ?? String(hwnd), limits);
  }

  /**
   * Every top-level window's tree under its process, sharing one node and
   * time budget; the desktop and application levels count against the depth.
   */
  captureDesktop(application: string | null, limits: CaptureLimits): Capture | null {
    const started = performance.now();
    const deadline = started + limits.timeoutMs;
    const wanted = application?.toLowerCase() ?? null;
    const trees = [];
    let nodeCount = 0;
    let cutShort: CutShort = null;
    for (const window of listWindows()) {
      if (wanted !== null && window.process.toLowerCase() !== wanted) continue;
      const left = { nodes: limits.maxNodes - nodeCount, ms: deadline - performance.now() };
      if (left.nodes <= 0 || left.ms <= 0) {
        cutShort = left.nodes <= 0 ? "nodes" : "time";
        break;
      }
      const hwnd = parseHandle(window.handle);
      if (hwnd === null) continue;
      try {
        const capture = this.source.capture(hwnd, window.handle, {
          maxDepth: Math.max(0, limits.maxDepth - 2),
          maxNodes: left.nodes,
          timeoutMs: left.ms,
        });
        trees.push({ window, tree: capture.root });
        nodeCount += capture.nodeCount;
        cutShort ??= capture.cutShort;
      } catch (e) {
        if (!(e instanceof WindowGoneError)) throw e; // closed meanwhile: not on the desktop
      }
    }
    const root = desktopTree(screenBounds(), trees, application);
    if (root === null) return null;
    return {
      root: assignIds(root),
      nodeCount: nodeCount + 1 + new Set(trees.map((t) => t.window.process)).size,
      captureMs: Math.round(performance.now() - started),
      cutShort,
    };
  }

  screenshot(target: ScreenshotTarget): RawImage | null {
    if (target.kind === "window") return captureWindow(this.window(target.handle));
    const screen = screenBounds();
    if (target.kind === "screen") return captureArea(screen);
    const monitor = listMonitors()[target.index];
    const area = monitor ? intersect(monitor.bounds, screen) : null;
    return area === null ? null : captureArea(area);
  }

  pointer(): { x: number; y: number } | null {
    return pointerPosition();
  }

  /**
   * Not read on Windows yet (GetCursorInfo and the cursor's icon bitmaps would
   * be the way): screenshots there go without the pointer.
   */
  cursorImage(): null {
    return null;
  }

  monitors(): Monitor[] {
    return listMonitors();
  }

  windowsAbove(handle: string): Bounds[] {
    const hwnd = parseHandle(handle);
    return hwnd === null ? [] : windowsAbove(hwnd);
  }

  activate(handle: string): [boolean, string] {
    return activateWindow(this.window(handle));
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) this.window(handle);
    return Promise.resolve(performInput(action));
  }

  elementOperation(target: ElementRef, op: ElementOperation): ActionOutcome {
    const hwnd = this.window(target.handle);
    return this.source.operate(hwnd, target.handle, target.elementId, op);
  }

  readPath(target: ElementRef): Element[] | null {
    const hwnd = this.window(target.handle);
    return this.source.readPath(hwnd, target.handle, target.elementId);
  }

  close(): void {
    releaseHeld();
    this.source.close();
    leaveApartment();
  }
}
