// The adapter contract: the only code that touches an OS. Deliberately narrow;
// selectors, diffs, hashing, sketches, receipts and waits live in lib/ and work
// the same for every adapter. Every value crossing this boundary is plain data
// (structured-clone safe) so an adapter can live in a Worker.

import type { Bounds, Element, Monitor, WindowInfo } from "../lib/model/tree.ts";
import type { Scenario } from "../lib/model/scenario.ts";
import type {
  CursorImage,
  EncodedPicture,
  ImageEncoding,
  PixelLayout,
  RawImage,
} from "../lib/model/image.ts";

export type AdapterName = "MockAdapter" | "LinuxAdapter" | "WindowsAdapter";

export interface CaptureLimits {
  /** Levels below the root to walk (root = level 0). */
  maxDepth: number;
  /** Stop adding nodes after this many. */
  maxNodes: number;
  /** End the capture (walk and reads) within about this many milliseconds. */
  timeoutMs: number;
}

/**
 * What left nodes out of a capture: the depth, node or time limit, or an
 * application that did not answer (its node is there, without children).
 */
export type CutShort = null | "depth" | "nodes" | "time" | "unresponsive";

/**
 * The cut a walk reports once an application did not answer: it outranks a
 * depth cut met earlier (the caller must learn of the silent application
 * whatever order the applications were walked in; depth cuts are also marked
 * on their nodes), not a node or time limit, which ended the walk.
 */
export function withUnresponsive(current: CutShort): CutShort {
  return current === null || current === "depth" ? "unresponsive" : current;
}

export interface Capture {
  root: Element;
  nodeCount: number;
  captureMs: number;
  /**
   * Of captureMs, how long the application itself took to answer the walk's
   * questions (where the adapter can tell): the part no walker can save.
   */
  appMs?: number;
  /** Which limit, if any, cut the walk short. */
  cutShort: CutShort;
  /**
   * Set by adapters that keep trees current from platform events: equal
   * versions are the same tree (see CaptureOptions.known).
   */
  version?: string;
}

/** How a capture may be answered by an adapter that mirrors trees (without: a walk). */
export interface CaptureOptions {
  /** Answer from the adapter's live mirror where events vouch for it. */
  mirror?: boolean;
  /**
   * With `mirror`: the version the caller holds; an unchanged tree is answered
   * as Unchanged, one changed in a few places as Patched.
   */
  known?: string;
  /**
   * With `mirror`: walk the window whatever the mirror holds, and mirror what
   * the walk finds (a caller's `fresh: true`); the answer keeps a version, so
   * the caller's next capture is answered from the mirror again.
   */
  walk?: boolean;
}

/** The tree of version `unchanged` is current (the caller holds it). */
export interface Unchanged {
  unchanged: string;
  captureMs: number;
}

/**
 * The tree of version `base` (the caller holds it) with subtrees replaced is
 * current, as version `version`: each of `subtrees` takes the place of the
 * node with its positional id; every other node keeps its id.
 */
export interface Patched extends Omit<Capture, "root" | "version"> {
  base: string;
  version: string;
  subtrees: Element[];
}

/** What a capture answers; null when the window's application is not accessible. */
export type CaptureAnswer = Capture | Unchanged | Patched | null;

/** Milliseconds to a tenth, as captures report them. */
export function tenthsOfMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** Milliseconds since `started` (performance.now()), to a tenth: a capture's captureMs. */
export function captureMsSince(started: number): number {
  return tenthsOfMs(performance.now() - started);
}

/** A capture asked for without `known`, which is never Unchanged or Patched. */
export function asCapture(answer: CaptureAnswer): Capture | null {
  if (answer !== null && !("root" in answer)) {
    throw new Error("an adapter answered a version's change to a capture that named no version");
  }
  return answer;
}

export type ScreenshotTarget =
  | { kind: "window"; handle: string }
  | { kind: "monitor"; index: number }
  | { kind: "screen" };

export type MouseButton = "left" | "right" | "middle";

export type InputAction =
  | { kind: "move"; x: number; y: number }
  | {
    kind: "click";
    x: number;
    y: number;
    button: MouseButton;
    count: number;
    /** The element the click is aimed at, when known (scenario reactions use it). */
    elementId?: string;
  }
  /**
   * Wheel clicks: positive scrolls up (or, `horizontal`, right). Over x, y when
   * given, else where the pointer is.
   */
  | { kind: "scroll"; clicks: number; x?: number; y?: number; horizontal?: boolean }
  | {
    kind: "drag";
    from: { x: number; y: number };
    to: { x: number; y: number };
    durationMs: number;
    modifiers: string[];
    /** The button held during the drag (left when absent). */
    button?: MouseButton;
  }
  /** Press (`down`) or release one mouse button, after moving to x, y when given. */
  | { kind: "button"; button: MouseButton; down: boolean; x?: number; y?: number }
  | { kind: "keys"; combo: string[] }
  /** Press (`down`) or release one key (a canonical key name) and leave the rest as they are. */
  | { kind: "key"; key: string; down: boolean }
  | {
    kind: "text";
    text: string;
    /** More text follows at once: skip the pause that lets the app catch up after input. */
    more?: boolean;
  };

export type ElementOperation =
  | { kind: "focus" }
  /** Ask the toolkit to scroll the element into view (its scrolling containers move). */
  | { kind: "scroll_into_view" }
  | { kind: "default_action" }
  | { kind: "set_value"; value: string }
  | { kind: "select"; optionName?: string; optionIndex?: number };

export interface ElementRef {
  handle: string;
  elementId: string;
}

/** Outcome of an input or element operation. `unsupported` asks lib/ to fall back to coordinates. */
export type ActionOutcome =
  | { ok: true; note?: string; details?: Record<string, unknown> }
  | {
    ok: false;
    unsupported?: boolean;
    error: string;
    code?: string;
    /** What was done before it failed (e.g. how much text was typed). */
    details?: Record<string, unknown>;
  };

/**
 * Where an adapter's trees come from ("atspi", "uia", "msaa", "mock") and,
 * when the platform's preferred source could not be used, exactly why.
 */
export interface TreeSourceInfo {
  name: string;
  note: string | null;
  /**
   * "window-relative" where nothing tells where windows are (Wayland reached
   * through xdg-desktop-portal): each window's bounds are its size at 0,0.
   * Absent: window bounds are on the screen.
   */
  window_positions?: "window-relative";
}

/** Whether the adapter's window bounds are on the screen (see TreeSourceInfo.window_positions). */
export function windowsPlaced(adapter: Pick<Adapter, "treeSource">): boolean {
  return adapter.treeSource().window_positions === undefined;
}

/** A scenario a simulated desktop shows: its file, its current state, and the way into another. */
export interface LoadedScenario {
  readonly scenario: Scenario;
  readonly state: string;
  /** Puts the desktop into `state`; false when the scenario has no such state. */
  enterState(state: string): boolean;
}

export interface Adapter {
  readonly name: AdapterName;
  readonly isMock: boolean;
  /**
   * Whether the adapter keeps trees current from platform events, so a capture
   * may be answered from its mirror (CaptureOptions.mirror).
   */
  readonly mirrorsTrees: boolean;
  /** Where trees come from now (healthz and get_capabilities report it). */
  treeSource(): TreeSourceInfo;
  /** Top-level windows in platform order; the facade sorts them. */
  listWindows(): Promise<WindowInfo[]>;
  /**
   * A window's tree (null handle: the adapter's default, usually the active
   * window); Unchanged or Patched only when `options.known` names a version.
   */
  captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options?: CaptureOptions,
  ): Promise<CaptureAnswer>;
  /**
   * Every application on the desktop (or the one named, any case) as one
   * tree: a Desktop root, Application nodes, their top-level windows (popups
   * included) below. Null when no application has that name.
   */
  captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null>;
  /** `accept`: the layouts the caller can take besides RGBA (an adapter may ignore it). */
  screenshot(target: ScreenshotTarget, accept?: PixelLayout[]): Promise<RawImage | null>;
  /**
   * `target`'s screenshot encoded where it is grabbed, so that no pixels
   * cross threads; null when the adapter cannot here (the caller takes the
   * screenshot and encodes it). Only the pixels as they are: a caller that
   * masks or scales them takes the screenshot.
   */
  encodedScreenshot?(
    target: ScreenshotTarget,
    encoding: ImageEncoding,
  ): Promise<EncodedPicture | null>;
  /**
   * A token equal whenever `target`'s screenshot would be the same pixels,
   * without taking it (null: not known now), so work done on a picture can be
   * reused. Only adapters that know when their pixels change have it.
   */
  pictureToken?(target: ScreenshotTarget): Promise<string | null>;
  input(action: InputAction, handle: string | null): Promise<ActionOutcome>;
  elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome>;
  /**
   * The element at `target` and each of its ancestors read again, root first
   * and the element last, each without children: what an action's checks
   * need between two looks, without capturing the whole window. Null when
   * the id names nothing now (or the window's application is not accessible).
   */
  readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null>;
  monitors(): Promise<Monitor[]>;
  /** Where the pointer is, in screen pixels (null when the platform cannot tell). */
  pointer(): Promise<{ x: number; y: number } | null>;
  /** The pointer's picture where it is now (null when the platform cannot tell). */
  cursorImage(): Promise<CursorImage | null>;
  /** Bounds of visible windows above this one in Z-order (empty when unknown). */
  windowsAbove(handle: string): Promise<Bounds[]>;
  /** Platform activation; `[false, reason]` when there is no such API. */
  activate(handle: string): Promise<[boolean, string]>;
  /**
   * Only on simulated desktops: replaces what the adapter shows with a
   * scenario (and any earlier scenario's state).
   */
  loadScenario?(scenario: Scenario): LoadedScenario;
  /** Starts workers the adapter would otherwise start inside its first request. */
  startWorkers?(): void;
  close(): Promise<void>;
}

/**
 * The window's application did not answer the accessibility bus in time (a
 * stopped or hung process): its tree cannot be read now.
 */
export class AppNotRespondingError extends Error {}

/** Thrown by adapters when a window vanished mid-operation. */
export class WindowGoneError extends Error {
  constructor(public readonly handle: string) {
    super(`window ${handle} no longer exists`);
  }
}
