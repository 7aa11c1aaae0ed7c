import { strict as assert } from "node:assert";
import { windowNamed as win } from "../../../tests/helpers/windows.ts";
import {
  BOTH_GIVEN_WARNING,
  focusedWindow,
  resolveWindow,
  sameWindows,
  sortWindows,
  windowWithKeys,
} from "./window_order.ts";
import type { WindowInfo } from "../../model/tree.ts";

Deno.test("sort: focused first, then title case-insensitively; index is the position", () => {
  const sorted = sortWindows([win("beta"), win("Alpha"), win("zeta", true), win("alpha 2")]);
  assert.deepEqual(sorted.map((w) => w.title), ["zeta", "Alpha", "alpha 2", "beta"]);
  assert.deepEqual(sorted.map((w) => w.index), [0, 1, 2, 3]);
});

const windows = sortWindows([win("Notepad", true), win("Chrome"), win("Code")]);

const SAME_CASES: Array<[string, WindowInfo[], WindowInfo[], boolean]> = [
  ["both empty", [], [], true],
  ["equal copies", [win("A"), win("B", true)], [win("A"), win("B", true)], true],
  ["another length", [win("A")], [win("A"), win("B")], false],
  ["another order", [win("A"), win("B")], [win("B"), win("A")], false],
  ["a title", [win("A")], [win("a")], false],
  ["focus", [win("A", true)], [win("A")], false],
  ["bounds moved", [win("A")], [{ ...win("A"), bounds: { ...win("A").bounds, x: 1 } }], false],
  ["a field more", [win("A")], [{ ...win("A"), keyboard_focus: false }], false],
  ["a field other", [{ ...win("A"), monitor_index: 0 }], [{ ...win("A"), scale_factor: 1 }], false],
];

for (const [name, a, b, same] of SAME_CASES) {
  Deno.test(`sameWindows: ${name}`, () => {
    assert.equal(sameWindows(a, b), same);
    assert.equal(sameWindows(b, a), same);
  });
}

const CASES: Array<[string, Parameters<typeof resolveWindow>[1], string | null, string]> = [
  ["nothing requested", {}, null, "none"],
  ["uid", { window_uid: "uid:Code" }, "Code", "uid"],
  ["stale uid", { window_uid: "uid:gone" }, null, "uid"],
  ["index", { window_index: 1 }, "Chrome", "index"],
  ["index out of range", { window_index: 3 }, null, "index"],
  ["negative index", { window_index: -1 }, null, "index"],
  ["title substring, any case", { window_title: "CHRO" }, "Chrome", "title"],
  ["title not found", { window_title: "zzz" }, null, "title"],
  ["uid beats index", { window_uid: "uid:Code", window_index: 0 }, "Code", "uid"],
  ["index beats title", { window_index: 0, window_title: "Code" }, "Notepad", "index"],
];

for (const [name, args, title, requested] of CASES) {
  Deno.test(`resolveWindow: ${name}`, () => {
    const r = resolveWindow(windows, args);
    assert.equal(r.window?.title ?? null, title);
    assert.equal(r.requested, requested);
  });
}

Deno.test("uid and index together carry the warning", () => {
  const r = resolveWindow(windows, { window_uid: "uid:Code", window_index: 0 });
  assert.equal(r.warning, BOTH_GIVEN_WARNING);
  assert.equal(resolveWindow(windows, { window_uid: "uid:Code" }).warning, undefined);
});

Deno.test("focused window: the focused one, else the first, else none", () => {
  assert.equal(focusedWindow(windows)?.title, "Notepad");
  assert.equal(focusedWindow(sortWindows([win("b"), win("a")]))?.title, "a");
  assert.equal(focusedWindow([]), null);
});

/** A window as the X11 adapter lists it: the manager's active mark and, apart, the input focus. */
function held(title: string, focused: boolean, keyboard_focus?: boolean): WindowInfo {
  return { ...win(title, focused), ...(keyboard_focus === undefined ? {} : { keyboard_focus }) };
}

// The X input focus leads the manager's active window while a dialog maps.
const KEY_CASES: Array<[string, WindowInfo[], string | null]> = [
  [
    "the dialog holds the input focus, the manager still marks the editor",
    [held("Editor", true, false), held("Interruption", false, true)],
    "Interruption",
  ],
  ["both agree", [held("Editor", true, true), held("Dialog", false, false)], "Editor"],
  [
    "no input focus known (Windows, the mock)",
    [held("Editor", false), held("Dialog", true)],
    "Dialog",
  ],
  ["no window has it", [held("Editor", false, false), held("Dialog", false, false)], null],
];

for (const [name, listed, expected] of KEY_CASES) {
  Deno.test(`windowWithKeys: ${name}`, () => {
    assert.equal(windowWithKeys(listed)?.title ?? null, expected);
  });
}
