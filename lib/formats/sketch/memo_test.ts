import { strict as assert } from "node:assert";
import { renderSketchCached } from "./memo.ts";
import { renderSketch } from "./render.ts";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";

const OPTIONS = {
  ref: null,
  gridWidth: 60,
  gridHeight: 20,
  unicodeBox: true,
  roleGlyphs: true,
  occlusionPrune: true,
  tabIndexBadges: true,
  landmarkHeaders: true,
};

Deno.test("the memo returns what the renderer returns, and notices every change", () => {
  const tree = defaultDesktop()[0].tree;
  const first = renderSketchCached(tree, OPTIONS);
  assert.deepEqual(first, renderSketch(tree, OPTIONS));
  assert.equal(renderSketchCached(structuredClone(tree), OPTIONS), first, "same content: reused");
  tree.children[0].children[0].name = "Fichier";
  const renamed = renderSketchCached(tree, OPTIONS);
  assert.notEqual(renamed, first);
  assert.match(renamed.sketch, /Fichier/);
  const wider = renderSketchCached(tree, { ...OPTIONS, gridWidth: 80 });
  assert.deepEqual(wider, renderSketch(tree, { ...OPTIONS, gridWidth: 80 }));
});
