// A synthetic application-sized tree for benchmarks: panes of lists and
// forms, mostly unique names with some unnamed duplicates, ids positional.

import { assignIds, type Element, element, walk } from "../lib/model/tree.ts";

export function bigTree(target: number): Element {
  let made = 1;
  const leaf = (i: number): Element => {
    made++;
    return i % 7 === 0
      ? element("Text", "", [i % 1900, i % 1000, 80, 20], { value: `cell ${i}` })
      : element(i % 3 === 0 ? "Button" : "ListItem", `item ${i}`, [i % 1900, i % 1000, 120, 22], {
        value: i % 2 === 0 ? null : `value ${i}`,
      });
  };
  const panes: Element[] = [];
  let pane = 0;
  while (made < target) {
    const groups: Element[] = [];
    made++;
    for (let g = 0; g < 10 && made < target; g++) {
      const kids: Element[] = [];
      made++;
      for (let k = 0; k < 49 && made < target; k++) kids.push(leaf(made));
      groups.push(element("Group", `group ${pane}.${g}`, [0, 0, 400, 800], {}, kids));
    }
    panes.push(element("Pane", `pane ${pane++}`, [0, 0, 960, 1000], {}, groups));
  }
  return assignIds(element("Window", "Big", [0, 0, 1920, 1080], {}, panes));
}

/** A copy with ten edits: seven values, one rename, one insert, one removal. */
export function tenChanges(tree: Element): Element {
  const copy = structuredClone(tree);
  const all: Element[] = [];
  walk(copy, (n) => all.push(n));
  const leaves = all.filter((n) => n.children.length === 0);
  const step = Math.floor(leaves.length / 12);
  for (let i = 1; i <= 7; i++) leaves[i * step].value = `edited ${i}`;
  leaves[8 * step].name = "renamed";
  const group = all.find((n) => n.role === "Group" && n.children.length > 10)!;
  group.children.splice(3, 0, element("Button", "inserted", [1, 1, 10, 10]));
  const last = all.filter((n) => n.role === "Group").at(-1)!;
  last.children.splice(5, 1);
  return assignIds(copy);
}

/** A copy with one changed value (the "one-field change"). */
export function oneChange(tree: Element): Element {
  const copy = structuredClone(tree);
  const all: Element[] = [];
  walk(copy, (n) => all.push(n));
  all[Math.floor(all.length / 2)].value = "edited";
  return copy;
}
