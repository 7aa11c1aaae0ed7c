// The shape of a desktop-wide tree (Adapter.captureDesktop) for adapters that
// build it from their windows' trees rather than read it from the platform:
// a Desktop root, one Application node per process (in the order its first
// window is listed), its windows below.

import { type Bounds, type Element, element, type WindowInfo } from "../../model/tree.ts";

export function desktopTree(
  screen: Bounds,
  windows: Array<{ window: WindowInfo; tree: Element }>,
  application: string | null,
): Element | null {
  const wanted = application?.toLowerCase() ?? null;
  const apps = new Map<string, Element>();
  for (const { window, tree } of windows) {
    if (wanted !== null && window.process.toLowerCase() !== wanted) continue;
    let app = apps.get(window.process);
    if (app === undefined) {
      app = element("Application", window.process, [0, 0, 0, 0], {
        platform_role: "application",
      });
      apps.set(window.process, app);
    }
    app.children.push(tree);
  }
  if (wanted !== null && apps.size === 0) return null;
  const { x, y, width, height } = screen;
  return element("Desktop", "main", [x, y, width, height], { platform_role: "desktop frame" }, [
    ...apps.values(),
  ]);
}
