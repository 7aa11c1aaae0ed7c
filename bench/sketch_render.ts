// The sketch renderer alone, without the memo: the Notepad window at 110×38,
// Unicode, every fidelity switch on. `deno run -A bench/sketch_render.ts`

import { renderSketch } from "../lib/sketch/render.ts";
import { defaultDesktop } from "../adapters/mock/desktop.ts";

const window = defaultDesktop()[0];
const options = {
  ref: window.bounds,
  gridWidth: 110,
  gridHeight: 38,
  unicodeBox: true,
  roleGlyphs: true,
  occlusionPrune: true,
  tabIndexBadges: true,
  landmarkHeaders: true,
};
for (let i = 0; i < 500; i++) renderSketch(window.tree, options);
const runs = 5000;
const started = performance.now();
for (let i = 0; i < runs; i++) renderSketch(window.tree, options);
const perRender = (performance.now() - started) / runs;
console.log(`renderSketch, Notepad 110×38: ${(perRender * 1000).toFixed(0)} µs per render`);
