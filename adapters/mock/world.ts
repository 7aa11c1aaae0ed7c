// What the mock adapter shows and how it reacts: the built-in desktop, or a
// loaded scenario. The adapter only copies and renders.

import type { ActionOutcome, InputAction } from "../types.ts";
import type { Bounds, Element, WindowInfo } from "../../lib/model/tree.ts";

export const MOCK_NOTE = "Mock adapter — no real OS action performed";

export interface MockWorld {
  /**
   * Counts the changes the world has been through: equal revisions show the
   * same windows, trees and pixels (so a capture or picture may be reused).
   */
  readonly revision: number;
  listWindows(): WindowInfo[];
  /** A window's tree (null handle: the default window); null when there is none. */
  tree(handle: string | null): Element | null;
  /** Every window with its tree, bottom first: the order to paint the screen in. */
  paintOrder(): Array<{ bounds: Bounds; root: Element }>;
  input(action: InputAction, handle: string | null): ActionOutcome;
  windowsAbove(handle: string): Bounds[];
}
