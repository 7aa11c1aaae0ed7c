// A PollView over the live session: the window list and each window's tree
// are read at most once per poll, always bypassing the tree cache.

import { ToolError } from "../../model/errors.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import type { ObserveContext } from "../observe/context.ts";
import type { Element } from "../../model/tree.ts";
import type { PollView } from "./conditions.ts";
import { focusedWindow, type ListedWindow } from "../../formats/geometry/window_order.ts";

type Seen = { tree: Element; hash: string } | null;

export interface SessionView extends PollView {
  /** The tree this poll read for a window, if it read one. */
  seen(uid: string): Promise<Seen> | undefined;
}

export function sessionView(session: ObserveContext, hintUid?: string): SessionView {
  let windows: Promise<ListedWindow[]> | null = null;
  const captures = new Map<string, Promise<Seen>>();
  const view: SessionView = {
    windows: () => windows ??= listWindows(session),
    capture(window) {
      let seen = captures.get(window.window_uid);
      if (!seen) {
        seen = captureWindow(session, window, "current").then(
          (c) => ({ tree: c.tree, hash: c.hash }),
          (e) => {
            if (e instanceof ToolError && e.code === "WindowGone") return null;
            throw e;
          },
        );
        captures.set(window.window_uid, seen);
      }
      return seen;
    },
    async target() {
      const all = await view.windows();
      return all.find((w) => w.window_uid === hintUid) ?? focusedWindow(all);
    },
    seen: (uid) => captures.get(uid),
  };
  return view;
}
