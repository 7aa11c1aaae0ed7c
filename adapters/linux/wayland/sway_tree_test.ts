import { strict as assert } from "node:assert";
import { type SwayNode, viewsOf } from "./sway_tree.ts";

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

function node(fields: Partial<SwayNode>): SwayNode {
  return {
    id: 0,
    type: "con",
    name: null,
    focused: false,
    rect: rect(0, 0, 0, 0),
    window_rect: rect(0, 0, 0, 0),
    deco_rect: rect(0, 0, 0, 0),
    nodes: [],
    floating_nodes: [],
    ...fields,
  };
}

/** A root with the scratch output, one real output, a tiled and a floating view, an XWayland one. */
const TREE = node({
  type: "root",
  nodes: [
    node({
      type: "output",
      name: "__i3",
      nodes: [node({ type: "workspace", nodes: [node({ id: 99, pid: 9, name: "hidden" })] })],
    }),
    node({
      type: "output",
      name: "HEADLESS-1",
      nodes: [node({
        type: "workspace",
        name: "1",
        nodes: [
          node({
            id: 5,
            pid: 100,
            app_id: "gtk3-widget-factory",
            shell: "xdg_shell",
            name: "gtk3-widget-factory",
            visible: true,
            rect: rect(0, 27, 640, 773),
            window_rect: rect(2, 0, 636, 771),
            deco_rect: rect(0, 0, 640, 27),
          }),
          node({
            id: 7,
            pid: 300,
            app_id: null,
            shell: "xwayland",
            window: 4194316,
            window_properties: { class: "Zenity" },
            name: "xwayland entry",
            visible: true,
            focused: true,
            rect: rect(640, 27, 640, 773),
            window_rect: rect(2, 0, 636, 771),
            deco_rect: rect(640, 0, 640, 27),
          }),
        ],
        floating_nodes: [node({
          id: 6,
          type: "floating_con",
          pid: 200,
          app_id: "org.gnome.Calculator",
          shell: "xdg_shell",
          name: "Calculator",
          visible: true,
          fullscreen_mode: 0,
          rect: rect(100, 200, 360, 461),
          window_rect: rect(0, 0, 360, 461),
          deco_rect: rect(0, 0, 0, 0),
        })],
      })],
    }),
  ],
});

Deno.test("viewsOf: tiled, XWayland and floating views; sway's scratch output left out", () => {
  const views = viewsOf(TREE);
  assert.deepEqual(views.map((v) => v.conId), [5, 7, 6]);
  const [tiled, x11, floating] = views;
  assert.deepEqual(tiled.content, rect(2, 27, 636, 771), "rect + window_rect");
  assert.deepEqual(tiled.outer, rect(0, 0, 640, 800), "the title bar above rect is included");
  assert.equal(tiled.appId, "gtk3-widget-factory");
  assert.equal(tiled.output, "HEADLESS-1");
  assert.equal(tiled.floating, false);
  assert.deepEqual([x11.xwayland, x11.appId, x11.x11Window, x11.focused], [
    true,
    "Zenity",
    4194316,
    true,
  ]);
  assert.deepEqual([floating.floating, floating.content, floating.outer], [
    true,
    rect(100, 200, 360, 461),
    rect(100, 200, 360, 461),
  ]);
});
