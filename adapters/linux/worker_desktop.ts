// The platform as the worker sees it: one X connection, XTest input, and the
// AT-SPI host process (adapters/linux/atspi/host.ts) for trees and element operations. Every
// method runs on the worker thread, one request at a time.

import {
  type ActionOutcome,
  type Capture,
  type CaptureAnswer,
  type CaptureLimits,
  type CaptureOptions,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  type TreeSourceInfo,
  WindowGoneError,
} from "../types.ts";
import {
  captureDesktopTree,
  captureWindowTree,
  operateOnElement,
  readElementPath,
} from "./atspi/window_trees.ts";
import type {
  CursorImage,
  EncodedPicture,
  ImageEncoding,
  PixelLayout,
  RawImage,
} from "../../lib/model/image.ts";
import { encodePicture } from "../../lib/formats/image/encode.ts";
import type { Bounds, Element, Monitor, WindowInfo } from "../../lib/model/tree.ts";
import { AtspiHostClient } from "./atspi/host_client.ts";
import type { ReplyRoom } from "../reply_room.ts";
import type { WindowFacts } from "./atspi/host_protocol.ts";
import { openXLibraries, type XLibraries } from "./ffi/libraries.ts";
import type { Method } from "../worker_protocol.ts";
import { XTestInput } from "./x11/xtest_input.ts";
import { SETTLE_MS } from "./common/input_actions.ts";
import { pointerPosition } from "./x11/pointer.ts";
import { CursorReader } from "./x11/cursor.ts";
import { listMonitors, screenBounds } from "./x11/monitors.ts";
import { grabRootArea } from "./x11/screenshot.ts";
import { ShmGrabber } from "./x11/shm_grab.ts";
import { intersect } from "../../lib/formats/geometry/visibility.ts";
import { activateWindow, parseHandle, type WindowReading, windowsAbove } from "./x11/windows.ts";
import { WindowWatch } from "./x11/window_watch.ts";
import { XDisplay } from "./x11/display.ts";
import { publishAccessibilityBus } from "./x11/accessibility_bus_property.ts";

/** How often an idle worker reads the X events queued meanwhile (Xlib keeps them until read). */
const DRAIN_EVENTS_MS = 1000;

export class LinuxDesktop {
  private readonly xtest: XTestInput;
  /** Screenshots' shared memory: undefined until the first one, null where unavailable. */
  private shm: ShmGrabber | null | undefined = undefined;
  /** The pointer's picture: undefined until first asked, null where XFixes is missing. */
  private cursor: CursorReader | null | undefined = undefined;
  private readonly windows: WindowWatch;
  private readonly drainTimer: ReturnType<typeof setInterval>;
  /** The listing is X's alone: it need not wait while the AT-SPI host walks a tree. */
  readonly servedAtOnce: ReadonlySet<Method> = new Set(["listWindows"]);

  private constructor(
    private readonly libs: XLibraries,
    private readonly x: XDisplay,
    private readonly atspi: AtspiHostClient,
  ) {
    this.xtest = new XTestInput(x, libs.xtest);
    this.windows = new WindowWatch(x);
    this.drainTimer = setInterval(() => this.windows.drain(), DRAIN_EVENTS_MS);
  }

  /** Opens the libraries, the X display and the AT-SPI host; throws naming what failed. */
  static async open(): Promise<LinuxDesktop> {
    const libs = openXLibraries();
    let x: XDisplay | null = null;
    // Each host that starts says which bus it joined: Qt 5 looks for it on the root window.
    const atspi = new AtspiHostClient((address) => {
      if (x === null) return;
      const published = publishAccessibilityBus(x, address);
      if (typeof published === "object") {
        console.error(`accessibility: ${published.problem}: Qt 5 programs may show empty trees`);
      }
    });
    try {
      x = XDisplay.open(libs.x11);
      await atspi.start();
      return new LinuxDesktop(libs, x, atspi);
    } catch (e) {
      atspi.close();
      x?.close();
      libs.close();
      throw e;
    }
  }

  /** A handle's window as of now; a handle that names no live window is WindowGone. */
  private live(handle: string): { id: bigint; reading: WindowReading } {
    const id = parseHandle(handle);
    const reading = id === null ? null : this.windows.current(id);
    if (id === null || reading === null) throw new WindowGoneError(handle);
    return { id, reading };
  }

  /** The AT-SPI host's trees are written where the main thread made room (ReplyRoom). */
  get replyRoom(): ReplyRoom {
    return this.atspi.replyRoom;
  }

  treeSource(): TreeSourceInfo {
    return { name: "atspi", note: null };
  }

  listWindows(): WindowInfo[] {
    return this.windows.list();
  }

  async captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options: CaptureOptions = {},
  ): Promise<CaptureAnswer> {
    const started = performance.now();
    const active = handle === null ? this.windows.activeNow() : null;
    if (handle === null && active === null) return null;
    const { id, reading } = this.live(handle ?? String(active));
    return await captureWindowTree(
      this.atspi,
      factsOf(id, reading),
      limits,
      options,
      started,
      () => this.windows.current(id)?.outer,
    );
  }

  /** Null when no accessible application has that name. */
  captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const windows = this.windows.managed().map(({ id, reading }) => factsOf(id, reading));
    return captureDesktopTree(this.atspi, windows, application, limits, screenBounds(this.x));
  }

  screenshot(target: ScreenshotTarget, accept: PixelLayout[] = []): RawImage | null {
    const screen = screenBounds(this.x);
    const area = this.areaOf(target, screen);
    // X writes BGRX: a caller that takes it spares the conversion.
    const layout = accept.includes("bgrx") ? "bgrx" : "rgba";
    if (area === null) return null;
    return this.shmFor(screen)?.grab(area, layout) ?? grabRootArea(this.x, area, layout);
  }

  /**
   * Encoded on this thread from the pixels where the X server wrote them:
   * neither the 8 MB of a 1080p grab nor a copy of them crosses to another
   * thread, only the encoded bytes.
   */
  encodedScreenshot(target: ScreenshotTarget, encoding: ImageEncoding): EncodedPicture | null {
    const screen = screenBounds(this.x);
    const area = this.areaOf(target, screen);
    if (area === null) return null;
    const data =
      this.shmFor(screen)?.withPixels(area, (pixels) => encodePicture(pixels, encoding)) ??
        encodePicture(grabRootArea(this.x, area, "bgrx"), encoding);
    return { width: area.width, height: area.height, data };
  }

  /** The part of the screen `target` shows, or null when it shows none. */
  private areaOf(target: ScreenshotTarget, screen: Bounds): Bounds | null {
    if (target.kind === "monitor") {
      const monitor = this.monitors()[target.index];
      return monitor ? intersect(monitor.bounds, screen) : null;
    }
    if (target.kind === "window") return intersect(this.live(target.handle).reading.outer, screen);
    return screen;
  }

  /** MIT-SHM where the server offers it (tried once, grown with the screen); null: XGetImage. */
  private shmFor(screen: Bounds): ShmGrabber | null {
    if (this.shm === undefined || (this.shm !== null && !this.shm.fits(screen))) {
      this.shm?.close();
      this.shm = ShmGrabber.open(this.x, screen.width, screen.height);
    }
    return this.shm;
  }

  monitors(): Monitor[] {
    return listMonitors(this.x, this.libs.xrandr);
  }

  pointer(): { x: number; y: number } | null {
    return pointerPosition(this.x);
  }

  cursorImage(): CursorImage | null {
    if (this.cursor === undefined) this.cursor = CursorReader.open(this.x);
    return this.cursor?.read() ?? null;
  }

  windowsAbove(handle: string): Bounds[] {
    const id = parseHandle(handle);
    return id === null ? [] : windowsAbove(this.x, id);
  }

  activate(handle: string): Promise<[boolean, string]> {
    return activateWindow(this.x, this.live(handle).id);
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) this.live(handle);
    return this.xtest.perform(action);
  }

  elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    const { id, reading } = this.live(target.handle);
    return operateOnElement(this.atspi, factsOf(id, reading), target.elementId, op, SETTLE_MS);
  }

  readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null> {
    const { id, reading } = this.live(target.handle);
    return readElementPath(this.atspi, factsOf(id, reading), target.elementId, limits);
  }

  async close(): Promise<void> {
    clearInterval(this.drainTimer);
    this.shm?.close();
    await this.xtest.close();
    this.atspi.close();
    this.x.close();
    this.libs.close();
  }
}

/** What the AT-SPI host needs to find the window's frame. */
function factsOf(id: bigint, { pid, title, client, outer }: WindowReading): WindowFacts {
  return { window: id.toString(), pid, title, client, outer };
}
