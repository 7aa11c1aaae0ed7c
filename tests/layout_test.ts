// The architecture's boundaries, checked on every run: lib/ is platform-
// independent (never an adapter's folder, never routes/), adapters/ never
// reach into routes/, and the README's layout table names exactly the
// folders there are.

import { strict as assert } from "node:assert";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT, sourceFiles } from "./helpers/source_files.ts";

interface Import {
  from: string;
  to: string;
}

/** Every relative module specifier in a file (static and dynamic imports, worker URLs). */
function importsOf(file: string): Import[] {
  const text = Deno.readTextFileSync(join(ROOT, file));
  const found: Import[] = [];
  for (const m of text.matchAll(/["'](\.{1,2}\/[^"'\s]+\.ts)["']/g)) {
    found.push({ from: file, to: relative(ROOT, resolve(ROOT, dirname(file), m[1])) });
  }
  return found;
}

/** Which imports break a rule; `rule` returns a reason or null. */
export function violations(imports: Import[], rule: (i: Import) => string | null): string[] {
  return imports.flatMap((i) => {
    const reason = rule(i);
    return reason ? [`${i.from} → ${i.to}: ${reason}`] : [];
  });
}

/** The layout rules, as a pure function of one import. */
export function boundaryRule({ from, to }: Import): string | null {
  const adapterFolder = /^adapters\/[^/]+\//;
  if (from.startsWith("lib/") && adapterFolder.test(to)) return "lib/ imports an adapter's folder";
  if (from.startsWith("lib/") && to.startsWith("routes/")) return "lib/ imports routes/";
  if (from.startsWith("lib/") && to === "main.ts") return "lib/ imports main.ts";
  if (from.startsWith("adapters/") && to.startsWith("routes/")) return "adapters/ imports routes/";
  const fromAdapter = adapterFolder.exec(from)?.[0];
  const toAdapter = adapterFolder.exec(to)?.[0];
  if (fromAdapter && toAdapter && fromAdapter !== toAdapter) return "one adapter imports another";
  return null;
}

Deno.test("the boundary rule, case by case", () => {
  const cases: Array<[string, string, boolean]> = [
    ["lib/services/observe/capture.ts", "adapters/types.ts", true],
    ["adapters/mock/scenario/engine.ts", "adapters/mock/index.ts", false],
    ["lib/runtime/session.ts", "routes/app.ts", false],
    ["lib/tools/index.ts", "main.ts", false],
    ["adapters/mock/index.ts", "lib/model/tree.ts", true],
    ["adapters/linux/index.ts", "routes/security.ts", false],
    ["adapters/linux/index.ts", "adapters/mock/index.ts", false],
    ["lib/runtime/select_adapter.ts", "adapters/linux/index.ts", true],
    ["routes/app.ts", "adapters/mock/index.ts", true],
    ["main.ts", "lib/runtime/select_adapter.ts", true],
  ];
  for (const [from, to, allowed] of cases) {
    assert.equal(boundaryRule({ from, to }) === null, allowed, `${from} → ${to}`);
  }
});

Deno.test("lib/ and adapters/ keep to their boundaries", () => {
  const imports = ["lib", "adapters"].flatMap((dir) => [...sourceFiles(dir)].flatMap(importsOf));
  assert.ok(imports.length > 300, `only ${imports.length} imports found`);
  assert.deepEqual(violations(imports, boundaryRule), []);
});

Deno.test("every adapter is a folder whose index.ts exports a create…Adapter factory", () => {
  const folders = [...Deno.readDirSync(join(ROOT, "adapters"))].filter((e) => e.isDirectory);
  assert.ok(folders.length >= 2);
  for (const folder of folders) {
    const index = Deno.readTextFileSync(join(ROOT, "adapters", folder.name, "index.ts"));
    assert.match(index, /export (async )?function create\w*Adapter|export class \w+Adapter/);
  }
});

Deno.test("the README's layout table names exactly the folders there are", () => {
  const readme = Deno.readTextFileSync(join(ROOT, "README.md"));
  const section = readme.slice(readme.indexOf("## Layout"));
  const listed = new Set(
    [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1]),
  );
  const actual = new Set<string>();
  const collect = (dir: string) => {
    actual.add(dir);
    for (const entry of Deno.readDirSync(join(ROOT, dir))) {
      if (entry.isDirectory) collect(join(dir, entry.name));
    }
  };
  for (const top of ["adapters", "lib", "routes", "tests", "bench", "scenarios", "docs"]) {
    collect(top);
  }
  // lib/ itself is described by its folders.
  actual.delete("lib");
  assert.deepEqual([...listed].filter((d) => !actual.has(d)).sort(), [], "listed but absent");
  assert.deepEqual([...actual].filter((d) => !listed.has(d)).sort(), [], "present but unlisted");
});

Deno.test("user-facing docs stand alone: no pointer outside the repository", () => {
  const docs = [
    "README.md",
    ...[...Deno.readDirSync(join(ROOT, "docs"))].map((e) => `docs/${e.name}`),
  ];
  const outside = /\.\.\/shared|\bspec\/[a-z-]+\.md|\bconflicts\.md|\bseeds\/|\.\.\/notes/;
  const found = docs.flatMap((doc) =>
    Deno.readTextFileSync(join(ROOT, doc)).split("\n").flatMap((line, i) =>
      outside.test(line) ? [`${doc}:${i + 1}: ${line.trim()}`] : []
    )
  );
  assert.deepEqual(found, []);
});
