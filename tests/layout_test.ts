// The layout, checked on every run: each adapter is a folder with the same
// entry, the README's layout table names exactly the folders there are, and
// the docs stand alone. The layers and their imports: tests/architecture_test.ts.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { OUTSIDE_CITATION, ROOT } from "./helpers/source_files.ts";

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
  // Folders .gitignore keeps out wherever they are (`name/`) are no part of the layout.
  const ignored = new Set(
    Deno.readTextFileSync(join(ROOT, ".gitignore")).split("\n").map((line) => line.trim())
      .filter((line) => /^[^/#!*][^/*]*\/$/.test(line)).map((line) => line.slice(0, -1)),
  );
  const actual = new Set<string>();
  const collect = (dir: string) => {
    actual.add(dir);
    for (const entry of Deno.readDirSync(join(ROOT, dir))) {
      if (entry.isDirectory && !ignored.has(entry.name)) collect(join(dir, entry.name));
    }
  };
  for (
    const top of ["adapters", "lib", "routes", "tests", "bench", "scenarios", "docs", "deploy"]
  ) {
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
  const outside = OUTSIDE_CITATION;
  const found = docs.flatMap((doc) =>
    Deno.readTextFileSync(join(ROOT, doc)).split("\n").flatMap((line, i) =>
      outside.test(line) ? [`${doc}:${i + 1}: ${line.trim()}`] : []
    )
  );
  assert.deepEqual(found, []);
});
