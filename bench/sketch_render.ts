// The sketch renderer alone, without the memo, 110×38, Unicode, every switch
// on: the mock Notepad (17 elements) and the LibreOffice Writer capture
// (276 elements, tests/fixtures/windows). `deno run -A bench/sketch_render.ts`

import { renderSketch } from "../lib/formats/sketch/render.ts";
import { defaultDesktop } from "../adapters/mock/desktop.ts";
import type { Bounds, Element } from "../lib/model/tree.ts";

function microseconds(tree: Element, ref: Bounds, runs: number): number {
  const options = {
    ref,
    gridWidth: 110,
    gridHeight: 38,
    unicodeBox: true,
    roleGlyphs: true,
    occlusionPrune: true,
    tabIndexBadges: true,
    landmarkHeaders: true,
  };
  for (let i = 0; i < runs / 10; i++) renderSketch(tree, options);
  const started = performance.now();
  for (let i = 0; i < runs; i++) renderSketch(tree, options);
  return (performance.now() - started) / runs * 1000;
}

const notepad = defaultDesktop()[0];
const writer = JSON.parse(
  Deno.readTextFileSync(new URL("../tests/fixtures/windows/writer.json", import.meta.url)),
);
console.log(
  `renderSketch, Notepad 110×38: ${microseconds(notepad.tree, notepad.bounds, 5000).toFixed(0)} µs`,
);
console.log(
  `renderSketch, Writer 110×38: ${
    microseconds(writer.tree, writer.window.bounds, 500).toFixed(0)
  } µs`,
);
