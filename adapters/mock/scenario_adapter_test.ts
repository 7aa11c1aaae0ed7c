// The mock adapter with a scenario loaded, and loading into a session:
// windows, trees and screenshots come from the scenario (secrets masked, the
// screenshot drawn from the masked tree); loading resets, refuses a live
// adapter, clears the cache and keeps the previous scenario on errors.

import { strict as assert } from "node:assert";
import { MockAdapter } from "./index.ts";
import { renderScreen, renderWindow } from "./screenshot.ts";
import { MOCK_SCREEN } from "./desktop.ts";
import type { Adapter, CaptureLimits, InputAction } from "../types.ts";
import type { RawImage } from "../../lib/model/image.ts";
import { defaultConfig } from "../../lib/formats/config/config.ts";
import { ToolError } from "../../lib/model/errors.ts";
import { loadScenario, loadScenarioAtStartup } from "../../lib/services/scenario/activate.ts";
import { readScenario } from "../../lib/formats/scenario/load.ts";
import { Session } from "../../lib/runtime/session.ts";
import { center, type Element, findById } from "../../lib/model/tree.ts";

const LIBRARY = new URL("../../scenarios/", import.meta.url).pathname;
const LIMITS: CaptureLimits = { maxDepth: 8, maxNodes: 10_000, timeoutMs: 1000 };

async function treeOf(adapter: MockAdapter, handle: string | null): Promise<Element> {
  const capture = await adapter.captureTree(handle, LIMITS);
  assert.ok(capture);
  return capture.root;
}

async function clickOn(adapter: MockAdapter, handle: string, elementId: string) {
  const element = findById(await treeOf(adapter, handle), elementId)!;
  return adapter.input(
    { kind: "click", ...center(element.bounds), button: "left", count: 1, elementId },
    handle,
  );
}

function sameImage(a: RawImage | null, b: RawImage): boolean {
  return a !== null && a.width === b.width && a.data.every((v, i) => v === b.data[i]);
}

Deno.test("the adapter shows the scenario instead of the desktop", async () => {
  const adapter = new MockAdapter();
  const desktop = await adapter.listWindows();
  assert.equal(desktop[0].title, "Untitled — Notepad");
  adapter.loadScenario(await readScenario(`${LIBRARY}login.yaml`, Deno.readFile));
  assert.deepEqual(await adapter.listWindows(), [{
    handle: "1000",
    title: "Acme Login",
    process: "acme.exe",
    pid: 1234,
    bounds: { x: 100, y: 100, width: 800, height: 600 },
    focused: true,
    window_uid: "mock:app",
  }]);
  const shallow = await adapter.captureTree("1000", { ...LIMITS, maxDepth: 0 });
  assert.deepEqual([shallow?.root.children, shallow?.cutShort], [[], "depth"]);
  assert.equal(adapter.scenario?.state, "start");
});

Deno.test("inputs report scenario_reaction when a reaction fired, the mock note otherwise", async () => {
  const adapter = new MockAdapter();
  adapter.loadScenario(await readScenario(`${LIBRARY}login.yaml`, Deno.readFile));
  const typed: InputAction = { kind: "text", text: "alice" };
  assert.deepEqual(await adapter.input(typed, "1000"), {
    ok: true,
    note: "Mock adapter — no real OS action performed",
  });
  await clickOn(adapter, "1000", "root.0");
  assert.deepEqual(await adapter.input(typed, "1000"), {
    ok: true,
    details: { scenario_reaction: true },
  });
});

Deno.test("screenshots are drawn from the masked scenario trees", async () => {
  const adapter = new MockAdapter();
  adapter.loadScenario(await readScenario(`${LIBRARY}delete_account.yaml`, Deno.readFile));
  await clickOn(adapter, "1000", "root.0.1");
  await clickOn(adapter, "1000", "root.2");
  const dialog = (await adapter.listWindows())[0];
  assert.equal(dialog.title, "Delete account");
  await clickOn(adapter, "1000", "root.2");
  await adapter.input({ kind: "text", text: "hunter2" }, "1000");

  const masked = await treeOf(adapter, "1000");
  assert.equal(findById(masked, "root.2")!.value, "<filled>");
  const revealed = structuredClone(masked);
  findById(revealed, "root.2")!.value = "hunter2";
  const shot = await adapter.screenshot({ kind: "window", handle: "1000" });
  assert.ok(sameImage(shot, renderWindow(masked, dialog.bounds)), "drawn from the masked tree");
  assert.ok(!sameImage(shot, renderWindow(revealed, dialog.bounds)), "the secret is not drawn");

  const behind = (await adapter.listWindows())[1];
  const screen = await adapter.screenshot({ kind: "screen" });
  const painted = renderScreen([
    { bounds: behind.bounds, root: await treeOf(adapter, "1001") },
    { bounds: dialog.bounds, root: masked },
  ], MOCK_SCREEN);
  assert.ok(sameImage(screen, painted), "the screen paints the scenario, dialog on top");
  assert.deepEqual(await adapter.windowsAbove("1001"), [dialog.bounds]);
  assert.equal(await adapter.screenshot({ kind: "window", handle: "9999" }), null);
});

class LiveAdapterDouble implements Adapter {
  readonly name = "LinuxAdapter" as const;
  readonly isMock = false;
  readonly mirrorsTrees = false;
  treeSource = () => ({ name: "atspi", note: null });
  listWindows = () => Promise.resolve([]);
  captureTree = () => Promise.resolve(null);
  captureDesktop = () => Promise.resolve(null);
  screenshot = () => Promise.resolve(null);
  input = () => Promise.resolve({ ok: true as const });
  elementOperation = () => Promise.resolve({ ok: true as const });
  readPath = () => Promise.resolve(null);
  monitors = () => Promise.resolve([]);
  pointer = () => Promise.resolve(null);
  cursorImage = () => Promise.resolve(null);
  windowsAbove = () => Promise.resolve([]);
  activate = () => Promise.resolve([false, "none"] as [boolean, string]);
  close = () => Promise.resolve();
}

function sessionWith(adapter: Adapter, scenarioDirs: string[] = []): Session {
  const config = defaultConfig();
  config.scenarios.dirs = scenarioDirs;
  return new Session(adapter, config, { configPath: "", configError: null });
}

async function rejection(p: Promise<unknown>): Promise<ToolError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ToolError, String(e));
    return e;
  }
  assert.fail("resolved");
}

Deno.test("loading: clears the cache, resets, keeps the previous scenario on errors", async () => {
  const adapter = new MockAdapter();
  const dir = await Deno.makeTempDir();
  const session = sessionWith(adapter, [dir]);
  const entry = { tree: await treeOf(adapter, null), hash: "h", capturedAt: Date.now() };
  session.cache.recordCapture("mock:app", {
    ...entry,
    captureMs: 0,
    nodeCount: 1,
    namedNodeCount: 0,
    depth: 64,
    depthCut: false,
    cutShort: null,
  });
  const first = await loadScenario(session, `${LIBRARY}login.yaml`);
  assert.equal(session.cache.peek("mock:app"), null, "the cache was cleared");
  await clickOn(adapter, "1000", "root.2");
  assert.equal(first.state, "error");

  try {
    await Deno.writeTextFile(`${dir}/bad.yaml`, "initial_state: nowhere\nstates: {a: {}}\n");
    const e = await rejection(loadScenario(session, `${dir}/bad.yaml`));
    assert.equal(e.code, "ScenarioInvalid");
    assert.deepEqual(e.context, {
      path: `${dir}/bad.yaml`,
      line: 1,
      column: 16,
      key: "initial_state",
      problems: undefined,
    });
    assert.equal(adapter.scenario, first, "the previous scenario stays active");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }

  const again = await loadScenario(session, `${LIBRARY}login.yaml`);
  assert.notEqual(again, first);
  assert.equal(again.state, "start", "a reload starts afresh");
});

Deno.test("loading refuses a live adapter; at start-up the flag is only ignored", async () => {
  const session = sessionWith(new LiveAdapterDouble());
  const e = await rejection(loadScenario(session, `${LIBRARY}login.yaml`));
  assert.deepEqual([e.code, e.message], [
    "ScenarioInvalid",
    "scenarios require --mock; live adapter is in use",
  ]);
  await loadScenarioAtStartup(session, `${LIBRARY}login.yaml`);

  const mock = new MockAdapter();
  await loadScenarioAtStartup(sessionWith(mock), `${LIBRARY}settings.yaml`);
  assert.equal(mock.scenario?.scenario.name, "preferences-form");
  await assert.rejects(
    loadScenarioAtStartup(sessionWith(new MockAdapter()), `${LIBRARY}absent.yaml`),
    /absent\.yaml: cannot read scenario file/,
  );
});
