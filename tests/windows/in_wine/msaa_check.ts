// Runs under wine's deno.exe (tests/windows/msaa_test.ts starts it) against
// notepad and the controls fixture already on the desktop: the MSAA tree
// source's captures, element operations, limits, a closed window, and 1,000
// captures without memory growth.

import assert from "node:assert/strict";
import { type Capture, type CaptureLimits, WindowGoneError } from "../../../adapters/types.ts";
import { enterApartment } from "../../../adapters/windows/com/apartment.ts";
import { wide } from "../../../adapters/windows/ffi/wide_strings.ts";
import { openMsaaSource } from "../../../adapters/windows/msaa/index.ts";
import { AccessibleNode } from "../../../adapters/windows/msaa/accessible_nodes.ts";
import { CHILDID_SELF } from "../../../adapters/windows/msaa/accessible.ts";
import { walkTree } from "../../../adapters/windows/msaa/capture.ts";
import { operateNode } from "../../../adapters/windows/msaa/operations.ts";
import { ROLE_SYSTEM } from "../../../adapters/windows/msaa/roles.ts";
import { STATE_SYSTEM } from "../../../adapters/windows/msaa/states.ts";
import { FakeAccessible } from "./fake_accessible.ts";
import { type Element, walk } from "../../../lib/model/tree.ts";

const NOTEPAD = "Untitled - Notepad";
const CONTROLS = "OSO Controls";
const LIMITS: CaptureLimits = { maxDepth: 30, maxNodes: 5000, timeoutMs: 10_000 };
const WM_CLOSE = 0x0010;
const CB_SHOWDROPDOWN = 0x014f;
const LB_GETITEMRECT = 0x0198;

// What the checks need beyond the product's symbol tables.
const probe = Deno.dlopen("user32.dll", {
  FindWindowW: { parameters: ["buffer", "buffer"], result: "usize" },
  IsWindow: { parameters: ["usize"], result: "i32" },
  FindWindowExW: { parameters: ["usize", "usize", "buffer", "buffer"], result: "usize" },
  SendMessageW: { parameters: ["usize", "u32", "usize", "buffer"], result: "isize" },
  ClientToScreen: { parameters: ["usize", "buffer"], result: "i32" },
  PostMessageW: { parameters: ["usize", "u32", "usize", "isize"], result: "i32" },
}).symbols;

enterApartment();
const source = openMsaaSource();

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = read();
  }
  return value;
}

/** The window titled `title`, waiting for it to appear (the programs start with the check). */
async function topLevel(title: string): Promise<bigint> {
  const hwnd = await until(() => BigInt(probe.FindWindowW(null, wide(title))), (h) => h !== 0n);
  assert.ok(hwnd !== 0n, `no window "${title}"`);
  return hwnd;
}

const notepad = await topLevel(NOTEPAD);
const controls = await topLevel(CONTROLS);

function capture(hwnd: bigint, limits = LIMITS): Capture {
  return source.capture(hwnd, String(hwnd), limits);
}

function findAll(root: Element, test: (e: Element) => boolean): Element[] {
  const found: Element[] = [];
  walk(root, (e) => {
    if (test(e)) found.push(e);
  });
  return found;
}

function the(root: Element, role: string, name?: string): Element {
  const found = findAll(root, (e) => e.role === role && (name === undefined || e.name === name));
  assert.equal(found.length, 1, `${role} "${name}" in ${JSON.stringify(root, null, 1)}`);
  return found[0];
}

/** The list box (the combo box holds a drop-down List too). */
function listBox(root: Element): Element {
  const lists = root.children.filter((e) => e.role === "List");
  assert.equal(lists.length, 1, JSON.stringify(root.children.map((e) => e.role)));
  return lists[0];
}

function inside(inner: Element["bounds"], outer: Element["bounds"]): boolean {
  return inner.width > 0 && inner.height > 0 && inner.x >= outer.x && inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;
}

function operate(hwnd: bigint, element: Element, op: Parameters<typeof source.operate>[3]) {
  return source.operate(hwnd, String(hwnd), element.id, op);
}

Deno.test("notepad: the window, its multi-line Edit and its status bar", () => {
  const { root, cutShort, nodeCount, captureMs } = capture(notepad);
  const roles = findAll(root, () => true).map((e) => e.role);
  console.log(`notepad tree: ${nodeCount} nodes in ${captureMs} ms: ${roles}`);
  assert.equal(cutShort, null);
  assert.equal(root.role, "Window");
  assert.equal(root.name, NOTEPAD);
  assert.equal(root.platform_role, "window");
  const edit = the(root, "Document");
  assert.equal(edit.platform_role, "editable text");
  assert.equal(edit.enabled, true);
  assert.equal(edit.states?.multi_line, true);
  assert.ok(inside(edit.bounds, root.bounds), JSON.stringify([edit.bounds, root.bounds]));
  const status = the(root, "StatusBar");
  assert.ok(inside(status.bounds, root.bounds));
});

Deno.test("controls: every control with its role, name, state and bounds", () => {
  const { root, nodeCount, captureMs } = capture(controls);
  const roles = findAll(root, () => true).map((e) => e.role);
  console.log(`controls tree: ${nodeCount} nodes in ${captureMs} ms: ${roles}`);
  assert.equal(root.name, CONTROLS);
  const button = the(root, "Button", "Press me");
  assert.equal(button.platform_role, "push button");
  assert.deepEqual(button.actions, [{ name: "Press", description: "", key_binding: "" }]);
  const check = the(root, "CheckBox", "Remember me");
  assert.equal(check.selected, false);
  assert.equal(check.states?.checkable, true);
  const edit = the(root, "Edit");
  assert.equal(edit.value, "");
  assert.equal(the(root, "Text", "Ready").states?.editable, false);
  // The fixture's sizes (controls.c) are the elements' sizes.
  const sizes: Array<[Element, number, number]> = [[button, 120, 30], [check, 160, 24], [
    edit,
    240,
    24,
  ]];
  for (const [element, width, height] of sizes) {
    assert.deepEqual([element.bounds.width, element.bounds.height], [width, height], element.name);
    assert.ok(inside(element.bounds, root.bounds), element.name);
  }
  assert.equal(button.bounds.x, edit.bounds.x);
  assert.equal(edit.bounds.y - button.bounds.y, 75);
  const list = listBox(root);
  const items = list.children.filter((e) => e.role === "ListItem");
  assert.deepEqual(items.map((e) => e.name), ["Alpha", "Beta", "Gamma"]);
  for (const item of items) {
    assert.ok(inside(item.bounds, list.bounds), item.name);
    assert.equal(item.selected, false);
  }
  const combo = the(root, "ComboBox");
  assert.equal(combo.expanded, false);
  const options = findAll(combo, (e) => e.role === "ListItem").map((e) => e.name);
  assert.deepEqual(options, ["Small", "Medium", "Large"]);
  assert.equal(root.children.every((e) => e.id.startsWith("root.")), true);
});

Deno.test("set_value on notepad's Edit shows as its value in the next capture", () => {
  const text = "Typed through MSAA";
  const edit = the(capture(notepad).root, "Document");
  const outcome = operate(notepad, edit, { kind: "set_value", value: text });
  assert.deepEqual(outcome, { ok: true, note: "MSAA put_accValue" });
  assert.equal(the(capture(notepad).root, "Document").value, text);
});

Deno.test("default_action checks the check box", async () => {
  const check = the(capture(controls).root, "CheckBox", "Remember me");
  const outcome = operate(controls, check, { kind: "default_action" });
  assert.ok(outcome.ok && outcome.note?.includes("'Check'"), JSON.stringify(outcome));
  const after = await until(
    () => the(capture(controls).root, "CheckBox", "Remember me"),
    (e) => e.selected === true,
  );
  assert.equal(after.states?.checked, true);
  assert.equal(after.actions?.[0].name, "Uncheck");
});

Deno.test("default_action presses the button: the label says Pressed 1", async () => {
  const button = the(capture(controls).root, "Button", "Press me");
  const outcome = operate(controls, button, { kind: "default_action" });
  assert.ok(outcome.ok && outcome.note?.includes("'Press'"), JSON.stringify(outcome));
  const labels = await until(
    () => findAll(capture(controls).root, (e) => e.role === "Text").map((e) => e.name),
    (names) => names.includes("Pressed 1"),
  );
  assert.ok(labels.includes("Pressed 1"), JSON.stringify(labels));
});

Deno.test("select picks Beta in the list and Large in the combo box", () => {
  const root = capture(controls).root;
  const picked = operate(controls, listBox(root), { kind: "select", optionName: "Beta" });
  assert.ok(picked.ok, JSON.stringify(picked));
  const byIndex = operate(controls, the(root, "ComboBox"), { kind: "select", optionIndex: 2 });
  assert.ok(byIndex.ok, JSON.stringify(byIndex));
  const missing = operate(controls, listBox(root), { kind: "select", optionName: "Zeta" });
  assert.equal(!missing.ok && missing.code, "ElementNotFound");
  const after = capture(controls).root;
  const items = findAll(listBox(after), (e) => e.role === "ListItem");
  assert.deepEqual(items.map((e) => [e.name, e.selected]), [
    ["Alpha", false],
    ["Beta", true],
    ["Gamma", false],
  ]);
  assert.equal(the(after, "ComboBox").value, "Large");
});

Deno.test("an open combo box shows its items where its drop-down list shows them", async () => {
  const combo = BigInt(probe.FindWindowExW(controls, 0n, wide("ComboBox"), null));
  probe.SendMessageW(combo, CB_SHOWDROPDOWN, 1n, null);
  try {
    const open = await until(
      () => the(capture(controls).root, "ComboBox"),
      (e) => e.expanded === true,
    );
    const list = open.children[0];
    assert.equal(list.states?.visible, true);
    const items = list.children;
    for (const item of items) assert.ok(inside(item.bounds, list.bounds), JSON.stringify(item));
    // The drop-down's own rectangle for "Medium" (the list is a top-level popup; wine does not
    // answer GetComboBoxInfo across processes).
    const dropDown = BigInt(probe.FindWindowExW(0n, 0n, wide("ComboLBox"), null));
    assert.ok(dropDown !== 0n);
    const rect = new Int32Array(4);
    probe.SendMessageW(dropDown, LB_GETITEMRECT, 1n, rect);
    const corner = new Int32Array([rect[0], rect[1]]);
    probe.ClientToScreen(dropDown, corner);
    assert.deepEqual(items[1].bounds, {
      x: corner[0],
      y: corner[1],
      width: rect[2] - rect[0],
      height: rect[3] - rect[1],
    });
  } finally {
    probe.SendMessageW(combo, CB_SHOWDROPDOWN, 0n, null);
  }
});

Deno.test("focus and set_value on the controls' Edit; unknown ids and scrolling", () => {
  const root = capture(controls).root;
  const edit = the(root, "Edit");
  const focused = operate(controls, edit, { kind: "focus" });
  assert.ok(focused.ok, JSON.stringify(focused));
  assert.deepEqual(operate(controls, edit, { kind: "set_value", value: "typed" }), {
    ok: true,
    note: "MSAA put_accValue",
  });
  assert.equal(the(capture(controls).root, "Edit").value, "typed");
  const label = the(root, "Text");
  const refused = operate(controls, label, { kind: "set_value", value: "no" });
  assert.equal(!refused.ok && refused.unsupported, true, JSON.stringify(refused));
  const scrolled = operate(controls, edit, { kind: "scroll_into_view" });
  assert.equal(!scrolled.ok && scrolled.unsupported, true);
  const gone = source.operate(controls, "c", "root.42", { kind: "focus" });
  assert.equal(!gone.ok && gone.code, "ElementNotFound");
});

Deno.test("objects and simple elements (a fake IAccessible): the tree, operations, references", () => {
  const S = STATE_SYSTEM;
  const fake = new FakeAccessible({
    name: "Settings",
    role: ROLE_SYSTEM.DIALOG,
    location: [10, 20, 300, 200],
    children: [
      { name: "Fast", role: ROLE_SYSTEM.LISTITEM, state: S.SELECTABLE, simple: true },
      { name: "Safe", role: ROLE_SYSTEM.LISTITEM, state: S.SELECTABLE | S.SELECTED, simple: true },
      {
        name: "Apply",
        role: ROLE_SYSTEM.PUSHBUTTON,
        state: S.FOCUSABLE | S.DEFAULT,
        defaultAction: "Press",
        shortcut: "Alt+A",
        location: [20, 180, 80, 24],
      },
      { name: "Level", role: ROLE_SYSTEM.SLIDER, value: "40", state: S.UNAVAILABLE },
      {
        name: "Advanced",
        role: ROLE_SYSTEM.OUTLINEITEM,
        state: S.COLLAPSED,
        children: [{ name: "Name", role: ROLE_SYSTEM.TEXT, value: "x", simple: true }],
      },
    ],
  });
  const context = { focus: 0n, foreground: 0n };
  const node = () => new AccessibleNode(fake.reference(), CHILDID_SELF, context);
  try {
    const root = node();
    const { root: tree, nodeCount, cutShort } = walkTree(root, LIMITS);
    root.dispose();
    assert.deepEqual([nodeCount, cutShort], [7, null]);
    assert.deepEqual(
      tree.children.map((e) => [e.id, e.role, e.name, e.selected ?? null]),
      [
        ["root.0", "ListItem", "Fast", false],
        ["root.1", "ListItem", "Safe", true],
        ["root.2", "Button", "Apply", null],
        ["root.3", "Slider", "Level", null],
        ["root.4", "TreeItem", "Advanced", null],
      ],
    );
    const [, , apply, level, advanced] = tree.children;
    assert.deepEqual(apply.bounds, { x: 20, y: 180, width: 80, height: 24 });
    assert.equal(apply.keyboard_shortcut, "Alt+A");
    assert.deepEqual(apply.actions, [{ name: "Press", description: "", key_binding: "Alt+A" }]);
    assert.equal(apply.states?.default, true);
    assert.deepEqual([level.value, level.value_now, level.enabled], ["40", 40, false]);
    assert.equal(advanced.expanded, false);
    assert.deepEqual(advanced.children.map((e) => [e.role, e.value]), [["Edit", "x"]]);

    const parent = node();
    const children = parent.children(3);
    const pressed = operateNode(children[2], { kind: "default_action" });
    for (const n of [parent, ...children]) n.dispose();
    assert.deepEqual(pressed, { ok: true, note: "MSAA default action 'Press'" });
    const selecting = node();
    const picked = operateNode(selecting, { kind: "select", optionName: "Fast" });
    selecting.dispose();
    assert.ok(picked.ok, JSON.stringify(picked));
    assert.deepEqual(fake.calls, ["accSelect 3 #1"]);
    const focusing = node();
    assert.ok(operateNode(focusing, { kind: "focus" }).ok);
    const setting = node();
    assert.ok(operateNode(setting, { kind: "set_value", value: "v2" }).ok);
    for (const n of [focusing, setting]) n.dispose();
    assert.equal(fake.spec.value, "v2");
    assert.deepEqual(fake.all()[1].calls, ["accDoDefaultAction #0"]);
  } finally {
    // Every reference the walk and the operations took was given back.
    assert.deepEqual(
      fake.all().map((o) => [o.spec.name, o.references]),
      fake.all().map((o) => [
        o.spec.name,
        1,
      ]),
    );
    fake.close();
  }
});

Deno.test("limits: the node limit and the depth limit cut the walk and say so", () => {
  const byNodes = capture(controls, { ...LIMITS, maxNodes: 3 });
  assert.equal(byNodes.cutShort, "nodes");
  assert.equal(byNodes.nodeCount, 3);
  assert.equal(findAll(byNodes.root, () => true).length, 3);
  const byDepth = capture(controls, { ...LIMITS, maxDepth: 1 });
  assert.equal(byDepth.cutShort, "depth");
  const list = listBox(byDepth.root);
  assert.deepEqual([list.truncated, list.child_count, list.children.length], [true, 3, 0]);
  assert.equal(the(byDepth.root, "ComboBox").child_count, 1);
  assert.equal(the(byDepth.root, "Button").truncated, undefined);
  const byTime = capture(controls, { ...LIMITS, timeoutMs: 0 });
  assert.equal(byTime.cutShort, "time");
});

Deno.test("1,000 captures of notepad: no memory growth", () => {
  // 16 K characters of text: a value (BSTR) left unfreed would add 32 MB.
  const text = "0123456789abcdef".repeat(1024);
  const edit = the(capture(notepad).root, "Document");
  assert.ok(operate(notepad, edit, { kind: "set_value", value: text }).ok);
  assert.equal(the(capture(notepad).root, "Document").value?.length, text.length);
  // Native memory: rss less V8's heap, which grows to its working size meanwhile.
  const native = () => {
    const { rss, heapTotal } = Deno.memoryUsage();
    return { rss, native: rss - heapTotal };
  };
  for (let i = 0; i < 100; i++) capture(notepad);
  const before = native();
  const started = performance.now();
  for (let i = 0; i < 1000; i++) capture(notepad);
  const msPerCapture = (performance.now() - started) / 1000;
  const after = native();
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  const growthMb = (after.native - before.native) / 1048576;
  console.log(
    `memory: after warm-up rss ${mb(before.rss)} MB (native ${mb(before.native)} MB), after ` +
      `1000 captures rss ${mb(after.rss)} MB (native ${mb(after.native)} MB): native grew ` +
      `${growthMb.toFixed(2)} MB; ${msPerCapture.toFixed(2)} ms per capture (16 K characters)`,
  );
  assert.ok(growthMb < 8, `native memory grew ${growthMb.toFixed(1)} MB`);
});

Deno.test("a closed window is WindowGone for captures and operations", async () => {
  probe.PostMessageW(controls, WM_CLOSE, 0n, 0n);
  assert.equal(await until(() => probe.IsWindow(controls), (alive) => alive === 0), 0);
  assert.throws(() => capture(controls), WindowGoneError);
  assert.throws(() => source.operate(controls, "c", "root.0", { kind: "focus" }), WindowGoneError);
  source.close();
});
