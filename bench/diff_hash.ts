// Diffing and hashing 10,000-node trees (issue 5 targets: diff of two trees
// that differ in 10 places ≤ 20 ms, tree_hash ≤ 20 ms).
// `deno run -A bench/diff_hash.ts`

import { customDiff, jsonPatchDiff } from "../lib/formats/diff/index.ts";
import { treeHash } from "../lib/model/hash.ts";
import { countNodes } from "../lib/model/tree.ts";
import { bigTree, tenChanges } from "./big_tree.ts";

function median(runs: number, fn: () => void): number {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

const before = bigTree(10_000);
const after = tenChanges(before);
console.log(`nodes: ${countNodes(before)} → ${countNodes(after)}`);
console.log(`custom changes: ${customDiff(before, after).length}`);
console.log(`json-patch operations: ${jsonPatchDiff(before, after).length}`);
const rows = [
  ["treeHash (10,000 nodes)", median(30, () => treeHash(before))],
  ["customDiff (10 changes)", median(30, () => customDiff(before, after))],
  ["jsonPatchDiff (10 changes)", median(30, () => jsonPatchDiff(before, after))],
] as const;
for (const [name, ms] of rows) console.log(`${name.padEnd(28)} median ${ms.toFixed(2)} ms`);
