// An adapter with one window whose tree the benchmark sets: a stand-in for
// a large real application, so observe can be measured in process.

import type { Adapter, Capture } from "../adapters/types.ts";
import type { Element, WindowInfo } from "../lib/model/tree.ts";
import { assignIds, countNodes } from "../lib/model/tree.ts";
import { desktopTree } from "../lib/formats/geometry/desktop_tree.ts";

export class BigTreeAdapter implements Adapter {
  readonly name = "MockAdapter" as const;
  readonly isMock = true;
  readonly mirrorsTrees = false;

  constructor(public tree: Element) {}

  treeSource() {
    return { name: "mock", note: null };
  }

  listWindows(): Promise<WindowInfo[]> {
    return Promise.resolve([{
      handle: "1",
      title: "Big",
      process: "big",
      pid: 1,
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      focused: true,
      window_uid: "big:1",
    }]);
  }

  captureTree(): Promise<Capture> {
    const root = structuredClone(this.tree);
    return Promise.resolve({ root, nodeCount: countNodes(root), captureMs: 0, cutShort: null });
  }

  async captureDesktop(): Promise<Capture> {
    const [window] = await this.listWindows();
    const tree = (await this.captureTree()).root;
    const root = assignIds(desktopTree(window.bounds, [{ window, tree }], null)!);
    return { root, nodeCount: countNodes(root), captureMs: 0, cutShort: null };
  }

  screenshot() {
    return Promise.resolve(null);
  }

  input() {
    return Promise.resolve({ ok: true as const });
  }

  elementOperation() {
    return Promise.resolve({ ok: false as const, unsupported: true, error: "none" });
  }

  readPath() {
    return Promise.resolve(null);
  }

  monitors() {
    return Promise.resolve([]);
  }

  pointer() {
    return Promise.resolve(null);
  }

  cursorImage() {
    return Promise.resolve(null);
  }

  windowsAbove() {
    return Promise.resolve([]);
  }

  activate(): Promise<[boolean, string]> {
    return Promise.resolve([false, "none"]);
  }

  close() {
    return Promise.resolve();
  }
}
