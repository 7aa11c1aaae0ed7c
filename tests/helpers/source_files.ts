// The project's TypeScript files below a folder, for tests that read the
// source itself (layout boundaries, hard-coded error suggestions).

import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Paths relative to ROOT of every file below `dir` (itself relative to ROOT)
 * whose name ends in one of `extensions`.
 */
export function* sourceFiles(dir: string, extensions = [".ts"]): Generator<string> {
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sourceFiles(path, extensions);
    else if (extensions.some((ext) => entry.name.endsWith(ext))) yield path;
  }
}

/**
 * A citation of a document kept outside the repository. Written escaped (`\/`,
 * `\.`), a regex literal never matches its own text.
 */
export const OUTSIDE_CITATION =
  /\.\.\/shared|\bspec\/[a-z-]+\.md|\bconflicts\.md|\bseeds\/|\.\.\/notes/;
