// The product's import graph and its layers, for the architecture tests: which
// file imports which (type-only imports, re-exports, dynamic imports and
// worker URLs included), the layer of each file as docs/ARCHITECTURE.md
// declares it, and the cycles in a graph.

import { dirname, join, normalize } from "node:path";
import { ROOT } from "./source_files.ts";

export interface Import {
  from: string;
  to: string;
}

/** A layer: its rank (1 lowest), its name and the path prefixes that belong to it. */
export interface Layer {
  rank: number;
  name: string;
  paths: string[];
}

const SPECIFIER =
  /(?:\bimport\s+type\b[^;]*?\bfrom\s*|\bimport\b[^;]*?\bfrom\s*|\bexport\b[^;]*?\bfrom\s*|\bimport\s*|\bimport\(\s*|\bnew URL\(\s*)["'](\.{1,2}\/[^"'\s]+\.(?:ts|js))["']/gs;

/** The repository paths a source text imports; `file` is its own path. */
export function importsIn(file: string, text: string): string[] {
  // Whole comment lines are left out (a path named in prose is no import).
  const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
  return [...code.matchAll(SPECIFIER)].map((m) => normalize(join(dirname(file), m[1])));
}

/** Every import of the given files, read from disk. */
export function importsOf(files: Iterable<string>): Import[] {
  return [...files].flatMap((from) =>
    importsIn(from, Deno.readTextFileSync(join(ROOT, from))).map((to) => ({ from, to }))
  );
}

/**
 * The layer table of docs/ARCHITECTURE.md: rows `| N | name | \`path\`, … | … |`
 * under the "## Layers" heading, in rank order.
 */
export function parseLayers(markdown: string): Layer[] {
  const start = markdown.indexOf("## Layers");
  if (start < 0) return [];
  const section = markdown.slice(start).split(/\n## /)[0];
  return [...section.matchAll(/^\| (\d+) \| ([^|]+?) \| ([^|]+) \|/gm)].map((m) => ({
    rank: Number(m[1]),
    name: m[2].trim(),
    paths: [...m[3].matchAll(/`([^`]+)`/g)].map((p) => p[1]),
  }));
}

/** The layer a file belongs to: the one with the longest matching path prefix. */
export function layerOf(file: string, layers: Layer[]): Layer | null {
  let best: Layer | null = null;
  let bestLength = -1;
  for (const layer of layers) {
    for (const path of layer.paths) {
      const matches = path.endsWith("/") ? file.startsWith(path) : file === path;
      if (matches && path.length > bestLength) [best, bestLength] = [layer, path.length];
    }
  }
  return best;
}

/** The strongly connected components of more than one node (Tarjan), each sorted. */
export function cycles(nodes: Iterable<string>, edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v)?.has(v)) found.push(component.sort());
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return found;
}

/** The graph of `imports` with each end mapped through `node` (self-edges between the same node dropped). */
export function graphOf(
  imports: Import[],
  node: (file: string) => string,
): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [node(from), node(to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  return edges;
}
