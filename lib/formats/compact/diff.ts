// What changed between two compact views, as lines an agent reads like a
// unified diff: "- " + the earlier line (without its ref, which no longer
// names anything), "+ " + the current line (with its ref). Lines are
// compared without refs, so an element that only moved in pre-order (its
// ref changed) is not reported.

import { type CompactLine, lineWithIndent } from "./lines.ts";

function withoutRef(line: CompactLine): string {
  const shown = lineWithIndent(line);
  return shown.replace(/^(\s*)e\d+ /, "$1");
}

/** Longest common subsequence of `a` and `b` as index pairs, in order. */
function commonLines(a: string[], b: string[]): Array<[number, number]> {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j]
        ? table[(i + 1) * width + j + 1] + 1
        : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** The diff lines from `before` to `after` (empty when nothing changed). */
export function compactDiff(before: CompactLine[], after: CompactLine[]): string[] {
  const a = before.map(withoutRef);
  const b = after.map(withoutRef);
  // Changes are usually local: only the middle between the common head and
  // tail goes through the quadratic table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  for (const [ci, cj] of [...commonLines(midA, midB), [midA.length, midB.length]]) {
    for (; i < ci; i++) out.push(`- ${midA[i]}`);
    for (; j < cj; j++) out.push(`+ ${lineWithIndent(after[head + j])}`);
    i++;
    j++;
  }
  return out;
}
