// The mock desktop's pictures are drawn from the trees: sizes, the spec's
// colours at element boxes, labels inside their boxes, progress and check
// state, and window stacking on the screen.

import { strict as assert } from "node:assert";
import type { RawImage } from "../../lib/model/image.ts";
import { renderScreen, renderWindow } from "./screenshot.ts";
import { hexColor, type Rgb } from "../../lib/formats/image/raster.ts";
import { type Bounds, type Element, element } from "../../lib/model/tree.ts";
import { defaultDesktop } from "./desktop.ts";

/** The mock's Notepad window, with the progress and check state to test. */
function notepad(changes: { progress?: number; wordWrap?: boolean } = {}): Element {
  const tree = defaultDesktop()[0].tree;
  const progress = tree.children.find((c) => c.role === "ProgressBar")!;
  const wordWrap = tree.children.find((c) => c.role === "CheckBox")!;
  progress.value_now = changes.progress ?? 40;
  wordWrap.selected = changes.wordWrap ?? true;
  return tree;
}

const NOTEPAD_WINDOW: Bounds = { x: 80, y: 60, width: 800, height: 600 };

function pixel(img: RawImage, x: number, y: number): Rgb {
  const o = (y * img.width + x) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
}

function hex(rgb: Rgb): string {
  return "#" + rgb.map((c) => c.toString(16).padStart(2, "0")).join("");
}

/** Pixels inside `box` (image coordinates) whose colour differs from `background`. */
function ink(img: RawImage, box: Bounds, background: Rgb): number {
  let n = 0;
  for (let y = Math.max(0, box.y); y < Math.min(img.height, box.y + box.height); y++) {
    for (let x = Math.max(0, box.x); x < Math.min(img.width, box.x + box.width); x++) {
      if (hex(pixel(img, x, y)) !== hex(background)) n++;
    }
  }
  return n;
}

/** An element's box in window-image coordinates. */
function local(e: Element, window: Bounds): Bounds {
  return { ...e.bounds, x: e.bounds.x - window.x, y: e.bounds.y - window.y };
}

Deno.test("a window's image has the window's size, wherever the window is", () => {
  const img = renderWindow(notepad(), NOTEPAD_WINDOW);
  assert.deepEqual([img.width, img.height, img.data.length], [800, 600, 800 * 600 * 4]);
  const moved = { x: -300, y: 2000, width: 123, height: 45 };
  const small = renderWindow(element("Window", "w", [-300, 2000, 123, 45]), moved);
  assert.deepEqual([small.width, small.height], [123, 45]);
  const empty = renderWindow(element("Window", "w", [0, 0, 0, 0]), {
    x: 0,
    y: 0,
    width: 0,
    height: 0,
  });
  assert.deepEqual([empty.width, empty.height, empty.data.length], [0, 0, 0]);
});

Deno.test("element boxes carry the spec's colours, at bounds minus the window origin", () => {
  const img = renderWindow(notepad(), NOTEPAD_WINDOW);
  const cases: Array<{ at: [number, number]; colour: string; what: string }> = [
    { at: [790, 10], colour: "#1e2030", what: "menu bar right of the items" },
    { at: [400, 300], colour: "#1a1e2e", what: "editor (document) area" },
    { at: [792, 540], colour: "#24283b", what: "vertical scroll bar below its thumb" },
    { at: [600, 545], colour: "#24283b", what: "horizontal scroll bar right of its thumb" },
    { at: [795, 565], colour: "#16161e", what: "status bar right of its texts" },
    { at: [300, 590], colour: "#1a1e2e", what: "window background under the check box row" },
  ];
  for (const { at: [x, y], colour, what } of cases) {
    assert.equal(hex(pixel(img, x, y)), colour, what);
  }
});

Deno.test("every label draws ink inside its element's box", () => {
  const root = notepad();
  const img = renderWindow(root, NOTEPAD_WINDOW);
  const [menuBar, documentNode, , , statusBar, , checkBox] = root.children;
  const labelled: Array<[Element, Rgb]> = [
    ...menuBar.children.map((e): [Element, Rgb] => [e, hexColor("#1e2030")]),
    ...statusBar.children.map((e): [Element, Rgb] => [e, hexColor("#16161e")]),
    [documentNode, hexColor("#1a1e2e")],
    [checkBox, hexColor("#1a1e2e")],
  ];
  for (const [e, background] of labelled) {
    assert.ok(ink(img, local(e, NOTEPAD_WINDOW), background) > 20, `${e.role} "${e.name}"`);
  }
  // Label colours from the spec: menu items, status texts, editor text.
  const present = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4) {
    present.add((img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2]);
  }
  for (const c of ["#a9b1d6", "#565f89", "#c0caf5"]) {
    assert.ok(present.has(parseInt(c.slice(1), 16)), c);
  }
});

Deno.test("a document's value is drawn line by line from the top of its box", () => {
  const img = renderWindow(notepad(), NOTEPAD_WINDOW);
  const editor = hexColor("#1a1e2e");
  const band = (top: number, height: number) =>
    ink(img, { x: 2, y: top, width: 700, height }, editor);
  // Three lines of text near the top (22 px menu bar above), nothing further down.
  assert.ok(band(24, 20) > 100);
  assert.ok(band(44, 20) > 100);
  assert.ok(band(64, 20) > 100);
  assert.equal(band(100, 400), 0);
});

Deno.test("labels are clipped to their element's box", () => {
  const window = { x: 0, y: 0, width: 200, height: 60 };
  const root = element("Window", "", [0, 0, 200, 60], {}, [
    element("Button", "A very long button label that cannot fit", [10, 10, 50, 24]),
  ]);
  const img = renderWindow(root, window);
  const background = pixel(img, 150, 50);
  const total = ink(img, { x: 0, y: 0, width: 200, height: 60 }, background);
  assert.ok(total > 0);
  assert.equal(ink(img, { x: 10, y: 10, width: 50, height: 24 }, background), total);
});

Deno.test("a progress bar's fill is proportional to value_now between min and max", () => {
  const barRow = (progress: number) => {
    const img = renderWindow(notepad({ progress }), NOTEPAD_WINDOW);
    return Array.from({ length: 200 }, (_, i) => hex(pixel(img, 480 + i, 545)));
  };
  const fill = barRow(100)[100];
  const track = barRow(0)[100];
  assert.notEqual(fill, track);
  for (const [progress, filled] of [[0, 0], [25, 50], [40, 80], [100, 200], [150, 200], [-5, 0]]) {
    const row = barRow(progress);
    assert.equal(row.filter((c) => c === fill).length, filled, `value_now ${progress}`);
    assert.ok(row.slice(0, filled).every((c) => c === fill), "filled from the left");
  }
});

Deno.test("a check box shows a check mark exactly when it is selected", () => {
  const box = { x: 0, y: 576, width: 18, height: 18 }; // the box part of "Word Wrap"
  const background = hexColor("#1a1e2e");
  const checked = renderWindow(notepad({ wordWrap: true }), NOTEPAD_WINDOW);
  const unchecked = renderWindow(notepad({ wordWrap: false }), NOTEPAD_WINDOW);
  const inner = { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 };
  assert.equal(ink(unchecked, inner, background), 0, "unchecked: empty inside the frame");
  assert.ok(ink(checked, inner, background) > 10, "checked: a mark inside the frame");
  // The label beside the box is the same either way.
  const label = { x: 22, y: 576, width: 98, height: 18 };
  assert.equal(ink(checked, label, background), ink(unchecked, label, background));
});

Deno.test("renderScreen stacks windows in the order given and clips them to the screen", () => {
  const screen = { x: 0, y: 0, width: 300, height: 200 };
  const a = { x: 0, y: 0, width: 150, height: 150 };
  const b = { x: 100, y: 100, width: 400, height: 400 }; // runs off the screen
  const button = (bounds: Bounds) =>
    element("Window", "", [bounds.x, bounds.y, bounds.width, bounds.height], {}, [
      element("Button", "", [bounds.x, bounds.y, bounds.width, bounds.height]),
    ]);
  const window = (bounds: Bounds) =>
    element("Window", "", [bounds.x, bounds.y, bounds.width, bounds.height]);
  const aOnTop = renderScreen(
    [{ bounds: b, root: window(b) }, { bounds: a, root: button(a) }],
    screen,
  );
  const bOnTop = renderScreen(
    [{ bounds: a, root: button(a) }, { bounds: b, root: window(b) }],
    screen,
  );
  assert.deepEqual([aOnTop.width, aOnTop.height], [300, 200]);
  const overlap: [number, number] = [120, 120];
  const buttonColour = hex(pixel(aOnTop, ...overlap));
  const windowColour = hex(pixel(bOnTop, ...overlap));
  assert.notEqual(buttonColour, windowColour);
  assert.equal(hex(pixel(aOnTop, 20, 20)), buttonColour, "a alone");
  assert.equal(hex(pixel(aOnTop, 250, 150)), windowColour, "b alone");
  const desktop = hex(pixel(aOnTop, 250, 20));
  assert.notEqual(desktop, windowColour, "uncovered desktop has its own colour");
  // A screen that does not start at 0,0 shifts everything; a null tree paints a plain window.
  const shifted = renderScreen([{ bounds: b, root: null }], {
    x: 100,
    y: 100,
    width: 50,
    height: 50,
  });
  assert.equal(hex(pixel(shifted, 0, 0)), windowColour);
  assert.equal(hex(pixel(shifted, 49, 49)), windowColour);
  const offScreen = renderScreen([{
    bounds: { x: -500, y: -500, width: 10, height: 10 },
    root: null,
  }], screen);
  assert.equal(hex(pixel(offScreen, 0, 0)), desktop);
});
