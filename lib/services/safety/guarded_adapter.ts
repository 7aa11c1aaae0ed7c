// The adapter every tool sees: the platform adapter behind the access rules
// and redaction. Whatever path a tool takes to the desktop, a denied window is
// neither read nor touched (nor seen in a screenshot), and every captured tree
// is redacted before any view is built from it.

import {
  type ActionOutcome,
  type Adapter,
  asCapture,
  type CaptureAnswer,
  type CaptureLimits,
  type CaptureOptions,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type LoadedScenario,
  type ScreenshotTarget,
  type TreeSourceInfo,
} from "../../../adapters/types.ts";
import type { EncodedPicture, ImageEncoding, PixelLayout, RawImage } from "../../model/image.ts";
import type { Bounds, Element, WindowInfo } from "../../model/tree.ts";
import { forgetTreeJson, keepArrivedJson } from "../../model/json_text.ts";
import { frontWindowAt } from "../../formats/geometry/front_window.ts";
import type { Scenario } from "../../model/scenario.ts";
import { type AccessDecision, type AccessPolicy, refuseIfDenied } from "./access.ts";
import { currentCall } from "./call_context.ts";
import { maskBoxes } from "./image_mask.ts";
import type { Redactor } from "./redactor.ts";
import type { Tripwire } from "./tripwire.ts";
import {
  resolveWindow,
  sortWindows,
  type WindowArgs,
  windowWithKeys,
} from "../../formats/geometry/window_order.ts";

export interface GuardSettings {
  access: AccessPolicy;
  redactor: Redactor;
  imageBlur: "off" | "black" | "blur";
  tripwire: Tripwire;
}

export class GuardedAdapter implements Adapter {
  readonly loadScenario?: (scenario: Scenario) => LoadedScenario;
  readonly startWorkers?: () => void;
  /** The latest listing, by handle. */
  private byHandle = new Map<string, WindowInfo>();

  constructor(readonly inner: Adapter, private readonly guard: GuardSettings) {
    if (inner.loadScenario) this.loadScenario = (s) => inner.loadScenario!(s);
    if (inner.startWorkers) this.startWorkers = () => inner.startWorkers!();
  }

  get name() {
    return this.inner.name;
  }

  get isMock() {
    return this.inner.isMock;
  }

  get mirrorsTrees() {
    return this.inner.mirrorsTrees;
  }

  treeSource(): TreeSourceInfo {
    return this.inner.treeSource();
  }

  /** The windows the current tool may see; the others are remembered for the call. */
  async listWindows(): Promise<WindowInfo[]> {
    const all = await this.listAll();
    const visible: WindowInfo[] = [];
    const call = currentCall();
    if (call) call.denied = [];
    for (const window of all) {
      const decision = this.decide(window);
      if (decision.allowed) visible.push(window);
      else call?.denied.push({ window, decision });
    }
    this.guard.tripwire.noteTitles(visible);
    return visible;
  }

  async captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options?: CaptureOptions,
  ): Promise<CaptureAnswer> {
    const window = await this.permitted(handle);
    const capture = await this.inner.captureTree(handle, limits, options);
    // An unchanged tree (or a patch's base) is the caller's copy, redacted when it came.
    const fresh = capture === null || "unchanged" in capture
      ? []
      : "root" in capture
      ? [capture.root]
      : capture.subtrees;
    for (const root of fresh) {
      const { changed } = this.guard.redactor.redactTree(root, window?.title ?? null);
      // Unchanged: the tree is as it arrived, and so is its JSON. An adapter may
      // answer an unchanged window with a tree served before, which a secret
      // learned since changes in place: the JSON kept of it is stale then.
      if (changed) forgetTreeJson(root);
      else keepArrivedJson(root);
    }
    return capture;
  }

  async captureDesktop(application: string | null, limits: CaptureLimits) {
    const capture = await this.inner.captureDesktop(application, limits);
    if (!capture) return capture;
    const denied = await this.deniedWindows();
    for (const app of capture.root.children) {
      app.children = app.children.filter((w) =>
        !denied.some((d) => d.title === w.name && sameProcess(d.process, app.name))
      );
    }
    this.guard.redactor.redactTree(capture.root, null);
    return capture;
  }

  async screenshot(target: ScreenshotTarget, accept?: PixelLayout[]): Promise<RawImage | null> {
    const window = target.kind === "window" ? await this.permitted(target.handle) : null;
    const image = await this.inner.screenshot(target, accept);
    if (!image) return image;
    const origin = window ? window.bounds : await this.originOf(target);
    const masksElements = this.guard.redactor.active && this.guard.imageBlur !== "off";
    const all = this.guard.access.hasWindowRules || (masksElements && !window)
      ? await this.listAll()
      : [];
    // A window's pixels are read off the screen, so a denied window above it shows too.
    const denied = all.filter((w) => !this.decide(w).allowed);
    const shown = window ? [window] : all.filter((w) => !denied.includes(w));
    const boxes = [
      ...denied.map((w) => w.bounds),
      ...(masksElements ? await this.redactedBoxes(shown) : []),
    ];
    // Denied windows are always blacked out; redacted elements as configured.
    const mode = this.guard.imageBlur === "off" ? "black" : this.guard.imageBlur;
    return boxes.length === 0 ? image : maskBoxes(image, boxes, origin, mode);
  }

  /** The inner adapter's token, for a picture this guard would not mask (masks follow the screen). */
  async pictureToken(target: ScreenshotTarget): Promise<string | null> {
    if (!this.inner.pictureToken) return null;
    if (target.kind === "window") await this.permitted(target.handle);
    return this.mayMaskPictures ? null : await this.inner.pictureToken(target);
  }

  /** The inner adapter's encoded picture, when this guard would not mask it (null: take it). */
  async encodedScreenshot(
    target: ScreenshotTarget,
    encoding: ImageEncoding,
  ): Promise<EncodedPicture | null> {
    if (!this.inner.encodedScreenshot) return null;
    if (target.kind === "window") await this.permitted(target.handle);
    return this.mayMaskPictures ? null : await this.inner.encodedScreenshot(target, encoding);
  }

  /** Whether screenshots may need boxes blacked out or blurred (denied windows, redaction). */
  private get mayMaskPictures(): boolean {
    return this.guard.access.hasWindowRules ||
      (this.guard.redactor.active && this.guard.imageBlur !== "off");
  }

  async input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    if (handle !== null) await this.permitted(handle);
    if (this.guard.access.hasWindowRules) await this.refuseInputTarget(action);
    return this.inner.input(action, handle);
  }

  async elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    await this.permitted(target.handle);
    return this.inner.elementOperation(target, op);
  }

  async readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null> {
    const window = await this.permitted(target.handle);
    const path = await this.inner.readPath(target, limits);
    // Redacted as the capture it is checked against was.
    for (const node of path ?? []) this.guard.redactor.redactTree(node, window?.title ?? null);
    return path;
  }

  monitors() {
    return this.inner.monitors();
  }

  pointer() {
    return this.inner.pointer();
  }

  cursorImage() {
    return this.inner.cursorImage();
  }

  windowsAbove(handle: string): Promise<Bounds[]> {
    return this.inner.windowsAbove(handle);
  }

  async activate(handle: string): Promise<[boolean, string]> {
    await this.permitted(handle);
    return this.inner.activate(handle);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private decide(window: WindowInfo): AccessDecision {
    return this.guard.access.window(currentCall()?.tool ?? null, window);
  }

  private async listAll(): Promise<WindowInfo[]> {
    const all = await this.inner.listWindows();
    this.byHandle = new Map(all.map((w) => [w.handle, w]));
    return all;
  }

  /**
   * The window behind `handle` (null: the active one), or NotAllowed when it
   * is denied. Tools list the windows before they touch one, so the listing
   * they made usually answers without asking the platform again.
   */
  private async permitted(handle: string | null): Promise<WindowInfo | null> {
    let window = handle === null ? null : this.byHandle.get(handle) ?? null;
    if (window === null) {
      const all = await this.listAll();
      window = handle === null
        ? all.find((w) => w.focused) ?? null
        : all.find((w) => w.handle === handle) ?? null;
    }
    if (window) refuse(window, this.decide(window));
    return window;
  }

  private async deniedWindows(): Promise<WindowInfo[]> {
    if (!this.guard.access.hasWindowRules) return [];
    return (await this.listAll()).filter((w) => !this.decide(w).allowed);
  }

  /** Pointer input lands on the window in front at its point; keys go to the focused window. */
  private async refuseInputTarget(action: InputAction): Promise<void> {
    const all = await this.listAll();
    const pointer = action.kind === "button" && action.x === undefined
      ? await this.inner.pointer()
      : null;
    const points = action.kind === "drag"
      ? [action.from, action.to]
      : "x" in action && action.x !== undefined && action.y !== undefined
      ? [{ x: action.x, y: action.y }]
      : pointer
      ? [pointer]
      : [];
    const above = (handle: string) => this.inner.windowsAbove(handle);
    const targets = points.length > 0
      ? await Promise.all(points.map((p) => frontWindowAt(all, p, above)))
      : [windowWithKeys(all)];
    for (const window of targets) if (window) refuse(window, this.decide(window));
  }

  /** Boxes of the windows' elements that redaction blanked, from fresh captures. */
  private async redactedBoxes(windows: WindowInfo[]): Promise<Bounds[]> {
    const boxes: Bounds[] = [];
    for (const window of windows) {
      const capture = asCapture(await this.inner.captureTree(window.handle, FOR_BOXES));
      if (capture) boxes.push(...this.guard.redactor.redactTree(capture.root, window.title).boxes);
    }
    return boxes;
  }

  private async originOf(target: ScreenshotTarget): Promise<{ x: number; y: number }> {
    if (target.kind !== "monitor") return { x: 0, y: 0 };
    const monitor = (await this.inner.monitors()).find((m) => m.index === target.index);
    return monitor?.bounds ?? { x: 0, y: 0 };
  }
}

/** Deep enough for the boxes of any element a person sees; bounded like any capture. */
const FOR_BOXES: CaptureLimits = { maxDepth: 64, maxNodes: 20000, timeoutMs: 10000 };

function refuse(window: WindowInfo, decision: AccessDecision): void {
  refuseIfDenied(decision, { window_uid: window.window_uid });
}

/** Desktop trees name applications as the toolkit reports them, which may differ in case. */
function sameProcess(process: string, application: string): boolean {
  return process.toLowerCase() === application.toLowerCase() || application === "";
}

/** NotAllowed when a window argument names a window the access rules hide from this call. */
export function refuseDeniedRequest(args: WindowArgs): void {
  const denied = currentCall()?.denied ?? [];
  if (denied.length === 0) return;
  const { window } = resolveWindow(sortWindows(denied.map((d) => d.window)), {
    window_uid: args.window_uid,
    window_title: args.window_title,
  });
  const hit = window && denied.find((d) => d.window.handle === window.handle);
  if (hit) refuse(hit.window, hit.decision);
}
