// The built-in desktop: static, or reacting to clicks and typing when
// `mock_interactive` is on.

import type { ActionOutcome, InputAction } from "../types.ts";
import type { Bounds, Element, WindowInfo } from "../../lib/model/tree.ts";
import { defaultDesktop, type MockWindow } from "./desktop.ts";
import { MockInteractions } from "./interactive.ts";
import { MOCK_NOTE, type MockWorld } from "./world.ts";

export class DefaultWorld implements MockWorld {
  private readonly windows: MockWindow[] = defaultDesktop();
  private readonly interactions: MockInteractions | null;
  private changes = 0;

  constructor(private readonly nonce: string, interactive: boolean) {
    this.interactions = interactive ? new MockInteractions(this.windows) : null;
  }

  get revision(): number {
    return this.changes;
  }

  listWindows(): WindowInfo[] {
    return this.windows.map((w, i) => ({
      handle: w.handle,
      title: w.title,
      process: w.process,
      pid: w.pid,
      bounds: { ...w.bounds },
      focused: w.focused,
      window_uid: `mock:${i}:${this.nonce}`,
    }));
  }

  tree(handle: string | null): Element | null {
    const window = handle === null
      ? this.windows.find((w) => w.focused)
      : this.windows.find((w) => w.handle === handle);
    return window?.tree ?? null;
  }

  paintOrder(): Array<{ bounds: Bounds; root: Element }> {
    // The focused window is painted last, over the others.
    const stacked = this.interactions?.bottomToTop() ??
      [...this.windows].sort((a, b) => Number(a.focused) - Number(b.focused));
    return stacked.map((w) => ({ bounds: w.bounds, root: w.tree }));
  }

  input(action: InputAction): ActionOutcome {
    if (this.interactions) this.changes++;
    this.interactions?.apply(action);
    return { ok: true, note: MOCK_NOTE };
  }

  windowsAbove(handle: string): Bounds[] {
    // The spec's static mock reports no occluders; the interactive one stacks.
    return this.interactions?.above(handle) ?? [];
  }
}
