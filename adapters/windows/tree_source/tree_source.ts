// Where the Windows adapter reads trees from: UI Automation when its COM
// class can be created, else MSAA (IAccessible), which every Windows and
// wine has. Both walk a window into the same Element shape with the service's
// role vocabulary; element ids are positional ("root.2.0") in both.

import type { ActionOutcome, Capture, CaptureLimits, ElementOperation } from "../../types.ts";
import type { Element } from "../../../lib/model/tree.ts";

export type TreeSourceKind = "uia" | "msaa";

export interface TreeSource {
  readonly kind: TreeSourceKind;
  /**
   * The window's tree within the limits (the walk stops at the deadline and
   * says so in `cutShort`). `handle` is the service's handle of the window,
   * for errors. Throws WindowGoneError when `hwnd` is no longer a window.
   */
  capture(hwnd: bigint, handle: string, limits: CaptureLimits): Capture;
  /**
   * An operation on the element at a positional id of the same walk. Returns
   * `{ok: false, unsupported: true}` when the element lacks the pattern or
   * action, so lib/ falls back to coordinates or typing.
   */
  operate(hwnd: bigint, handle: string, elementId: string, op: ElementOperation): ActionOutcome;
  /**
   * The element at a positional id and each of its ancestors, read again
   * (Adapter.readPath); null when the id names nothing now.
   */
  readPath(hwnd: bigint, handle: string, elementId: string): Element[] | null;
  /** Releases the COM objects the source holds. */
  close(): void;
}
