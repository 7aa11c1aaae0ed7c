// Results in a coordinate space over real HTTP on the mock (issue 45, item 4):
// every answer that carries coordinates — trees, compact views and diffs,
// the desktop tree, set-of-marks, OCR, windows, monitors, visible areas,
// snapshots and their diffs, wait_for's element and the element verbs'
// receipts — answers in the call's space (else the
// session's), names it, and each of its boxes and points comes back to the
// screen's within one pixel. The way back is computed here, independently of
// the service's mapping, so a wrong mapping fails.

import assert from "node:assert/strict";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode, q } from "./helpers/observe_api.ts";

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;

/** The mock's screen: the frame scaled and normalized spaces cover. */
const SCREEN = { width: 1920, height: 1080 };

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };

/** The spaces each result is read in: normalized, an even and an uneven scaled screenshot. */
const SPACES: Array<[string, number, number]> = [
  ["normalized", 1000, 1000],
  ["scaled:960x540", 960, 540],
  ["scaled:711x400", 711, 400],
];

/** A point in `space` on the screen (the definition: u × screen width / space width). */
function onScreen(space: string, p: Point): Point {
  const [, width, height] = SPACES.find(([name]) => name === space)!;
  return { x: p.x * SCREEN.width / width, y: p.y * SCREEN.height / height };
}

const centre = (b: Box): Point => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

function near(actual: Point, expected: Point, what: string): void {
  assert.ok(
    Math.abs(actual.x - expected.x) <= 1 && Math.abs(actual.y - expected.y) <= 1,
    `${what}: ${JSON.stringify(actual)} is not within a pixel of ${JSON.stringify(expected)}`,
  );
}

/** A box in `space` whose corners and centre come back to `screen`'s within a pixel. */
function sameBox(space: string, inSpace: Box, screen: Box, what: string): void {
  near(onScreen(space, inSpace), screen, `${what} (corner)`);
  near(onScreen(space, centre(inSpace)), centre(screen), `${what} (centre)`);
  const far = { x: inSpace.x + inSpace.width, y: inSpace.y + inSpace.height };
  near(onScreen(space, far), { x: screen.x + screen.width, y: screen.y + screen.height }, what);
}

/** Two trees node by node: the same shape, each box `space`'s of the screen's. */
function sameTree(space: string, inSpace: Body, screen: Body, path = "root"): number {
  assert.equal(inSpace.name, screen.name, path);
  sameBox(space, inSpace.bounds as Box, screen.bounds as Box, `${path} ${screen.name}`);
  const kids = inSpace.children as Body[];
  const screenKids = screen.children as Body[];
  assert.equal(kids.length, screenKids.length, `${path}: children`);
  return kids.reduce((n, child, i) => n + sameTree(space, child, screenKids[i], `${path}.${i}`), 1);
}

/** Each compact line's @x,y and (containers) WxH. */
function places(compact: string): Array<{ at: Point; size: Point | null }> {
  return compact.split("\n").filter((l) => /@/.test(l)).map((line) => {
    const m = / @(-?[\d.]+),(-?[\d.]+)(?: ([\d.]+)x([\d.]+))?(?: \+\d+ (?:hidden|deeper))*$/
      .exec(line);
    assert.ok(m, `no place on: ${line}`);
    const size = m[3] === undefined ? null : { x: Number(m[3]), y: Number(m[4]) };
    return { at: { x: Number(m[1]), y: Number(m[2]) }, size };
  });
}

/** Two compact texts line by line: each point (and size) `space`'s of the screen's. */
function sameCompact(space: string, inSpace: string, screen: string, what: string): void {
  const mine = places(inSpace);
  const theirs = places(screen);
  assert.equal(mine.length, theirs.length, `${what}: lines`);
  assert.ok(mine.length > 0, `${what}: no lines`);
  mine.forEach(({ at, size }, i) => {
    near(onScreen(space, at), theirs[i].at, `${what} line ${i}`);
    assert.equal(size === null, theirs[i].size === null, `${what} line ${i}: a size`);
    if (size) near(onScreen(space, size), theirs[i].size!, `${what} line ${i} size`);
  });
}

/** Two custom diffs record by record: each added node and changed box `space`'s of the screen's. */
function sameChanges(space: string, inSpace: Body[], screen: Body[]): void {
  assert.deepEqual(inSpace.map((c) => [c.op, c.path]), screen.map((c) => [c.op, c.path]));
  assert.ok(screen.some((c) => c.op === "add" || (c.fields as Body)?.bounds), "nothing placed");
  inSpace.forEach((c, i) => {
    if (c.op === "add") sameTree(space, c.node as Body, screen[i].node as Body);
    const moved = (c.fields as Body | undefined)?.bounds as Box | undefined;
    if (moved) sameBox(space, moved, (screen[i].fields as Body).bounds as Box, "replaced");
  });
}

Deno.test("results in a coordinate space on the mock: every box and point maps back within a pixel", async (t) => {
  const svc = await startService({ mock: true });
  const { get, post } = api(svc);
  const ok = async (r: Promise<{ status: number; body: Body }>, what: string) => {
    const { status, body } = await r;
    assert.equal(status, 200, `${what} → ${JSON.stringify(body)}`);
    return body;
  };
  /** A GET route's answer in `space` (the screen's when null), checked to name it. */
  const read = async (path: string, space: string | null) => {
    const sep = path.includes("?") ? "&" : "?";
    const body = await ok(get(space ? `${path}${sep}coordinate_space=${q(space)}` : path), path);
    assert.equal(body.coordinate_space, space ?? "screen", path);
    return body;
  };
  /** A tool's answer in `space` (the screen's when null), checked to name it. */
  const call = async (tool: string, args: Body, space: string | null) => {
    const body = await ok(
      post(`/api/tool/${tool}`, space ? { ...args, coordinate_space: space } : args),
      tool,
    );
    assert.equal(body.coordinate_space, space ?? "screen", `${tool} ${JSON.stringify(args)}`);
    return body;
  };
  try {
    await t.step("get_window_structure: trees, pages and compact views", async () => {
      const path = "/api/structure?window_index=0";
      const screen = await read(path, null);
      const compact = await read(`${path}&view=compact`, null);
      for (const [space] of SPACES) {
        const nodes = sameTree(space, (await read(path, space)).tree as Body, screen.tree as Body);
        assert.ok(nodes > 10, `${nodes} nodes`);
        const view = await read(`${path}&view=compact`, space);
        sameCompact(space, String(view.compact), String(compact.compact), space);
        // A page of a listing, and the next, in the space it was made in.
        const first = await read(`${path}&max_nodes=3`, space);
        const page = (first.tree as Body).children as Body[];
        const screenPage = ((await read(`${path}&max_nodes=3`, null)).tree as Body)
          .children as Body[];
        page.forEach((node, i) => sameTree(space, node, screenPage[i]));
        const cursor = q(String(first.next_cursor));
        const next = await ok(get(`/api/structure?page_cursor=${cursor}`), "the next page");
        assert.equal(next.coordinate_space, space, "a later page keeps the listing's space");
        const other = space === "normalized" ? "scaled:960x540" : "normalized";
        const refused = await get(`/api/structure?page_cursor=${cursor}&coordinate_space=${other}`);
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        assert.match(String((refused.body.error as Body).message), /listing in/);
      }
    });

    await t.step("observe_window: the tree, the compact view, changed_only", async () => {
      const screen = await call("observe_window", { window_index: 0 }, null);
      const compact = await call("observe_window", { window_index: 0, view: "compact" }, null);
      for (const [space] of SPACES) {
        const tree = await call("observe_window", { window_index: 0 }, space);
        sameTree(space, tree.tree as Body, screen.tree as Body);
        const view = await call("observe_window", { window_index: 0, view: "compact" }, space);
        sameCompact(space, String(view.compact), String(compact.compact), space);
        const still = await call("observe_window", { window_index: 0, changed_only: true }, space);
        assert.equal(still.unchanged, true);
      }
    });

    await t.step("get_desktop_tree", async () => {
      const screen = await read("/api/desktop_tree", null);
      for (const [space] of SPACES) {
        sameTree(space, (await read("/api/desktop_tree", space)).tree as Body, screen.tree as Body);
      }
    });

    await t.step("get_set_of_marks: boxes and the points tag_N stands for", async () => {
      const screen = await call("get_set_of_marks", { image: false }, null);
      const marks = screen.marks as Body[];
      assert.ok(marks.length > 3, JSON.stringify(screen.table));
      for (const [space] of SPACES) {
        const mapped = (await call("get_set_of_marks", { image: false }, space)).marks as Body[];
        assert.equal(mapped.length, marks.length);
        mapped.forEach((m, i) => {
          sameBox(space, m.bounds as Box, marks[i].bounds as Box, `mark ${m.tag}`);
          near(onScreen(space, m.centre as Point), marks[i].centre as Point, `mark ${m.tag}`);
        });
      }
    });

    await t.step("list_windows, get_visible_areas, get_monitors", async () => {
      const windows = (await read("/api/windows", null)).windows as Body[];
      const areas = await call("get_visible_areas", { window_index: 1 }, null);
      const regions = areas.visible_regions as Box[];
      assert.ok(regions.length > 0, JSON.stringify(areas));
      for (const [space] of SPACES) {
        const mapped = (await read("/api/windows", space)).windows as Body[];
        assert.equal(mapped.length, windows.length);
        mapped.forEach((w, i) => {
          assert.equal(w.window_uid, windows[i].window_uid);
          sameBox(space, w.bounds as Box, windows[i].bounds as Box, String(w.title));
        });
        const seen = await call("get_visible_areas", { window_index: 1 }, space);
        sameBox(space, seen.bounds as Box, areas.bounds as Box, "the window");
        const parts = seen.visible_regions as Box[];
        assert.equal(parts.length, regions.length);
        parts.forEach((part, i) => sameBox(space, part, regions[i], `region ${i}`));
        // The mock names no monitor: none to map, and the space still said.
        assert.deepEqual((await read("/api/monitors", space)).monitors, []);
      }
    });

    await t.step("get_ocr: words, lines and the region read", async () => {
      const screen = await call("get_ocr", { window_index: 0 }, null);
      const words = screen.words as Body[];
      assert.ok(words.some((w) => w.text === "File"), JSON.stringify(screen.text));
      for (const [space] of SPACES) {
        const read = await call("get_ocr", { window_index: 0 }, space);
        sameBox(space, read.region as Box, screen.region as Box, "the region");
        const mapped = read.words as Body[];
        assert.deepEqual(mapped.map((w) => w.text), words.map((w) => w.text));
        mapped.forEach((w, i) => sameBox(space, w.bbox as Box, words[i].bbox as Box, `${w.text}`));
        const lines = read.lines as Body[];
        lines.forEach((l, i) =>
          sameBox(space, l.bbox as Box, (screen.lines as Body[])[i].bbox as Box, `${l.text}`)
        );
        assert.equal(read.text, screen.text);
      }
    });

    await t.step("element verbs: the receipt's target and a text target's point", async () => {
      const args = { window_index: 0, selector: 'MenuItem[name="File"]', dry_run: true };
      const screen = await call("click_element", args, null);
      const target = screen.target as Body;
      assert.equal(target.screen_bounds, undefined, "the screen's receipt is as it was");
      const byText = await call(
        "click_element",
        { window_index: 0, text: "Help", dry_run: true },
        null,
      );
      for (const [space] of SPACES) {
        const receipt = await call("click_element", args, space);
        const aimed = receipt.target as Body;
        sameBox(space, aimed.bounds as Box, target.bounds as Box, "File");
        assert.deepEqual(aimed.screen_bounds, target.bounds, "traces keep the screen's");
        const text = await call(
          "click_element",
          { window_index: 0, text: "Help", dry_run: true },
          space,
        );
        assert.equal(text.resolved_by, "ocr");
        assert.deepEqual([text.screen_x, text.screen_y], [byText.x, byText.y]);
        near(onScreen(space, text as unknown as Point), byText as unknown as Point, "Help");
      }
    });

    await t.step("snapshot_get and wait_for", async () => {
      const { snapshot_id } = await ok(post("/api/snapshot", {}), "snapshot");
      const screen = await call("snapshot_get", { snapshot_id }, null);
      const wait = { any_of: [{ type: "element_appears", selector: 'MenuItem[name="File"]' }] };
      const found = (await call("wait_for", wait, null)).matched_detail as Body;
      for (const [space] of SPACES) {
        const mapped = await call("snapshot_get", { snapshot_id }, space);
        const windows = mapped.windows as Body[];
        windows.forEach((w, i) => {
          sameBox(space, w.bounds as Box, (screen.windows as Body[])[i].bounds as Box, "window");
        });
        const trees = mapped.trees as Record<string, Body>;
        const uids = Object.keys(screen.trees as Body);
        assert.deepEqual(Object.keys(trees), uids);
        for (const uid of uids) sameTree(space, trees[uid], (screen.trees as Body)[uid] as Body);
        const matched = (await call("wait_for", wait, space)).matched_detail as Body;
        assert.equal(matched.element_id, found.element_id);
        sameBox(space, matched.bounds as Box, found.bounds as Box, "the element that appeared");
      }
    });

    await t.step(
      "observe_window's and snapshot_diff's changes: custom, json-patch, compact",
      async () => {
        await ok(post("/api/scenario/load", { path: LOGIN }), "load");
        const before = await call("observe_window", { window_index: 0 }, null);
        const a = String((await ok(post("/api/snapshot", {}), "snapshot a")).snapshot_id);
        await ok(post("/api/tool/click_element", { selector: 'Edit[name="Username"]' }), "click");
        await ok(post("/api/tool/type_text", { text: "alice" }), "type");
        await ok(post("/api/tool/click_element", { selector: 'Edit[name="Password"]' }), "click");
        await ok(post("/api/tool/type_text", { text: "pw" }), "type");
        await ok(post("/api/tool/click_element", { selector: 'Button[name="Login"]' }), "login");
        const b = String((await ok(post("/api/snapshot", {}), "snapshot b")).snapshot_id);
        const since = { window_index: 0, since: before.tree_token };
        const perWindow = (body: Body) =>
          Object.values(body.per_window_changes as Body).flatMap((w) =>
            (w as Body).changes as Body[]
          );
        const snapshotChanges = perWindow(await call("snapshot_diff", { a, b }, null));
        const custom = (await call("observe_window", since, null)).changes as Body[];
        const patch = (await call("observe_window", { ...since, format: "json-patch" }, null))
          .changes as Body[];
        const compact = await call("observe_window", { ...since, view: "compact" }, null);
        for (const [space] of SPACES) {
          sameChanges(
            space,
            (await call("observe_window", since, space)).changes as Body[],
            custom,
          );
          const patched = (await call("observe_window", { ...since, format: "json-patch" }, space))
            .changes as Body[];
          assert.deepEqual(patched.map((c) => c.path), patch.map((c) => c.path));
          patched.forEach((c, i) => {
            const value = c.value as Body | undefined;
            if (value?.bounds) sameTree(space, value, patch[i].value as Body);
          });
          const diff = await call("observe_window", { ...since, view: "compact" }, space);
          sameCompact(space, String(diff.compact_diff), String(compact.compact_diff), "diff");
          sameChanges(
            space,
            perWindow(await call("snapshot_diff", { a, b }, space)),
            snapshotChanges,
          );
        }
      },
    );

    await t.step("the session's space applies; a call's own wins", async () => {
      const path = "/api/structure?window_index=0";
      const screen = await read(path, null);
      const normalized = await read(path, "normalized");
      await ok(post("/api/tool/set_coordinate_space", { coordinate_space: "normalized" }), "set");
      try {
        const byDefault = await ok(get(path), path);
        assert.equal(byDefault.coordinate_space, "normalized");
        assert.deepEqual(byDefault.tree, normalized.tree);
        const own = await read(path, "screen");
        assert.deepEqual(own.tree, screen.tree);
        assert.equal(own.warning, undefined, "no caution: the answer is in the space it names");
        const observed = await ok(post("/api/tool/observe_window", { window_index: 0 }), "observe");
        assert.equal(observed.coordinate_space, "normalized");
        sameTree("normalized", observed.tree as Body, screen.tree as Body);
        const clicked = await ok(
          post("/api/tool/click_element_and_observe", {
            selector: 'Text[name="Hello, alice"]',
            dry_run: true,
            coordinate_space: "scaled:960x540",
          }),
          "click and observe",
        );
        assert.equal(clicked.coordinate_space, "scaled:960x540");
        const observation = clicked.observation as Body;
        assert.equal(observation.coordinate_space, "scaled:960x540", "the action's space");
      } finally {
        await ok(post("/api/tool/set_coordinate_space", { coordinate_space: "screen" }), "reset");
      }
    });

    await t.step(
      "bad spaces: 400 with the typed envelope, on every tool that answers in one",
      async () => {
        const routes = [
          "/api/structure?window_index=0",
          "/api/observe?window_index=0",
          "/api/desktop_tree",
          "/api/windows",
          "/api/monitors",
          "/api/ocr?window_index=0",
        ];
        for (const route of routes) {
          for (
            const [space, message] of [["pixels", /screen, normalized/], [
              "scaled:1024x768",
              /aspect/,
            ]]
          ) {
            const r = await get(
              `${route}${route.includes("?") ? "&" : "?"}coordinate_space=${space}`,
            );
            assert.equal(r.status, 400, `${route} ${space}: ${JSON.stringify(r.body)}`);
            assert.equal(errorCode(r), "BadRequest");
            assert.match(String((r.body.error as Body).message), message as RegExp, route);
          }
        }
        const posted: Array<[string, Body]> = [
          ["/api/set_of_marks", { image: false, coordinate_space: "tiny" }],
          ["/api/tool/get_visible_areas", { window_index: 0, coordinate_space: "scaled:0x540" }],
          ["/api/tool/click_element", { selector: "//Button", coordinate_space: "scaled:100x100" }],
        ];
        for (const [path, body] of posted) {
          const r = await post(path, body);
          assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.body)}`);
          assert.equal(errorCode(r), "BadRequest");
        }
      },
    );
  } finally {
    await svc.stop();
  }
});
