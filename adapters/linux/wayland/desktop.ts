// The platform as the worker sees it on a wlroots compositor (sway): windows,
// outputs and focus from sway's IPC, pictures through wlr-screencopy, input
// through one virtual pointer and one virtual keyboard, and trees from the
// same AT-SPI host as on X11. Native Wayland windows report coordinates
// relative to themselves, placed with the window's content rectangle from
// sway; XWayland windows report screen coordinates already.

import type {
  ActionOutcome,
  Capture,
  CaptureAnswer,
  CaptureLimits,
  CaptureOptions,
  ElementOperation,
  ElementRef,
  InputAction,
  ScreenshotTarget,
  TreeSourceInfo,
} from "../../types.ts";
import { WindowGoneError } from "../../types.ts";
import type { CursorImage, PixelLayout, RawImage } from "../../../lib/model/image.ts";
import type { Bounds, Element, Monitor, WindowInfo } from "../../../lib/model/tree.ts";
import { intersect } from "../../../lib/formats/geometry/visibility.ts";
import { asRgba } from "../../../lib/formats/image/pixel_layout.ts";
import { scaleTo } from "../../../lib/formats/image/raster.ts";
import { AtspiHostClient } from "../atspi/host_client.ts";
import type { ReplyRoom } from "../../reply_room.ts";
import type { WindowFacts } from "../atspi/host_protocol.ts";
import {
  captureDesktopTree,
  captureWindowTree,
  operateOnElement,
  readElementPath,
} from "../atspi/window_trees.ts";
import { MessageType, SwayIpc } from "./sway_ipc.ts";
import { type SwayNode, type SwayView, viewsOf } from "./sway_tree.ts";
import { WaylandConnection } from "./connection.ts";
import { Screencopy } from "./screencopy.ts";
import { WaylandInput } from "./virtual_input.ts";
import { SETTLE_MS } from "../common/input_actions.ts";
import { composeArea, shrinkBy } from "./compose.ts";
import { processNameFromProc } from "../common/process_name.ts";

interface SwayOutput {
  name: string;
  active: boolean;
  focused: boolean;
  scale: number;
  rect: Bounds;
}

/** The outputs' layout: its extent, refreshed with each read of the outputs. */
interface Layout {
  current: Bounds;
}

export class WaylandDesktop {
  private constructor(
    /** Shared with the input, whose absolute motions span it. */
    private readonly layout: Layout,
    private readonly ipc: SwayIpc,
    private readonly wayland: WaylandConnection,
    private readonly screencopy: Screencopy,
    private readonly keysAndPointer: WaylandInput,
    private readonly atspi: AtspiHostClient,
  ) {}

  /** Connects to sway's IPC, the Wayland display and the AT-SPI host; throws naming what failed. */
  static async open(): Promise<WaylandDesktop> {
    const socket = Deno.env.get("SWAYSOCK");
    const display = Deno.env.get("WAYLAND_DISPLAY");
    if (!socket) throw new Error("SWAYSOCK is not set: the window list needs sway's IPC");
    if (!display) throw new Error("WAYLAND_DISPLAY is not set");
    const ipc = await SwayIpc.connect(socket);
    const atspi = new AtspiHostClient(() => {});
    let wayland: WaylandConnection | null = null;
    try {
      wayland = WaylandConnection.open(display);
      const screencopy = new Screencopy(wayland);
      const layout: Layout = { current: { x: 0, y: 0, width: 1, height: 1 } };
      const input = new WaylandInput(wayland, () => layout.current);
      await atspi.start();
      const opened = new WaylandDesktop(layout, ipc, wayland, screencopy, input, atspi);
      await opened.outputs();
      return opened;
    } catch (e) {
      atspi.close();
      wayland?.close();
      ipc.close();
      throw e;
    }
  }

  /** The AT-SPI host's trees are written where the main thread made room (ReplyRoom). */
  get replyRoom(): ReplyRoom {
    return this.atspi.replyRoom;
  }

  treeSource(): TreeSourceInfo {
    return { name: "atspi", note: "Wayland (sway): windows placed from sway's tree" };
  }

  private async views(): Promise<SwayView[]> {
    return viewsOf(await this.ipc.request<SwayNode>(MessageType.GET_TREE));
  }

  private async outputs(): Promise<SwayOutput[]> {
    const outputs = (await this.ipc.request<SwayOutput[]>(MessageType.GET_OUTPUTS))
      .filter((o) => o.active);
    if (outputs.length > 0) {
      const left = Math.min(...outputs.map((o) => o.rect.x));
      const top = Math.min(...outputs.map((o) => o.rect.y));
      const right = Math.max(...outputs.map((o) => o.rect.x + o.rect.width));
      const bottom = Math.max(...outputs.map((o) => o.rect.y + o.rect.height));
      this.layout.current = { x: left, y: top, width: right - left, height: bottom - top };
    }
    return outputs;
  }

  /** A handle's view as of now; a handle that names no view is WindowGone. */
  private async live(handle: string): Promise<SwayView> {
    const view = (await this.views()).find((v) => String(v.conId) === handle);
    if (view === undefined) throw new WindowGoneError(handle);
    return view;
  }

  async listWindows(): Promise<WindowInfo[]> {
    return (await this.views()).map((view) => ({
      handle: String(view.conId),
      title: view.title,
      process: processNameFromProc(view.pid) ?? view.appId,
      pid: view.pid,
      bounds: view.outer,
      focused: view.focused,
      keyboard_focus: view.focused,
      window_uid: `sway:${view.conId}`,
    }));
  }

  async captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options: CaptureOptions = {},
  ): Promise<CaptureAnswer> {
    const started = performance.now();
    const views = await this.views();
    const view = handle === null
      ? views.find((v) => v.focused)
      : views.find((v) => String(v.conId) === handle);
    if (view === undefined) {
      if (handle === null) return null;
      throw new WindowGoneError(handle);
    }
    return await captureWindowTree(
      this.atspi,
      factsOf(view),
      limits,
      options,
      started,
      async () => (await this.views()).find((v) => v.conId === view.conId)?.outer,
    );
  }

  async captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const views = await this.views();
    await this.outputs();
    return captureDesktopTree(
      this.atspi,
      views.map(factsOf),
      application,
      limits,
      this.layout.current,
    );
  }

  async screenshot(target: ScreenshotTarget, accept: PixelLayout[] = []): Promise<RawImage | null> {
    const outputs = await this.outputs();
    let area: Bounds | null = this.layout.current;
    if (target.kind === "monitor") {
      const output = outputs[target.index];
      area = output ? output.rect : null;
    } else if (target.kind === "window") {
      area = intersect((await this.live(target.handle)).outer, this.layout.current);
    }
    if (area === null) return null;
    const parts = [];
    for (const output of outputs) {
      if (intersect(output.rect, area) === null) continue;
      const wl = this.wayland.outputs.find((o) => o.name === output.name);
      if (wl === undefined) continue;
      parts.push({
        bounds: output.rect,
        image: inLayoutPixels(this.screencopy.capture(wl), output.rect),
      });
    }
    // One output that is the whole area (the usual full screenshot): its picture as it is.
    const whole = parts.length === 1 && sameBounds(parts[0].bounds, area);
    const picture = whole ? parts[0].image : composeArea(area, parts);
    return accept.includes("bgrx") ? picture : asRgba(picture);
  }

  async monitors(): Promise<Monitor[]> {
    return (await this.outputs()).map((output, index) => ({
      index,
      primary: index === 0,
      bounds: output.rect,
      scale_factor: output.scale,
      logical_bounds: output.rect,
      physical_bounds: {
        ...output.rect,
        width: Math.round(output.rect.width * output.scale),
        height: Math.round(output.rect.height * output.scale),
      },
    }));
  }

  /** Where this service last put the pointer (sway's IPC does not tell where it is). */
  pointer(): { x: number; y: number } | null {
    return this.keysAndPointer.position;
  }

  cursorImage(): CursorImage | null {
    return null;
  }

  /** Floating views drawn after this one cover it where they overlap (tiled views never overlap). */
  async windowsAbove(handle: string): Promise<Bounds[]> {
    const views = (await this.views()).filter((v) => v.visible);
    const index = views.findIndex((v) => String(v.conId) === handle);
    if (index < 0) return [];
    const self = views[index];
    return views.filter((v, i) => v.floating && (i > index || !self.floating) && v !== self)
      .map((v) => v.outer);
  }

  async activate(handle: string): Promise<[boolean, string]> {
    const view = await this.live(handle);
    this.screencopy.forget();
    await this.ipc.command(`[con_id=${view.conId}] focus`);
    const now = (await this.views()).find((v) => v.conId === view.conId);
    return now?.focused
      ? [true, "focused by sway"]
      : [false, "sway did not focus the window (another may hold focus: a fullscreen one)"];
  }

  async input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) await this.live(handle);
    // What it changes may reach the screen a frame later than the next screenshot asks.
    this.screencopy.forget();
    return await this.keysAndPointer.perform(action);
  }

  async elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    const view = await this.live(target.handle);
    this.screencopy.forget();
    return await operateOnElement(this.atspi, factsOf(view), target.elementId, op, SETTLE_MS);
  }

  async readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null> {
    const view = await this.live(target.handle);
    return await readElementPath(this.atspi, factsOf(view), target.elementId, limits);
  }

  async close(): Promise<void> {
    await this.keysAndPointer.close();
    this.screencopy.close();
    this.wayland.close();
    this.atspi.close();
    this.ipc.close();
  }
}

/**
 * An output's picture in layout pixels: a scaled output (scale 2: 2×2 pixels
 * per layout pixel) is drawn at its own resolution, while trees, windows and
 * clicks speak the layout's; the picture is resampled to match them.
 */
function inLayoutPixels(image: RawImage, rect: Bounds): RawImage {
  if (image.width === rect.width && image.height === rect.height) return image;
  const factor = image.width / rect.width;
  if (Number.isInteger(factor) && image.height === rect.height * factor) {
    return shrinkBy(image, factor);
  }
  return { ...scaleTo(image, rect.width, rect.height), layout: image.layout };
}

function sameBounds(a: Bounds, b: Bounds): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** What the AT-SPI host needs to find the view's frame and place it. */
function factsOf(view: SwayView): WindowFacts {
  return {
    window: `sway:${view.conId}`,
    pid: view.pid,
    title: view.title,
    client: view.content,
    outer: view.outer,
    relative: !view.xwayland,
    floating: view.floating,
  };
}
