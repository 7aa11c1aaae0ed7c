// The platform as the worker sees it: one X connection, one libatspi session,
// XTest input. Every method runs on the worker thread, one request at a time.

import {
  type ActionOutcome,
  type Capture,
  type CaptureLimits,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type RawImage,
  type ScreenshotTarget,
  WindowGoneError,
} from "../types.ts";
import type { Bounds, Monitor, WindowInfo } from "../../lib/tree.ts";
import { element } from "../../lib/tree.ts";
import { captureFrame, CaptureMemo } from "./atspi_capture.ts";
import { AtspiSession } from "./atspi_session.ts";
import { AtspiBatch } from "./atspi_batch.ts";
import { performElementOperation } from "./element_operations.ts";
import { FrameFinder } from "./frames.ts";
import { GValues } from "./glib_values.ts";
import { type Libraries, openLibraries } from "./libraries.ts";
import { SETTLE_MS, XTestInput } from "./xtest_input.ts";
import { listMonitors, screenBounds } from "./x11_monitors.ts";
import { grabRootArea, intersect } from "./x11_screenshot.ts";
import {
  activateWindow,
  activeWindow,
  frameBounds,
  listWindows,
  parseHandle,
  windowsAbove,
  windowTitle,
} from "./x11_windows.ts";
import { XDisplay } from "./x_display.ts";

export class LinuxDesktop {
  private readonly frames: FrameFinder;
  private readonly memo = new CaptureMemo();
  private readonly batch: AtspiBatch;
  private readonly keyboard: XTestInput;

  private constructor(
    private readonly libs: Libraries,
    private readonly x: XDisplay,
    private readonly atspi: AtspiSession,
  ) {
    this.frames = new FrameFinder(atspi, x);
    this.batch = new AtspiBatch(libs.dbus);
    this.keyboard = new XTestInput(x, libs.xtest);
  }

  /** Opens the libraries, the X display and the accessibility bus; throws naming what failed. */
  static open(): LinuxDesktop {
    const libs = openLibraries();
    let x: XDisplay | null = null;
    try {
      x = XDisplay.open(libs.x11);
      const atspi = new AtspiSession(
        libs.atspi,
        libs.glib,
        libs.dbus,
        new GValues(libs.glib, libs.gobject),
      );
      atspi.init();
      return new LinuxDesktop(libs, x, atspi);
    } catch (e) {
      x?.close();
      libs.close();
      throw e;
    }
  }

  /** Lets libatspi apply queued D-Bus events to its cache. */
  pump(): void {
    this.atspi.pump();
  }

  /** Before AT-SPI work: the bus is still there and queued events are applied. */
  private readyForAtspi(): void {
    this.atspi.pump();
    this.atspi.assertConnected();
  }

  /** A window id from a handle; a handle that names no live window is WindowGone. */
  private window(handle: string): bigint {
    const id = parseHandle(handle);
    if (id === null || frameBounds(this.x, id) === null) throw new WindowGoneError(handle);
    return id;
  }

  listWindows(): WindowInfo[] {
    return listWindows(this.x);
  }

  captureTree(handle: string | null, limits: CaptureLimits): Capture | null {
    const id = handle === null ? activeWindow(this.x) : this.window(handle);
    if (id === null) return null;
    this.readyForAtspi();
    const found = this.frames.find(id);
    if (found === null) {
      const bounds = frameBounds(this.x, id);
      if (bounds === null) throw new WindowGoneError(String(id));
      // An app without accessibility still has a title and a place on screen.
      const root = element("Window", windowTitle(this.x, id), [
        bounds.x,
        bounds.y,
        bounds.width,
        bounds.height,
      ]);
      root.id = "root";
      return { root, nodeCount: 1, captureMs: 0, cutShort: null };
    }
    try {
      const capture = captureFrame(
        this.atspi,
        this.batch,
        found.frame,
        found.quirks,
        limits,
        this.memo,
        found.title,
      );
      if (frameBounds(this.x, id) === null) throw new WindowGoneError(String(id));
      return capture;
    } finally {
      this.atspi.unref(found.frame);
    }
  }

  screenshot(target: ScreenshotTarget): RawImage | null {
    const screen = screenBounds(this.x);
    let area: Bounds | null = screen;
    if (target.kind === "monitor") {
      const monitor = this.monitors()[target.index];
      area = monitor ? intersect(monitor.bounds, screen) : null;
    } else if (target.kind === "window") {
      const bounds = frameBounds(this.x, this.window(target.handle));
      area = bounds ? intersect(bounds, screen) : null;
    }
    return area === null ? null : grabRootArea(this.x, area);
  }

  monitors(): Monitor[] {
    return listMonitors(this.x, this.libs.xrandr);
  }

  windowsAbove(handle: string): Bounds[] {
    const id = parseHandle(handle);
    return id === null ? [] : windowsAbove(this.x, id);
  }

  activate(handle: string): Promise<[boolean, string]> {
    return activateWindow(this.x, this.window(handle));
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) this.window(handle);
    return this.keyboard.perform(action);
  }

  async elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    const id = this.window(target.handle);
    this.readyForAtspi();
    const found = this.frames.find(id);
    if (found === null) {
      return { ok: false, unsupported: true, error: "the window's app is not accessible" };
    }
    let outcome: ActionOutcome;
    try {
      outcome = performElementOperation(this.atspi, found.frame, target.elementId, op);
    } finally {
      this.atspi.unref(found.frame);
    }
    if (outcome.ok) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return outcome;
  }

  close(): void {
    this.keyboard.close();
    this.atspi.close();
    this.x.close();
    this.libs.close();
  }
}
