import { strict as assert } from "node:assert";
import { assignIds, childPath, element } from "./tree.ts";

Deno.test("childPath: the child indices of a positional id, null for anything else", () => {
  const cases: Array<[string, number[] | null]> = [
    ["root", []],
    ["root.0", [0]],
    ["root.3.2", [3, 2]],
    ["root.10.0.7", [10, 0, 7]],
    ["", null],
    ["node.1", null],
    ["root.", null],
    ["root..1", null],
    ["root.-1", null],
    ["root.1.5e1", null],
    ["root. 1", null],
    ["root.x0", null],
    ["root.1.a", null],
  ];
  for (const [id, path] of cases) assert.deepEqual(childPath(id), path, id);
});

Deno.test("childPath follows assignIds back to the node", () => {
  const tree = assignIds(
    element("Window", "w", [0, 0, 10, 10], {}, [
      element("Pane", "p", [0, 0, 5, 5], {}, [element("Button", "b", [0, 0, 1, 1])]),
      element("Text", "t", [5, 5, 5, 5]),
    ]),
  );
  const button = tree.children[0].children[0];
  let node = tree;
  for (const index of childPath(button.id)!) node = node.children[index];
  assert.equal(node, button);
});
