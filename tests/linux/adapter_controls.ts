// Steps that drive real GTK apps through the Linux adapter itself (no HTTP layer):
// windows, structure, element operations, XTest input, screenshots, a zenity dialog
// completed like an agent would, a killed app, and a lost accessibility bus.
// adapter_test.ts runs them: one in-process adapter per process (Xlib is process-wide).

import { strict as assert } from "node:assert";
import {
  type Adapter,
  asCapture,
  type CaptureLimits,
  type ScreenshotTarget,
  WindowGoneError,
} from "../../adapters/types.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import { jpegSize } from "../../lib/formats/image/pixel_size.ts";
import { center, type Element, findById } from "../../lib/model/tree.ts";
import type { App, Desktop } from "./desktop.ts";
import { eventually, findAll, inside } from "./linux_service.ts";

const LIMITS: CaptureLimits = { maxDepth: 30, maxNodes: 20000, timeoutMs: 10000 };

/** The window's tree once its app has registered an accessible frame with children. */
async function treeOf(adapter: Adapter, handle: string): Promise<Element> {
  const capture = await eventually(
    // While a lost bus is coming back captures fail for a moment: keep asking.
    () => adapter.captureTree(handle, LIMITS).then(asCapture).catch(() => null),
    (c) => (c?.root.children.length ?? 0) > 0,
    15_000,
  );
  assert.ok(capture, `no tree for window ${handle}`);
  return capture.root;
}

/** Distinct colours among sampled pixels: a blank or failed grab has one or two. */
function sampledColours(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const colours = new Set<number>();
  for (let i = 0; i + 4 <= data.length; i += 4 * 97) colours.add(view.getUint32(i));
  return colours.size;
}

/** The X server's own idea of the active window, read with xprop (not through the adapter). */
async function activeWindowByXprop(desktop: Desktop): Promise<string> {
  const out = await desktop.run("xprop", ["-root", "_NET_ACTIVE_WINDOW"]);
  const hex = /window id # (0x[0-9a-f]+)/.exec(out)?.[1];
  return hex ? BigInt(hex).toString() : "";
}

export async function controlSteps(
  t: Deno.TestContext,
  adapter: Adapter,
  desktop: Desktop,
  factory: App,
): Promise<void> {
  const handle = factory.window.toString();
  const tree = () => treeOf(adapter, handle);
  const nodeById = async (id: string) => findById(await tree(), id);

  await t.step("window list: titles, pids, processes, uids and focus", async () => {
    const windows = await adapter.listWindows();
    const listed = windows.find((w) => w.handle === handle);
    assert.ok(listed, "widget-factory is listed");
    assert.equal(listed.title, "gtk3-widget-factory");
    assert.equal(listed.pid, factory.pid);
    assert.equal(listed.process, "gtk3-widget-factory");
    assert.equal(listed.window_uid, `x11:${factory.window.toString(16)}`);
    assert.ok(listed.bounds.width > 0 && listed.bounds.height > 0);
    const focused = windows.filter((w) => w.focused);
    assert.equal(focused.length, 1);
    assert.equal(focused[0].handle, await activeWindowByXprop(desktop));
    // Later steps click into the factory: it must be on top.
    assert.equal((await adapter.activate(handle))[0], true);
  });

  await t.step("widget-factory structure: known controls inside the window", async () => {
    const root = await tree();
    const window = (await adapter.listWindows()).find((w) => w.handle === handle)!;
    assert.equal(root.id, "root");
    assert.equal(root.role, "Window");
    const checks = findAll(root, (e) => e.role === "CheckBox" && e.name === "checkbutton");
    assert.ok(checks.length >= 6, `check boxes: ${checks.length}`);
    assert.ok(checks.every((e) => typeof e.selected === "boolean"));
    assert.ok(findAll(root, (e) => e.role === "RadioButton").length >= 6);
    assert.ok(findAll(root, (e) => e.role === "Edit" && e.value === "entry").length >= 1);
    assert.ok(findAll(root, (e) => e.role === "TabItem" && e.name === "page 1").length >= 1);
    const sliders = findAll(root, (e) => e.role === "Slider");
    assert.ok(sliders.some((s) => typeof s.value_now === "number" && s.value_max! > s.value_min!));
    const shown = findAll(root, (e) => e.bounds.width > 0 && e.bounds.height > 0);
    assert.ok(shown.length > 100, `elements on screen: ${shown.length}`);
    for (const e of shown) assert.ok(inside(e.bounds, window.bounds), e.id);
  });

  const enabledCheckBox = async () =>
    findAll(await tree(), (e) => e.role === "CheckBox" && e.enabled && e.bounds.width > 0)[0];
  const selectedOf = async (id: string) => (await nodeById(id))?.selected;

  await t.step("a check box toggles by its default action, then by a click", async () => {
    const box = await enabledCheckBox();
    const ref = { handle, elementId: box.id };
    const invoked = await adapter.elementOperation(ref, { kind: "default_action" });
    assert.equal(invoked.ok, true, JSON.stringify(invoked));
    assert.equal(
      await eventually(() => selectedOf(box.id), (s) => s !== box.selected),
      !box.selected,
    );
    const { x, y } = center(box.bounds);
    const click = { kind: "click", x, y, button: "left", count: 1 } as const;
    assert.equal((await adapter.input(click, handle)).ok, true);
    assert.equal(
      await eventually(() => selectedOf(box.id), (s) => s === box.selected),
      box.selected,
    );
  });

  await t.step("an element without an Action answers unsupported", async () => {
    const pane = findAll(await tree(), (e) => e.role === "Pane")[0];
    const outcome = await adapter.elementOperation(
      { handle, elementId: pane.id },
      { kind: "default_action" },
    );
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.unsupported, true, JSON.stringify(outcome));
  });

  const valueOf = async (id: string) => (await nodeById(id))?.value;
  // Positional ids stay valid while the window's structure does.
  let entryId = "";

  await t.step("typing ASCII and non-ASCII text, then key chords", async () => {
    entryId = findAll(
      await tree(),
      (e) => e.role === "Edit" && e.value === "entry" && e.enabled && e.bounds.width > 0,
    )[0].id;
    const id = entryId;
    const focus = await adapter.elementOperation({ handle, elementId: id }, { kind: "focus" });
    assert.equal(focus.ok, true, JSON.stringify(focus));
    await adapter.input({ kind: "keys", combo: ["ctrl", "a"] }, handle);
    const text = "Grüße ✓ 日本";
    assert.equal((await adapter.input({ kind: "text", text }, handle)).ok, true);
    assert.equal(await eventually(() => valueOf(id), (v) => v === text), text);
    // Delete after ctrl+a does not clear this Xvfb GTK entry even from xdotool; BackSpace does.
    await adapter.input({ kind: "keys", combo: ["ctrl", "a"] }, handle);
    await adapter.input({ kind: "keys", combo: ["backspace"] }, handle);
    assert.equal(await eventually(() => valueOf(id), (v) => v === ""), "");
  });

  await t.step("set_value writes the text through EditableText", async () => {
    const id = entryId;
    const value = "set by AT-SPI ✓";
    const outcome = await adapter.elementOperation({ handle, elementId: id }, {
      kind: "set_value",
      value,
    });
    assert.equal(outcome.ok, true, JSON.stringify(outcome));
    assert.equal(await eventually(() => valueOf(id), (v) => v === value), value);
  });

  await t.step("screenshots of the screen, a monitor and a window have real pixels", async () => {
    const [monitor] = await adapter.monitors();
    const screen = await adapter.screenshot({ kind: "screen" });
    assert.ok(screen);
    assert.equal(screen.width, monitor.bounds.width);
    assert.equal(screen.height, monitor.bounds.height);
    assert.equal(screen.data.length, screen.width * screen.height * 4);
    assert.ok(sampledColours(screen.data) > 20, "not a single colour");
    const first = await adapter.screenshot({ kind: "monitor", index: 0 });
    assert.deepEqual([first?.width, first?.height], [screen.width, screen.height]);
    const window = (await adapter.listWindows()).find((w) => w.handle === handle)!;
    const shot = await adapter.screenshot({ kind: "window", handle });
    const right = Math.min(window.bounds.x + window.bounds.width, screen.width);
    const bottom = Math.min(window.bounds.y + window.bounds.height, screen.height);
    assert.equal(shot?.width, right - Math.max(window.bounds.x, 0));
    assert.equal(shot?.height, bottom - Math.max(window.bounds.y, 0));
  });

  await t.step(
    "a screenshot encoded where it is grabbed has the grab's pixels and size",
    async () => {
      assert.ok(adapter.encodedScreenshot, "the Linux adapter encodes where it grabs");
      const targets: ScreenshotTarget[] = [{ kind: "screen" }, { kind: "window", handle }];
      for (const target of targets) {
        // PNG is lossless: the same pixels as a grab just before or just after (a caret blinks).
        const compared = await eventually(async () => {
          const before = await adapter.screenshot(target);
          const png = await adapter.encodedScreenshot!(target, { format: "png" });
          const after = await adapter.screenshot(target);
          const decoded = await decodePng(png!.data);
          const same = [before, after].some((raw) =>
            raw !== null && equalBytes(raw.data, decoded.data)
          );
          return { png: png!, decoded, grabbed: before!, same };
        }, (c) => c.same);
        assert.ok(compared.same, `${target.kind}: the encoded picture shows what a grab shows`);
        const size = [compared.grabbed.width, compared.grabbed.height];
        assert.deepEqual([compared.png.width, compared.png.height], size);
        assert.deepEqual([compared.decoded.width, compared.decoded.height], size);
        const jpeg = await adapter.encodedScreenshot!(target, { format: "jpeg", quality: 80 });
        const jpegPixels = jpegSize(jpeg!.data);
        assert.deepEqual([jpeg!.width, jpeg!.height, jpegPixels?.width, jpegPixels?.height], [
          ...size,
          ...size,
        ]);
      }
    },
  );

  await t.step("an agent completes a zenity entry dialog", async () => {
    const dialog = await desktop.launch("zenity", ["--entry", "--title=Rename", "--text=Name:"]);
    const listed = await eventually(
      () => adapter.listWindows(),
      (ws) => ws.some((w) => w.title === "Rename"),
    );
    const target = listed.find((w) => w.title === "Rename")!;
    assert.equal(target.pid, dialog.pid);
    const root = await treeOf(adapter, target.handle);
    assert.equal(root.role, "Dialog");
    const field = findAll(root, (e) => e.role === "Edit")[0];
    const okButton = findAll(root, (e) => e.role === "Button" && e.name === "OK")[0];
    assert.ok(field && okButton, "the entry and the OK button");
    const { x, y } = center(field.bounds);
    await adapter.input({ kind: "click", x, y, button: "left", count: 1 }, target.handle);
    await adapter.input({ kind: "text", text: "report ✓.txt" }, target.handle);
    const ok = center(okButton.bounds);
    await adapter.input({ kind: "click", ...ok, button: "left", count: 1 }, target.handle);
    assert.equal(await dialog.exited, 0);
    assert.equal(dialog.stdout(), "report ✓.txt\n");
  });

  await t.step("a killed app is WindowGone; other windows keep being served", async () => {
    const victim = await desktop.launch("zenity", ["--info", "--text=soon gone"]);
    const victimHandle = victim.window.toString();
    await treeOf(adapter, victimHandle);
    await victim.kill();
    await assert.rejects(adapter.captureTree(victimHandle, LIMITS), WindowGoneError);
    const windows = await eventually(
      () => adapter.listWindows(),
      (ws) => !ws.some((w) => w.handle === victimHandle),
    );
    assert.ok(windows.some((w) => w.handle === handle));
    assert.ok(findAll(await tree(), (e) => e.role === "CheckBox").length >= 6);
  });
}

/** Last: apps that registered on the lost bus stay unreachable afterwards. */
export async function busLossSteps(
  t: Deno.TestContext,
  adapter: Adapter,
  desktop: Desktop,
  factory: App,
): Promise<void> {
  const handle = factory.window.toString();

  await t.step("a lost accessibility bus is a clear error; X11 keeps serving", async () => {
    await desktop.stopAccessibilityBus();
    const failure = await eventually(
      () => adapter.captureTree(handle, LIMITS).then(() => null, (e: Error) => e),
      (e) => e !== null,
    );
    assert.match(String(failure?.message), /accessibility bus/);
    assert.ok((await adapter.listWindows()).some((w) => w.handle === handle));
    assert.ok(await adapter.screenshot({ kind: "screen" }));
  });

  await t.step("trees come back once the bus is restarted", async () => {
    await desktop.startAccessibilityBus();
    const fresh = await desktop.launch("zenity", ["--info", "--text=back again"]);
    const root = await treeOf(adapter, fresh.window.toString());
    assert.ok(findAll(root, (e) => e.name === "back again").length > 0);
    await fresh.kill();
  });
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
