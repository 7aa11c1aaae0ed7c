// The Linux adapter's tree mirror as pure logic (adapters/linux/atspi/mirror.ts):
// which events mark which nodes, which subtrees a patch walks, splicing, versions.

import { strict as assert } from "node:assert";
import { CheckYields, depthOf, MirroredTree, mirrorKey, TreeMirror } from "./mirror.ts";
import { addressOf, targetOfAddress } from "./batch.ts";
import { SCREEN_COORDINATES } from "./frames.ts";
import { assignIds, type Element, element } from "../../../lib/model/tree.ts";
import type { Change } from "./events.ts";

const BUS = ":1.7";
const at = (n: number) => `${BUS}/org/a11y/atspi/accessible/${n}`;

/** root(1) > [pane(2) > [box(3), bar(4, scroll bar)], label(5)] with their addresses. */
function sample(): { root: Element; addresses: Map<Element, string> } {
  const box = element("CheckBox", "Wine", [0, 0, 10, 10]);
  const bar = element("ScrollBar", "", [0, 0, 10, 100], { platform_role: "scroll bar" });
  const pane = element("Pane", "", [0, 0, 100, 100], {}, [box, bar]);
  const label = element("Text", "Hello", [0, 0, 50, 10]);
  const root = assignIds(element("Window", "App", [0, 0, 200, 200], {}, [pane, label]));
  const addresses = new Map<Element, string>([[root, at(1)], [pane, at(2)], [box, at(3)], [
    bar,
    at(4),
  ], [label, at(5)]]);
  return { root, addresses };
}

const SOURCE = {
  window: {
    window: "4194305",
    pid: 7,
    title: "App",
    client: { x: 0, y: 0, width: 200, height: 200 },
    outer: { x: 0, y: 0, width: 200, height: 220 },
  },
  limits: { maxDepth: 64, maxNodes: 100, timeoutMs: 10 },
};

/** A walk of the sample that took `walkMs`, as the mirror records it. */
function walkedSample(walkMs = 20) {
  const { root, addresses } = sample();
  return {
    capture: { root, nodeCount: 5, captureMs: walkMs, cutShort: null },
    addresses,
    labelled: false,
    embedded: null,
  };
}

/** A mirrored sample whose walk took `walkMs`. */
function mirrored(walkMs: number, labelled = false): MirroredTree {
  const { capture, addresses } = walkedSample(walkMs);
  return new MirroredTree(BUS, SCREEN_COORDINATES, SOURCE, "v1", capture, { addresses, labelled });
}

function tree(labelled = false): MirroredTree {
  return mirrored(20, labelled);
}

const change = (type: string, n: number, bus = BUS): Change => ({
  type,
  bus,
  path: `/org/a11y/atspi/accessible/${n}`,
});

Deno.test("mirror keys, depths and addresses", () => {
  const facts = {
    window: "4194305",
    pid: 7,
    title: "T",
    client: { x: 0, y: 0, width: 9, height: 9 },
    outer: { x: 0, y: 0, width: 9, height: 9 },
  };
  const limits = { maxDepth: 64, maxNodes: 100, timeoutMs: 10 };
  assert.equal(mirrorKey(facts, limits), mirrorKey(facts, { ...limits, timeoutMs: 99 }));
  for (
    const other of [
      mirrorKey({ ...facts, title: "U" }, limits),
      mirrorKey({ ...facts, outer: { ...facts.outer, x: 1 } }, limits),
      mirrorKey(facts, { ...limits, maxDepth: 5 }),
    ]
  ) assert.notEqual(other, mirrorKey(facts, limits));
  const cases: Array<[string, number]> = [["root", 0], ["root.3", 1], ["root.3.12.0", 3]];
  for (const [id, depth] of cases) assert.equal(depthOf({ ...sample().root, id }), depth);
  assert.deepEqual(
    tree().rootTarget,
    targetOfAddress(at(1)),
    "the frame, asked whether it answers",
  );
  const target = { bus: BUS, path: "/org/a11y/atspi/accessible/9" };
  assert.deepEqual(targetOfAddress(at(9)), target);
  assert.equal(addressOf(target), at(9));
});

Deno.test("events mark the nodes a patch walks again", () => {
  const cases: Array<[string, Change[], string[] | null, boolean]> = [
    ["no event", [], [], true],
    [
      "a state change marks its node",
      [change("object:state-changed:checked", 3)],
      ["root.0.0"],
      false,
    ],
    [
      "a node inside a marked subtree is walked with it",
      [change("object:children-changed:add", 2), change("object:state-changed:checked", 3)],
      ["root.0"],
      false,
    ],
    ["a scroll bar's value marks its pane", [change("object:value-changed", 4)], ["root.0"], false],
    ["a widget shown marks its parent", [change("object:state-changed:visible", 5)], null, false],
    [
      "an object the tree does not hold is ignored",
      [change("object:text-changed:insert", 99)],
      [],
      true,
    ],
    [
      "a root change walks the window",
      [change("object:property-change:accessible-name", 1)],
      null,
      false,
    ],
  ];
  for (const [name, changes, roots, clean] of cases) {
    const t = tree();
    for (const c of changes) t.note(c);
    assert.equal(t.clean, clean, name);
    const found = t.wholeWalkNeeded ? null : t.patchRoots();
    assert.deepEqual(found?.map((r) => r.node.id) ?? null, roots, name);
  }
});

Deno.test("a tree with a field named by its label is walked whole on any name change", () => {
  const t = tree(true);
  t.note(change("object:property-change:accessible-name", 99));
  assert.equal(t.wholeWalkNeeded, true);
  const plain = tree(false);
  plain.note(change("object:property-change:accessible-name", 99));
  assert.equal(plain.clean, true);
});

Deno.test("something shown that the tree does not hold walks the window whole", () => {
  const t = tree();
  t.note(change("object:state-changed:showing", 99));
  assert.equal(t.wholeWalkNeeded, true);
});

Deno.test("a splice replaces a subtree, renumbers nothing else and counts nodes", () => {
  const t = tree();
  t.note(change("object:children-changed:add", 2));
  const [{ node }] = t.patchRoots()!;
  const fresh = element("Pane", "", [0, 0, 100, 100], {}, [
    element("CheckBox", "Wine", [0, 0, 10, 10]),
    element("CheckBox", "Beer", [0, 10, 10, 10]),
    element("ScrollBar", "", [0, 0, 10, 100], { platform_role: "scroll bar" }),
  ]);
  const addresses = new Map([[fresh, at(2)], [fresh.children[1], at(6)]]);
  assert.equal(t.splice(node, fresh, { addresses, labelled: false }), true);
  t.commit([node.id], "v2", 3, 1);
  assert.equal(t.version, "v2");
  assert.deepEqual([t.capture.captureMs, t.capture.appMs], [3, 1], "the patch's times");
  assert.equal(t.capture.nodeCount, 6);
  assert.deepEqual(t.capture.root.children[0].children.map((c) => c.id), [
    "root.0.0",
    "root.0.1",
    "root.0.2",
  ]);
  assert.equal(t.capture.root.children[1].id, "root.1");
  // The new child is followed: its events mark it.
  t.note(change("object:state-changed:checked", 6));
  assert.deepEqual(t.patchRoots()!.map((r) => r.node.name), ["Beer"]);
});

Deno.test("a caller behind by patches is sent the outermost subtrees that changed", () => {
  const t = tree();
  const patch = (n: number, fresh: Element, version: string) => {
    t.note(change("object:state-changed:checked", n));
    const [{ node }] = t.patchRoots()!;
    assert.ok(t.splice(node, fresh, { addresses: new Map([[fresh, at(n)]]), labelled: false }));
    t.commit([node.id], version, 3, 1);
  };
  patch(3, element("CheckBox", "Wine!", [0, 0, 10, 10]), "v2");
  assert.deepEqual(t.changesSince("v1")!.map((n) => [n.id, n.name]), [["root.0.0", "Wine!"]]);
  assert.deepEqual(t.changesSince("v2"), [], "the current version needs nothing");
  patch(5, element("Label", "Cheers", [0, 0, 10, 10]), "v3");
  assert.deepEqual(t.changesSince("v1")!.map((n) => n.id), ["root.0.0", "root.1"]);
  assert.deepEqual(t.changesSince("v2")!.map((n) => n.id), ["root.1"]);
  // The pane around the first change: it covers it.
  patch(
    2,
    element("Pane", "", [0, 0, 100, 100], {}, [element("CheckBox", "Rum", [0, 0, 1, 1])]),
    "v4",
  );
  assert.deepEqual(t.changesSince("v1")!.map((n) => n.id), ["root.1", "root.0"]);
  assert.equal(t.changesSince("v0"), null, "a version the tree never had");
});

Deno.test("a whole walk that finds the same tree keeps its patches for callers behind", () => {
  const mirror = new TreeMirror();
  const t = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walkedSample())!;
  const first = t.version;
  t.note(change("object:state-changed:checked", 3));
  const [{ node }] = t.patchRoots()!;
  const fresh = element("CheckBox", "Wine!", [0, 0, 10, 10]);
  t.splice(node, fresh, { addresses: new Map([[fresh, at(3)]]), labelled: false });
  t.commit([node.id], mirror.nextVersion(), 3, 1);
  const again = (root: Element) => ({
    capture: { root: structuredClone(root), nodeCount: 5, captureMs: 20, cutShort: null },
    addresses: new Map<Element, string>(),
    labelled: false,
    embedded: null,
  });
  const same = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, again(t.capture.root), true)!;
  assert.equal(same.version, t.version);
  assert.deepEqual(same.changesSince(first)!.map((n) => n.name), ["Wine!"]);
  const other = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walkedSample(), true)!;
  assert.notEqual(other.version, t.version);
  assert.equal(other.changesSince(first), null, "a different tree starts its history anew");
});

Deno.test("a patch that finds the same subtree keeps the version", () => {
  const t = tree();
  t.note(change("object:state-changed:checked", 3));
  const [{ node }] = t.patchRoots()!;
  const same = element("CheckBox", "Wine", [0, 0, 10, 10]);
  assert.equal(
    t.splice(node, same, { addresses: new Map([[same, at(3)]]), labelled: false }),
    false,
  );
  t.commit([], "v2", 3, 1);
  assert.equal(t.version, "v1");
  assert.equal(t.clean, true);
});

Deno.test("the mirror: bounds events that repeat a rectangle, other apps, overflow, trust", () => {
  const mirror = new TreeMirror();
  const { root, addresses } = sample();
  const capture = { root, nodeCount: 5, captureMs: 20, cutShort: null };
  const walked = { capture, addresses, labelled: false, embedded: null };
  const t = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked)!;
  const bounds = (rect: string): Change => ({ ...change("object:bounds-changed", 3), rect });
  mirror.apply({ changes: [bounds("1,2,3,4")], overflowed: false });
  assert.equal(t.marked.size, 1);
  t.marked.clear();
  mirror.apply({ changes: [bounds("1,2,3,4"), bounds("1,2,3,4")], overflowed: false });
  assert.equal(t.clean, true, "a spinner repeating its rectangle changes nothing");
  mirror.apply({ changes: [change("object:state-changed:checked", 3, ":1.9")], overflowed: false });
  assert.equal(t.clean, true, "another application's event");
  mirror.apply({ changes: [], overflowed: true });
  assert.equal(t.wholeWalkNeeded, true, "after lost events nothing is vouched for");
  const again = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked)!;
  assert.equal(again.version, t.version, "an equal walk keeps the version");
  const other = sample();
  other.root.children[1].name = "Goodbye";
  const changed = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, {
    ...walked,
    ...other,
    capture: { ...capture, root: other.root },
  })!;
  assert.notEqual(changed.version, t.version);
  assert.equal(mirror.lookup("k"), changed);
  mirror.distrust(BUS);
  assert.equal(mirror.lookup("k"), null, "an application that changes silently is walked");
  const cut = { ...walked, capture: { ...capture, cutShort: "nodes" as const } };
  assert.equal(mirror.record("j", ":1.8", SCREEN_COORDINATES, SOURCE, cut), null);
});

Deno.test("when a tree is walked again to check what its events said", async (t) => {
  const toggled = (tree: MirroredTree) => tree.note(change("object:state-changed:checked", 3));
  const shown = (tree: MirroredTree) => tree.note(change("object:state-changed:visible", 5));
  // [what, how long its walk took, what happened, how much later, the check due]
  const cases: Array<[string, number, (tree: MirroredTree) => void, number, string | null]> = [
    ["just walked", 20, () => {}, 0, null],
    ["no events, in use, 2 s later", 20, () => {}, 2100, "periodic"],
    ["no events, unused for 30 s", 20, (tree) => (tree.usedAt -= 40_000), 2100, null],
    ["events, not yet quiet", 20, toggled, 50, null],
    ["events, quiet 100 ms, walked 150 ms ago", 20, toggled, 150, null],
    ["events, quiet, walked 300 ms ago", 20, toggled, 300, "events"],
    ["a widget shown, settling", 20, shown, 150, null],
    ["a widget shown, settled", 20, shown, 1100, "events"],
    // A walk of 500 ms (a loaded machine, a big window): after events every 2 s, else every 5 s.
    ["slow to walk, events, walked 1.9 s ago", 500, toggled, 1900, null],
    ["slow to walk, events, walked 2.1 s ago", 500, toggled, 2100, "events"],
    ["slow to walk, no events, 4.9 s later", 500, () => {}, 4900, null],
    ["slow to walk, no events, 5.1 s later", 500, () => {}, 5100, "periodic"],
  ];
  for (const [what, walkMs, before, later, expected] of cases) {
    await t.step(`${what} → ${expected}`, () => {
      const tree = mirrored(walkMs);
      before(tree);
      assert.equal(tree.checkDue(performance.now() + later), expected);
    });
  }
  await t.step("a whole walk keeps what calls for a check; the check's own walk does not", () => {
    const mirror = new TreeMirror();
    const walked = walkedSample();
    mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked)!.note(
      change("object:state-changed:visible", 5),
    );
    const during = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked)!;
    assert.equal(during.wholeWalkNeeded, true, "a shown widget may still be moving");
    assert.equal(during.checkDue(performance.now() + 1100), "events");
    const checked = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked, true)!;
    assert.equal(checked.checkDue(performance.now() + 1100), null);
    checked.usedAt -= 40_000;
    const again = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked, true)!;
    assert.equal(again.checkDue(performance.now() + 2100), null, "a check's walk is no use");
    const asked = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walked)!;
    assert.equal(asked.checkDue(performance.now() + 2100), "periodic", "a caller's walk is");
  });
  await t.step("the same window seen renamed replaces its earlier tree; another does not", () => {
    const mirror = new TreeMirror();
    const walked = walkedSample();
    mirror.record("a", BUS, SCREEN_COORDINATES, SOURCE, walked);
    const renamed = { ...SOURCE, window: { ...SOURCE.window, title: "*App" } };
    mirror.record("b", BUS, SCREEN_COORDINATES, renamed, walked);
    assert.equal(mirror.lookup("a"), null);
    const other = { ...SOURCE, window: { ...SOURCE.window, window: "4194399" } };
    mirror.record("c", BUS, SCREEN_COORDINATES, other, walked);
    assert.notEqual(mirror.lookup("b"), null);
  });
  await t.step("the mirror names a due tree, except an application's it distrusts", () => {
    const mirror = new TreeMirror();
    const tree = mirror.record("k", BUS, SCREEN_COORDINATES, SOURCE, walkedSample())!;
    assert.equal(mirror.dueForCheck(performance.now()), null);
    assert.deepEqual(mirror.dueForCheck(performance.now() + 2100), {
      key: "k",
      tree,
      why: "periodic",
    });
    mirror.distrust(BUS);
    assert.equal(mirror.dueForCheck(performance.now() + 2100), null);
  });
});

Deno.test("a part of LibreOffice's pane walked again is moved as its whole walk measured", () => {
  const gtk = { toolkit: "gtk" };
  const button = (y: number) => element("Button", "Bold", [600, y, 30, 30], {});
  // As corrected by the whole walk: the GTK panel at y 44, VCL's pane and toolbar moved there.
  const toolbar = element("ToolBar", "Formatting", [0, 83, 1000, 39], {}, [button(85)]);
  const pane = element("Pane", "", [0, 44, 1280, 756], { platform_role: "root pane" }, [
    toolbar,
  ]);
  const panel = element("Pane", "", [0, 44, 1280, 756], { attributes: gtk }, [pane]);
  const sidebar = element("ToolBar", "Properties", [1230, 165, 44, 42], { attributes: gtk });
  const root = assignIds(
    element("Window", "Writer", [0, 0, 1280, 800], { attributes: gtk }, [panel, sidebar]),
  );
  const addresses = new Map([[root, at(1)], [panel, at(2)], [pane, at(3)], [toolbar, at(4)], [
    sidebar,
    at(5),
  ]]);
  const capture = { root, nodeCount: 6, captureMs: 20, cutShort: null };
  const t = new MirroredTree(BUS, SCREEN_COORDINATES, SOURCE, "v1", capture, {
    addresses,
    labelled: false,
    embedded: { x: 0, y: 25 },
  });
  // The toolbar walked again reports itself 25 px too high, as LibreOffice does.
  t.note(change("object:state-changed:checked", 4));
  const [{ node }] = t.patchRoots()!;
  const fresh = element("ToolBar", "Formatting", [0, 58, 1000, 39], {}, [button(60)]);
  assert.equal(
    t.splice(node, fresh, { addresses: new Map([[fresh, at(4)]]), labelled: false }),
    false,
  );
  t.commit([], "v2", 3, 1);
  // GTK's own widgets outside the pane are reported right, and stay.
  t.note(change("object:state-changed:checked", 5));
  const [{ node: bar }] = t.patchRoots()!;
  const same = element("ToolBar", "Properties", [1230, 165, 44, 42], { attributes: gtk });
  assert.equal(
    t.splice(bar, same, { addresses: new Map([[same, at(5)]]), labelled: false }),
    false,
  );
});

Deno.test("checks make way for requests, start again when they pause, and not for ever", () => {
  // Steps: what happens at a time (ms), then whether a check may start at `now`, the last
  // request served at `served`, and whether it may make way for one.
  type Step = ["yielded" | "ended", number];
  const CASES: Array<[string, Step[], { now: number; served: number }, [boolean, boolean]]> = [
    ["no check made way yet", [], { now: 10, served: 9 }, [true, true]],
    ["one did, requests still coming", [["yielded", 0]], { now: 30, served: 20 }, [false, true]],
    ["one did, requests paused", [["yielded", 0]], { now: 80, served: 30 }, [true, true]],
    ["paused just short", [["yielded", 0]], { now: 79, served: 30 }, [false, true]],
    ["coming for under a second", [["yielded", 0], ["yielded", 600]], { now: 999, served: 998 }, [
      false,
      true,
    ]],
    ["coming for a second: a check walks to its end", [["yielded", 0], ["yielded", 990]], {
      now: 1000,
      served: 999,
    }, [true, false]],
    ["a check ended: all over again", [["yielded", 0], ["ended", 1500]], {
      now: 1600,
      served: 1599,
    }, [true, true]],
    ["a new second after an end", [["yielded", 0], ["ended", 1500], ["yielded", 1600]], {
      now: 2500,
      served: 2499,
    }, [false, true]],
  ];
  for (const [name, steps, { now, served }, expected] of CASES) {
    const yields = new CheckYields();
    for (const [step, at] of steps) step === "yielded" ? yields.yielded(at) : yields.ended();
    assert.deepEqual([yields.mayStart(now, served), yields.mayYield(now)], expected, name);
  }
});
