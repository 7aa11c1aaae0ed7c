// Views made once per tree. A mirrored window that did not change is answered
// with the very tree object the service already holds, so its view at the same
// depth and detail is the same too: made once, sanitized once (a repeated
// observe of a 260-node window spent ~0.5 ms rebuilding and re-sanitizing it,
// and ~0.3 ms writing its JSON again: lib/core/json_text.ts).
// Trees and views are never changed once made; that is what makes this safe.

import type { Element } from "../core/tree.ts";
import { sanitizedForReuse } from "../core/untrusted.ts";
import { reuseJsonOf } from "../core/json_text.ts";

export interface ReusedView {
  tree: Element;
  truncated: boolean;
}

const made = new WeakMap<Element, Map<string, ReusedView>>();

/** The view `key` names of `tree`: made by `make` the first time, then the same object. */
export function viewOnce(tree: Element, key: string, make: () => ReusedView): ReusedView {
  let views = made.get(tree);
  if (views === undefined) made.set(tree, views = new Map());
  let view = views.get(key);
  if (view === undefined) {
    const fresh = make();
    view = { tree: sanitizedForReuse(fresh.tree), truncated: fresh.truncated };
    reuseJsonOf(view.tree);
    views.set(key, view);
  }
  return view;
}
