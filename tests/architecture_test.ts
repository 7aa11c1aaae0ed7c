// The layers of docs/ARCHITECTURE.md, enforced: every product file belongs to
// one layer, no import goes to a higher layer, and there is no cycle between
// folders or between files (type-only imports count: a type that points up is
// a dependency that points up).

import { strict as assert } from "node:assert";
import { dirname, join } from "node:path";
import { ROOT, sourceFiles } from "./helpers/source_files.ts";
import {
  cycles,
  graphOf,
  type Import,
  importsIn,
  importsOf,
  type Layer,
  layerOf,
  parseLayers,
} from "./helpers/import_graph.ts";

const LAYERS = parseLayers(Deno.readTextFileSync(join(ROOT, "docs/ARCHITECTURE.md")));

/** The product's files: what ships, not its tests. */
function productFiles(): string[] {
  return ["lib", "adapters", "routes"]
    .flatMap((dir) => [...sourceFiles(dir)])
    .filter((f) => !f.endsWith("_test.ts") && !f.includes("/static/"))
    .concat("main.ts")
    .sort();
}

/** Imports that point to a higher layer than their own, or leave the known files. */
export function layerViolations(imports: Import[], layers: Layer[]): string[] {
  return imports.flatMap(({ from, to }) => {
    const [a, b] = [layerOf(from, layers), layerOf(to, layers)];
    if (!a || !b) return [`${from} → ${to}: ${a ? to : from} belongs to no layer`];
    return b.rank > a.rank ? [`${from} (${a.name}) → ${to} (${b.name})`] : [];
  });
}

const TABLE: Layer[] = [
  { rank: 1, name: "model", paths: ["lib/model/"] },
  { rank: 2, name: "formats", paths: ["lib/formats/", "lib/osworld/formats/"] },
  { rank: 3, name: "contract", paths: ["adapters/types.ts"] },
  { rank: 4, name: "adapters", paths: ["adapters/"] },
  { rank: 5, name: "entry", paths: ["main.ts"] },
];

Deno.test("layerOf: the longest declared prefix wins; a file path must match exactly", () => {
  const cases: Array<[string, string | null]> = [
    ["lib/model/tree.ts", "model"],
    ["lib/osworld/formats/xml.ts", "formats"],
    ["adapters/types.ts", "contract"],
    ["adapters/mock/index.ts", "adapters"],
    ["adapters/types_extra.ts", "adapters"],
    ["main.ts", "entry"],
    ["main_other.ts", null],
    ["lib/osworld/tools/x.ts", null],
    ["lib/modelling/x.ts", null],
  ];
  for (const [file, name] of cases) assert.equal(layerOf(file, TABLE)?.name ?? null, name, file);
});

Deno.test("layerViolations: down and level imports pass; up and unknown ones are named", () => {
  const imports: Import[] = [
    { from: "adapters/mock/index.ts", to: "lib/model/tree.ts" },
    { from: "lib/formats/a.ts", to: "lib/osworld/formats/b.ts" },
    { from: "lib/model/tree.ts", to: "adapters/types.ts" },
    { from: "adapters/types.ts", to: "lib/elsewhere/x.ts" },
  ];
  assert.deepEqual(layerViolations(imports, TABLE), [
    "lib/model/tree.ts (model) → adapters/types.ts (contract)",
    "adapters/types.ts → lib/elsewhere/x.ts: lib/elsewhere/x.ts belongs to no layer",
  ]);
});

Deno.test("importsIn: static, type-only, re-exports, dynamic imports and worker URLs; not comments", () => {
  const text = [
    `import { a } from "./a.ts";`,
    `import type {`,
    `  B,`,
    `} from "../b/b.ts";`,
    `export { c } from "./c.ts";`,
    `import "./side.ts";`,
    `const d = await import("./d.ts");`,
    `const w = new URL("../w/worker.ts", import.meta.url);`,
    `// see "./not_an_import.ts"`,
    ` * import { x } from "./doc_example.ts";`,
    `const s = "./a_string.ts";`,
    `import { z } from "zod";`,
  ].join("\n");
  assert.deepEqual(importsIn("lib/x/file.ts", text), [
    "lib/x/a.ts",
    "lib/b/b.ts",
    "lib/x/c.ts",
    "lib/x/side.ts",
    "lib/x/d.ts",
    "lib/w/worker.ts",
  ]);
});

Deno.test("cycles: components of two or more, and none in a DAG", () => {
  const edges = new Map([
    ["a", new Set(["b"])],
    ["b", new Set(["c"])],
    ["c", new Set(["a", "d"])],
    ["d", new Set(["e"])],
  ]);
  assert.deepEqual(cycles(["a", "b", "c", "d", "e"], edges), [["a", "b", "c"]]);
  edges.get("c")!.delete("a");
  assert.deepEqual(cycles(["a", "b", "c", "d", "e"], edges), []);
});

Deno.test("the layer table is declared and every product file belongs to a layer", () => {
  assert.ok(LAYERS.length >= 8, `docs/ARCHITECTURE.md declares ${LAYERS.length} layers`);
  assert.deepEqual(LAYERS.map((l) => l.rank), LAYERS.map((_, i) => i + 1), "ranks 1, 2, …");
  const orphans = productFiles().filter((f) => !layerOf(f, LAYERS));
  assert.deepEqual(orphans, []);
});

Deno.test("no import goes to a higher layer", () => {
  const imports = importsOf(productFiles());
  assert.ok(imports.length > 1000, `only ${imports.length} imports found`);
  assert.deepEqual(layerViolations(imports, LAYERS), []);
});

/** The cycles between folders and between files, one line each. */
function actualCycles(): string[] {
  const files = productFiles();
  const imports = importsOf(files);
  return [
    ...cycles(files.map(dirname), graphOf(imports, dirname)),
    ...cycles(files, graphOf(imports, (f) => f)),
  ].map((c) => c.join(" "));
}

Deno.test("no cycle between folders or between files", () => {
  assert.deepEqual(actualCycles(), []);
});

Deno.test("a unit test sits beside the unit it tests: it imports a file of its own folder", () => {
  const tests = ["lib", "adapters", "routes"]
    .flatMap((dir) => [...sourceFiles(dir)])
    .filter((f) => f.endsWith("_test.ts"));
  assert.ok(tests.length > 50, `only ${tests.length} unit tests beside their units`);
  const astray = tests.filter((test) =>
    !importsOf([test]).some(({ to }) => dirname(to) === dirname(test) && !to.endsWith("_test.ts"))
  );
  assert.deepEqual(astray, []);
});
