// The project's TypeScript files below a folder, for tests that read the
// source itself (layout boundaries, hard-coded error suggestions).

import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Paths relative to ROOT of every .ts file below `dir` (itself relative to ROOT). */
export function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}
