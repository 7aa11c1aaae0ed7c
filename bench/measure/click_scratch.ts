import { renderSketch } from "/work/main/lib/sketch/render.ts";
import { clickability, cutLabels } from "/work/main/bench/measure/sketch.ts";
import { neededControls } from "/work/main/lib/views/needed.ts";
const files = [...Deno.readDirSync("/tmp/views")].map((e) => e.name).filter((n) => n.endsWith(".json")).sort();
for (const [w, h] of [[110, 38], [72, 24]]) {
  for (const f of files) {
    const { window, tree } = JSON.parse(Deno.readTextFileSync(`/tmp/views/${f}`));
    const r = renderSketch(tree, { ref: window.bounds, gridWidth: w, gridHeight: h, unicodeBox: true, roleGlyphs: true, occlusionPrune: true, tabIndexBadges: true, landmarkHeaders: true });
    const need = neededControls(tree, window.bounds);
    const keys = new Map(r.elements.map((e) => [e.id, r.legend.some(([k]) => k === e.legend_key) ? e.legend_key : null]));
    const out = clickability(r.sketch, need.map((e) => ({ element: e, key: keys.get(e.id) ?? null })), { ref: window.bounds, gridWidth: w, gridHeight: h });
    const ok = out.filter((o) => o.clickable).length;
    console.log(`${w}x${h} ${f.padEnd(24)} ${ok}/${need.length} cut=${cutLabels(r.sketch, need).length}`);
    if (Deno.args[0] === f) console.log(r.sketch);
  }
}
