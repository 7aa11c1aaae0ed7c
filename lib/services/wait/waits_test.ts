// wait_for conditions against a scripted PollView, and the polling loop on a
// fake clock: validation up front, every condition type, a real focus
// change, at least one poll, no sleeping past the deadline.

import { strict as assert } from "node:assert";
import { ToolError } from "../../model/errors.ts";
import { TokenStore } from "../observe/tree_tokens.ts";
import { assignIds, type Element, element } from "../../model/tree.ts";
import { pollUntil } from "./loop.ts";
import { pollInterval } from "../../tools/waits.ts";
import { type PollView, prepareCheck } from "./conditions.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";

function win(uid: string, title: string, focused = false): ListedWindow {
  return {
    index: 0,
    handle: uid,
    title,
    process: "p",
    pid: 1,
    bounds: { x: 0, y: 0, width: 100, height: 100 },
    focused,
    window_uid: uid,
  };
}

function form(value: string, focusOk = false): Element {
  return assignIds(element("Window", "Form", [0, 0, 100, 100], {}, [
    element("Edit", "Name", [0, 0, 50, 10], { value, focused: !focusOk }),
    element("Button", "OK", [0, 20, 50, 10], { focused: focusOk }),
  ]));
}

/** A desktop the test edits between polls. */
function desktop() {
  const state = {
    windows: [win("w1", "Form", true), win("w2", "Other")],
    trees: new Map<string, Element>([["w1", form("")], ["w2", form("x")]]),
  };
  const view: PollView = {
    windows: () => Promise.resolve(state.windows),
    capture: (w) => {
      const tree = state.trees.get(w.window_uid);
      return Promise.resolve(tree ? { tree, hash: `h:${tree.children[0]?.value}` } : null);
    },
    target: () => Promise.resolve(state.windows.find((w) => w.focused) ?? null),
  };
  return { state, view };
}

async function check(raw: unknown, tokens = new TokenStore()) {
  const { state, view } = desktop();
  const run = await prepareCheck(raw, 0, view, tokens);
  return { state, probe: () => run(view) };
}

Deno.test("element_appears / element_disappears / text_visible", async () => {
  const appears = await check({ type: "element_appears", selector: 'Button[name="OK"]' });
  assert.deepEqual(await appears.probe(), {
    element_id: "root.1",
    bounds: { x: 0, y: 20, width: 50, height: 10 },
    window_uid: "w1",
  });
  const absent = await check({ type: "element_appears", selector: "Slider" });
  assert.equal(await absent.probe(), null);

  const gone = await check({ type: "element_disappears", element_id: "root.1" });
  assert.equal(await gone.probe(), null);
  gone.state.trees.set("w1", assignIds(element("Window", "Form", [0, 0, 1, 1])));
  assert.deepEqual(await gone.probe(), {});

  const bySelector = await check({ type: "element_disappears", selector: "Button" });
  assert.equal(await bySelector.probe(), null);

  const text = await check({ type: "text_visible", regex: "^Name al" });
  assert.equal(await text.probe(), null);
  text.state.trees.set("w1", form("alice"));
  assert.deepEqual(await text.probe(), { element_id: "root.0", window_uid: "w1" });
});

Deno.test("window_appears / window_disappears", async () => {
  const appears = await check({ type: "window_appears", title_regex: "(?i)^dialog" });
  assert.equal(await appears.probe(), null);
  appears.state.windows.push(win("w3", "DIALOG: save?"));
  assert.deepEqual(await appears.probe(), { window_uid: "w3", title: "DIALOG: save?" });

  const disappears = await check({ type: "window_disappears", window_uid: "w2" });
  assert.equal(await disappears.probe(), null);
  disappears.state.windows.pop();
  assert.deepEqual(await disappears.probe(), { window_uid: "w2" });
});

Deno.test("tree_changes: a different hash or content, or the window gone", async () => {
  const tokens = new TokenStore();
  const since = tokens.mint("w1", form(""), "h:");
  const c = await check({ type: "tree_changes", since }, tokens);
  assert.equal(await c.probe(), null, "same tree");
  c.state.trees.set("w1", form("", true));
  assert.deepEqual(await c.probe(), { window_uid: "w1", tree_hash: "h:" }, "focus moved");
  c.state.trees.set("w1", form("typed"));
  assert.deepEqual(await c.probe(), { window_uid: "w1", tree_hash: "h:typed" });
  c.state.windows.shift();
  assert.deepEqual(await c.probe(), { window_uid: "w1", gone: true });
});

Deno.test("focused_changes waits for a real change of focus", async () => {
  const c = await check({ type: "focused_changes" });
  assert.equal(await c.probe(), null, "focus as at the start: not satisfied");
  c.state.trees.set("w1", form("", true));
  assert.deepEqual(await c.probe(), {
    focused_uid: "w1",
    focused_selector: 'Window[name="Form"]/Button[name="OK"]',
    previous_uid: "w1",
    previous_selector: 'Window[name="Form"]/Edit[name="Name"]',
  });
  const windowFocus = await check({ type: "focused_changes" });
  windowFocus.state.windows = [win("w1", "Form"), win("w2", "Other", true)];
  assert.equal(((await windowFocus.probe()) as { focused_uid: string }).focused_uid, "w2");
});

const INVALID: Array<[unknown, string]> = [
  [{ type: "nope" }, "BadRequest"],
  ["element_appears", "BadRequest"],
  [{ type: "element_appears" }, "BadRequest"],
  [{ type: "element_appears", selector: "Button[" }, "BadRequest"],
  [{ type: "element_disappears" }, "BadRequest"],
  [{ type: "text_visible", regex: "(" }, "BadRequest"],
  [{ type: "window_appears", title_regex: 3 }, "BadRequest"],
  [{ type: "window_disappears" }, "BadRequest"],
  [{ type: "tree_changes", since: "x" }, "BadRequest"],
  [{ type: "tree_changes", since: "tt:0123456789abcdef" }, "SnapshotExpired"],
];

for (const [raw, expected] of INVALID) {
  Deno.test(`condition ${JSON.stringify(raw)} → ${expected} before any wait`, async () => {
    const { view } = desktop();
    await assert.rejects(
      async () => await prepareCheck(raw, 0, view, new TokenStore()),
      (e: unknown) => e instanceof ToolError && e.code === expected,
    );
  });
}

function fakeTime() {
  let t = 0;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: (ms: number) => {
      slept.push(ms);
      t += ms;
      return Promise.resolve();
    },
    slept,
  };
}

Deno.test("pollUntil: one poll even with timeout 0", async () => {
  const time = fakeTime();
  const out = await pollUntil({
    timeoutMs: 0,
    pollMs: 50,
    poll: () => Promise.resolve(null),
    ...time,
  });
  assert.deepEqual(out, { value: null, elapsedMs: 0, polls: 1 });
});

Deno.test("pollUntil: polls every poll_ms, the last one at the deadline", async () => {
  const time = fakeTime();
  const out = await pollUntil({
    timeoutMs: 250,
    pollMs: 100,
    poll: () => Promise.resolve(null),
    ...time,
  });
  assert.deepEqual(out, { value: null, elapsedMs: 250, polls: 4 });
  assert.deepEqual(time.slept, [100, 100, 50]);
});

Deno.test("pollUntil: returns the first value", async () => {
  const time = fakeTime();
  let n = 0;
  const out = await pollUntil({
    timeoutMs: 1000,
    pollMs: 100,
    poll: () => Promise.resolve(++n === 3 ? "done" : null),
    ...time,
  });
  assert.deepEqual(out, { value: "done", elapsedMs: 200, polls: 3 });
});

Deno.test("pollUntil: a cancelled wait ends in its pause, with Cancelled", async (t) => {
  for (const [label, abortAfterMs] of [["before it starts", -1], ["during a pause", 30]] as const) {
    await t.step(label, async () => {
      const controller = new AbortController();
      if (abortAfterMs < 0) controller.abort();
      else setTimeout(() => controller.abort(), abortAfterMs);
      let polls = 0;
      const started = performance.now();
      const error = await pollUntil({
        timeoutMs: 60_000,
        pollMs: 10_000,
        poll: () => Promise.resolve(++polls > 100 ? 1 : null),
        signal: controller.signal,
      }).catch((e) => e);
      assert.ok(error instanceof ToolError && error.code === "Cancelled", String(error));
      assert.equal(polls, 1, "no poll after the cancel");
      // The 10 s pause was cut short: far below it, whatever the machine's load.
      assert.ok(performance.now() - started < 5_000);
    });
  }
});

Deno.test("poll interval: the requested or default interval, floored by the mirror setting", async (t) => {
  const cases: Array<[number | undefined, number, boolean, number]> = [
    [undefined, 200, false, 200],
    [undefined, 100, true, 100],
    [0, 200, false, 50],
    [20, 200, false, 50],
    [20, 200, true, 20],
    [0, 200, true, 10],
    [5, 100, true, 10],
    [75, 200, false, 75],
  ];
  for (const [requested, fallback, mirror, expected] of cases) {
    await t.step(`${requested} (default ${fallback}, mirror ${mirror}) → ${expected}`, () => {
      assert.equal(pollInterval(requested, fallback, mirror), expected);
    });
  }
});
