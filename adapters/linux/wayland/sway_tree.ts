// sway's window tree (IPC GET_TREE) as the windows a desktop lists. A view is
// a node with a pid: a Wayland client (`app_id`, shell xdg_shell) or an X11
// one under XWayland (`window`, `window_properties.class`). Its `rect` is the
// container on the screen below its title bar (`deco_rect`, above it), and
// `window_rect` the client's content within the container.

import type { Bounds } from "../../../lib/model/tree.ts";

export interface SwayRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The fields of a GET_TREE node this adapter reads. */
export interface SwayNode {
  id: number;
  type: string;
  name: string | null;
  pid?: number;
  app_id?: string | null;
  shell?: string;
  window?: number | null;
  window_properties?: { class?: string; instance?: string; title?: string };
  focused: boolean;
  visible?: boolean;
  rect: SwayRect;
  window_rect: SwayRect;
  deco_rect: SwayRect;
  fullscreen_mode?: number;
  nodes: SwayNode[];
  floating_nodes: SwayNode[];
}

/** One view: what a window list says of it. */
export interface SwayView {
  /** sway's container id: the handle commands address (`[con_id=N]`). */
  conId: number;
  pid: number;
  title: string;
  /** The Wayland app id, or the X11 class under XWayland. */
  appId: string;
  xwayland: boolean;
  /** The X11 window under XWayland (null for Wayland clients). */
  x11Window: number | null;
  focused: boolean;
  /** Shown on its workspace (false: another tab, another workspace). */
  visible: boolean;
  floating: boolean;
  fullscreen: boolean;
  /** The client's content in screen coordinates. */
  content: Bounds;
  /** The container with its title bar and borders. */
  outer: Bounds;
  /** The output (monitor) the view is on. */
  output: string;
}

function bounds(r: SwayRect): Bounds {
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

/** The views of a tree in the order sway lists them (tiled, then floating, per workspace). */
export function viewsOf(root: SwayNode): SwayView[] {
  const views: SwayView[] = [];
  const walk = (node: SwayNode, output: string, floating: boolean) => {
    const here = node.type === "output" ? node.name ?? output : output;
    if (typeof node.pid === "number" && node.pid > 0 && node.type !== "workspace") {
      const xwayland = node.shell === "xwayland";
      const content = {
        x: node.rect.x + node.window_rect.x,
        y: node.rect.y + node.window_rect.y,
        width: node.window_rect.width,
        height: node.window_rect.height,
      };
      const title = node.deco_rect.height;
      views.push({
        conId: node.id,
        pid: node.pid,
        title: node.name ?? "",
        appId: (xwayland ? node.window_properties?.class : node.app_id) ?? "",
        xwayland,
        x11Window: xwayland ? node.window ?? null : null,
        focused: node.focused,
        visible: node.visible ?? false,
        floating,
        fullscreen: (node.fullscreen_mode ?? 0) !== 0,
        content,
        outer: { ...bounds(node.rect), y: node.rect.y - title, height: node.rect.height + title },
        output: here,
      });
    }
    for (const child of node.nodes ?? []) walk(child, here, floating);
    for (const child of node.floating_nodes ?? []) walk(child, here, true);
  };
  walk(root, "", false);
  // sway's own scratch output (__i3) holds hidden views: they are not on any screen.
  return views.filter((v) => v.output !== "__i3");
}
