// A Wayland desktop whose compositor offers no protocol for other programs
// (GNOME, KDE): pictures and input through xdg-desktop-portal, windows as
// their applications report them over AT-SPI. What it cannot do, it says:
// no window's position is known (the portal and AT-SPI give none), so boxes
// are relative to their window, windows cannot be pictured alone, and an
// element is acted on through AT-SPI (invoke, focus, set a value), not
// clicked at its box; clicks at screen points (from a screenshot) work.

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
import { ToolError } from "../../../lib/model/errors.ts";
import type { CursorImage, RawImage } from "../../../lib/model/image.ts";
import type { Bounds, Element, Monitor, WindowInfo } from "../../../lib/model/tree.ts";
import { decodePng } from "../../../lib/formats/image/png.ts";
import { AtspiHostClient } from "../atspi/host_client.ts";
import type { ReplyRoom } from "../../reply_room.ts";
import type { ListedFrame, WindowFacts } from "../atspi/host_protocol.ts";
import {
  captureDesktopTree,
  captureWindowTree,
  operateOnElement,
  readElementPath,
} from "../atspi/window_trees.ts";
import { processNameFromProc } from "../common/process_name.ts";
import { InputActions, settle, SETTLE_MS } from "../common/input_actions.ts";
import { openLibc } from "../ffi/libc.ts";
import { Portal, type RemoteSession } from "./portal.ts";
import { PortalInput } from "./portal_input.ts";
import { composeArea } from "../wayland/compose.ts";

const NO_POSITIONS = "window positions are unknown on this desktop (xdg-desktop-portal and " +
  "AT-SPI give none)";

/** Where the portal's restore token is kept, so the user consents once. */
function restoreTokenFile(): string {
  const state = Deno.env.get("XDG_STATE_HOME") ?? `${Deno.env.get("HOME") ?? "/tmp"}/.local/state`;
  return `${state}/os-screen-observer/portal-restore-token`;
}

export class PortalDesktop {
  private session: RemoteSession | null = null;
  private actions: InputActions | null = null;

  private constructor(
    private readonly portal: Portal,
    private readonly atspi: AtspiHostClient,
    private readonly closeLibc: () => void,
  ) {}

  static async open(): Promise<PortalDesktop> {
    const address = Deno.env.get("DBUS_SESSION_BUS_ADDRESS");
    if (!address) {
      throw new Error("DBUS_SESSION_BUS_ADDRESS is not set: the portal is on the session bus");
    }
    const { libc, close } = openLibc();
    const atspi = new AtspiHostClient(() => {});
    try {
      const portal = Portal.open(libc, address);
      await atspi.start();
      return new PortalDesktop(portal, atspi, close);
    } catch (e) {
      atspi.close();
      close();
      throw e;
    }
  }

  /** The AT-SPI host's trees are written where the main thread made room (ReplyRoom). */
  get replyRoom(): ReplyRoom {
    return this.atspi.replyRoom;
  }

  treeSource(): TreeSourceInfo {
    return {
      name: "atspi",
      note: `Wayland through xdg-desktop-portal: ${NO_POSITIONS}; boxes are window-relative`,
      window_positions: "window-relative",
    };
  }

  private async frames(): Promise<ListedFrame[]> {
    return await this.atspi.call({ method: "listFrames" }) as ListedFrame[];
  }

  private async live(handle: string): Promise<ListedFrame> {
    const frame = (await this.frames()).find((f) => f.key === handle);
    if (frame === undefined) throw new WindowGoneError(handle);
    return frame;
  }

  async listWindows(): Promise<WindowInfo[]> {
    return (await this.frames()).map((frame) => ({
      handle: frame.key,
      title: frame.title,
      process: processNameFromProc(frame.pid) ?? "unknown",
      pid: frame.pid,
      bounds: frame.bounds,
      focused: frame.active,
      keyboard_focus: frame.active,
      window_uid: `atspi:${frame.key}`,
    }));
  }

  async captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options: CaptureOptions = {},
  ): Promise<CaptureAnswer> {
    const started = performance.now();
    const frames = await this.frames();
    const frame = handle === null
      ? frames.find((f) => f.active)
      : frames.find((f) => f.key === handle);
    if (frame === undefined) {
      if (handle === null) return null;
      throw new WindowGoneError(handle);
    }
    return await captureWindowTree(
      this.atspi,
      factsOf(frame),
      limits,
      options,
      started,
      async () => (await this.frames()).find((f) => f.key === frame.key)?.bounds,
    );
  }

  async captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const frames = await this.frames();
    const screen = this.session?.streams[0]
      ? streamBounds(this.session.streams[0])
      : { x: 0, y: 0, width: 0, height: 0 };
    return captureDesktopTree(this.atspi, frames.map(factsOf), application, limits, screen);
  }

  async screenshot(target: ScreenshotTarget): Promise<RawImage | null> {
    if (target.kind === "window") {
      throw new ToolError("PlatformUnsupported", `${NO_POSITIONS}: take the screen instead`);
    }
    const file = this.portal.screenshot();
    try {
      const image = await decodePng(await Deno.readFile(file));
      if (target.kind === "monitor" && this.session?.streams[target.index]) {
        const area = streamBounds(this.session.streams[target.index]);
        return composeArea(area, [{
          bounds: { x: 0, y: 0, width: image.width, height: image.height },
          image,
        }]);
      }
      return image;
    } finally {
      // The portal wrote it for us: it is not left among the user's pictures.
      await Deno.remove(file).catch(() => {});
    }
  }

  monitors(): Monitor[] {
    return (this.session?.streams ?? []).map((stream, index) => {
      const bounds = streamBounds(stream);
      return {
        index,
        primary: index === 0,
        bounds,
        scale_factor: 1,
        logical_bounds: bounds,
        physical_bounds: bounds,
      };
    });
  }

  pointer(): { x: number; y: number } | null {
    return this.actions?.pointer ?? null;
  }

  cursorImage(): CursorImage | null {
    return null;
  }

  windowsAbove(): Bounds[] {
    return [];
  }

  async activate(handle: string): Promise<[boolean, string]> {
    const frame = await this.live(handle);
    const outcome = await operateOnElement(
      this.atspi,
      factsOf(frame),
      "root",
      { kind: "focus" },
      SETTLE_MS,
    );
    return outcome.ok
      ? [true, "focused through AT-SPI (GNOME and KDE may keep another window above it)"]
      : [false, outcome.error ?? "AT-SPI could not focus the window"];
  }

  /** The RemoteDesktop session, started (with the user's consent, once) at the first input. */
  private inputActions(): InputActions {
    if (this.actions === null) {
      const file = restoreTokenFile();
      let token: string | null = null;
      try {
        token = Deno.readTextFileSync(file).trim() || null;
      } catch {
        // none kept yet: the portal asks the user
      }
      this.session = this.portal.startRemoteDesktop(token);
      if (this.session.restoreToken !== null) {
        Deno.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
        Deno.writeTextFileSync(file, this.session.restoreToken, { mode: 0o600 });
      }
      const device = new PortalInput(this.portal, this.session);
      device.primeKeyboard();
      this.actions = new InputActions(device);
    }
    return this.actions;
  }

  async input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) await this.live(handle);
    if (action.kind === "click" && action.elementId !== undefined) {
      return {
        ok: false,
        code: "PlatformUnsupported",
        error: `an element's box is relative to its window and ${NO_POSITIONS}: use ` +
          "invoke_element (AT-SPI's action) or click_at with a point from a screenshot",
      };
    }
    const outcome = await this.inputActions().send(action);
    await settle(action);
    return outcome;
  }

  async elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    const frame = await this.live(target.handle);
    return await operateOnElement(this.atspi, factsOf(frame), target.elementId, op, SETTLE_MS);
  }

  async readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null> {
    const frame = await this.live(target.handle);
    return await readElementPath(this.atspi, factsOf(frame), target.elementId, limits);
  }

  async close(): Promise<void> {
    await this.actions?.release();
    this.portal.close();
    this.atspi.close();
    this.closeLibc();
  }
}

function factsOf(frame: ListedFrame): WindowFacts {
  const origin = { ...frame.bounds, x: 0, y: 0 };
  return {
    window: frame.key,
    pid: frame.pid,
    title: frame.title,
    client: origin,
    outer: origin,
    relative: true,
  };
}

function streamBounds(stream: RemoteSession["streams"][number]): Bounds {
  return { ...stream.position, ...stream.size };
}
