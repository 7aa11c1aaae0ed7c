// What the element verbs and the on-screen-text verbs share: the arguments that
// aim a verb at an element, and the target it is performed on once found.

import type { Element } from "../../model/tree.ts";
import type { ListedWindow, WindowArgs } from "../../formats/geometry/window_order.ts";
import type { ActContext } from "./context.ts";
import type { TargetArgs } from "./targets.ts";
import type { ScreenTextArgs } from "./screen_text.ts";

export interface ElementVerbArgs extends WindowArgs, TargetArgs, ScreenTextArgs {
  dry_run: boolean;
  /** Bring the element's window to the front when it is covered (default from config). */
  auto_activate?: boolean;
  /** How long to wait for the element to be actionable (default from config). */
  timeout_ms?: number;
  /** The capture the element_id was taken from (default: the latest one served). */
  tree_token?: string;
}

export interface ExecTarget {
  session: ActContext;
  window: ListedWindow;
  element: Element;
  point: { x: number; y: number };
  tree: Element;
}
