// The sketch on whole windows: real captures (tests/fixtures/windows), the
// mock desktop and the bundled scenarios, at 110×38 and 72×24. An agent that
// reads only the sketch text must be able to click the window's needed
// controls (bench/measure/sketch.ts), no label may be damaged where it
// stands, and a few small windows are pinned as goldens.

import assert from "node:assert/strict";
import { renderSketch, type SketchOptions } from "./render.ts";
import { assignIds, type Bounds, type Element, element } from "../../model/tree.ts";
import { neededControls } from "../views/needed.ts";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import { ScenarioEngine } from "../../../adapters/mock/scenario/engine.ts";
import { parseScenario } from "../scenario/load.ts";
import { clickability, cutLabels, reachableFromGrid } from "../../../bench/measure/sketch.ts";

interface Window {
  name: string;
  bounds: Bounds;
  tree: Element;
}

function fixtureWindows(): Window[] {
  const dir = new URL("../../../tests/fixtures/windows/", import.meta.url);
  return [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json")).map((e) => {
    const { window, tree } = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
    return { name: e.name.replace(".json", ""), bounds: window.bounds, tree };
  });
}

function mockWindows(): Window[] {
  return defaultDesktop().map((w, i) => ({ name: `mock-${i}`, bounds: w.bounds, tree: w.tree }));
}

function scenarioWindows(): Window[] {
  const dir = new URL("../../../scenarios/", import.meta.url);
  return [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".yaml")).flatMap((e) => {
    const file = new URL(e.name, dir);
    const engine = new ScenarioEngine(parseScenario(Deno.readTextFileSync(file), e.name), "n");
    return engine.windows().map((w, i) => ({
      name: `${e.name.replace(".yaml", "")}-${i}`,
      bounds: w.bounds,
      tree: engine.tree(w.handle),
    }));
  });
}

function options(ref: Bounds | null, gridWidth: number, gridHeight: number): SketchOptions {
  return {
    ref,
    gridWidth,
    gridHeight,
    unicodeBox: true,
    roleGlyphs: true,
    occlusionPrune: true,
    tabIndexBadges: true,
    landmarkHeaders: true,
  };
}

const SIZES: Array<[number, number]> = [[110, 38], [72, 24]];

Deno.test("agents click the needed controls from the sketch; no label is cut", async (t) => {
  for (const window of [...fixtureWindows(), ...mockWindows(), ...scenarioWindows()]) {
    for (const [gridWidth, gridHeight] of SIZES) {
      await t.step(`${window.name} ${gridWidth}×${gridHeight}`, () => {
        const result = renderSketch(window.tree, options(window.bounds, gridWidth, gridHeight));
        const needed = neededControls(window.tree, window.bounds);
        const keys = new Map(result.elements.map((e) => [e.id, e.legend_key || null]));
        const geometry = { ref: window.bounds, gridWidth, gridHeight };
        const targets = needed.map((el) => ({ element: el, key: keys.get(el.id) ?? null }));
        const clicked = clickability(result.sketch, targets, geometry).filter((o) => o.clickable);
        // 95 %, or every control a grid of that size can reach at all (some
        // list rows lie between two row centres at 72×24).
        const reachable = needed.filter((el) => reachableFromGrid(el, geometry)).length;
        const minimum = Math.min(Math.ceil(0.95 * needed.length), reachable);
        assert.ok(
          clicked.length >= minimum,
          `${clicked.length}/${needed.length} clickable, want ${minimum}\n${result.sketch}`,
        );
        assert.deepEqual(cutLabels(result.sketch, needed, geometry), []);
      });
    }
  }
});

const node = element;

/** A dialog with a text field, two check boxes and three buttons. */
const DIALOG = assignIds(node("Dialog", "Print", [0, 0, 400, 200], {}, [
  node("Pane", "", [0, 0, 400, 200], {}, [
    node("Edit", "Copies", [10, 20, 200, 20], { value: "2", focused: true }),
    node("CheckBox", "Collate", [10, 60, 150, 20], { selected: true }),
    node("CheckBox", "Reverse", [200, 60, 150, 20]),
    node("Button", "Cancel", [200, 160, 90, 25]),
    node("Button", "Print", [300, 160, 90, 25]),
    node("Button", "?", [380, 5, 15, 15]),
  ]),
]));

/** A toolbar of icon buttons too narrow for their names, over a document. */
const EDITOR = assignIds(node("Window", "Editor", [0, 0, 300, 120], {}, [
  node(
    "ToolBar",
    "Main",
    [0, 0, 300, 20],
    {},
    ["New", "Open", "Save", "Cut", "Copy", "Paste"].map((name, i) =>
      node("Button", name, [i * 20, 0, 20, 20])
    ),
  ),
  node("Document", "Body", [0, 20, 300, 100], { value: "Dear Sir,\nthank you." }),
]));

const GOLDENS: Array<[string, Element, number, number, string]> = [
  [
    "labels inside a dialog, the focus mark before the focused field, keys where names repeat",
    DIALOG,
    40,
    10,
    `┌─ Dialog "Print" ────────────────────A┐
│●Copies: 2                            │
│                                      │
│ [x] Collate       [ ] Reverse        │
│                                      │
│                                      │
│                                      │
│                                      │
│                   [Cancel]   B Print │
└──────────────────────────────────────┘

  LEGEND
  ──────────────────────────────────────────────────
     A  Button "?" ⇥6
     B  Button "Print" ⇥5`,
  ],
  [
    "keys for buttons too small for their names (symbols where keys touch), a titled document",
    EDITOR,
    30,
    12,
    `┌─ Editor ───────────────────┐
│ⓐⓑ A B C D                  │
┌─ Body ─────────────────────┐
│Dear Sir,                   │
│thank you.                  │
│                            │
│                            │
│                            │
│                            │
│                            │
│                            │
└────────────────────────────┘

  LEGEND
  ──────────────────────────────────────────────────
     ⓐ  Button "New" ⇥1
     ⓑ  Button "Open" ⇥2
     A  Button "Save" ⇥3
     B  Button "Cut" ⇥4
     C  Button "Copy" ⇥5
     D  Button "Paste" ⇥6`,
  ],
];

Deno.test("golden sketches of small windows", async (t) => {
  for (const [label, root, gridWidth, gridHeight, expected] of GOLDENS) {
    await t.step(label, () => {
      const { sketch } = renderSketch(root, options(null, gridWidth, gridHeight));
      assert.equal(sketch, expected);
    });
  }
});

Deno.test("ASCII mode: only ASCII, the same rows as the Unicode sketch", () => {
  for (const window of [...fixtureWindows(), ...mockWindows()]) {
    const unicode = renderSketch(window.tree, options(window.bounds, 72, 24));
    const ascii = renderSketch(window.tree, {
      ...options(window.bounds, 72, 24),
      unicodeBox: false,
    });
    assert.ok([...ascii.sketch].every((ch) => ch.codePointAt(0)! < 128), window.name);
    const grid = (text: string) => text.split("\n\n  LEGEND")[0].split("\n");
    assert.equal(grid(ascii.sketch).length, grid(unicode.sketch).length, window.name);
    assert.deepEqual(
      ascii.elements.map((e) => e.bounds_grid),
      unicode.elements.map((e) => e.bounds_grid),
      window.name,
    );
  }
});
