// The Linux adapter's pure mappings: AT-SPI roles, GTK key bindings, key names
// to keysyms, and toolkit coordinates to screen bounds. No desktop needed.

import { strict as assert } from "node:assert";
import { isToggleRole, serviceRole } from "../../adapters/linux/atspi/roles.ts";
import { camelCase } from "../../lib/model/role_names.ts";
import { formatAccelerator, keyboardShortcut } from "../../adapters/linux/x11/key_bindings.ts";
import {
  characterKeysym,
  controlKeysymName,
  keysymName,
} from "../../adapters/linux/x11/keysyms.ts";
import {
  HIDDEN_COORDINATE,
  INT32_MAX,
  relativeOrigin,
  toScreen,
  WHOLE_TEXT,
} from "../../adapters/linux/atspi/frame_quirks.ts";
import { NAMED_KEYS } from "../../lib/formats/keys/keys.ts";

Deno.test("AT-SPI roles map to the service's role names", () => {
  const cases: Array<[string, boolean, boolean, string]> = [
    ["frame", false, false, "Window"],
    ["dialog", false, false, "Dialog"],
    ["push button", false, false, "Button"],
    ["toggle button", false, false, "Button"],
    ["check box", false, false, "CheckBox"],
    ["radio button", false, false, "RadioButton"],
    ["text", true, false, "Edit"],
    ["text", true, true, "Document"],
    ["text", false, false, "Text"],
    ["label", false, false, "Text"],
    ["menu bar", false, false, "MenuBar"],
    ["check menu item", false, false, "MenuItem"],
    ["combo box", false, false, "ComboBox"],
    ["list item", false, false, "ListItem"],
    ["tree table", false, false, "Tree"],
    ["table cell", false, false, "Cell"],
    ["page tab list", false, false, "TabControl"],
    ["page tab", false, false, "TabItem"],
    ["scroll bar", false, false, "ScrollBar"],
    ["spin button", false, false, "Spinner"],
    ["level bar", false, false, "ProgressBar"],
    ["tool bar", false, false, "ToolBar"],
    ["status bar", false, false, "StatusBar"],
    ["filler", false, false, "Pane"],
    ["section", false, false, "Group"],
    ["icon", false, false, "Image"],
    ["link", false, false, "Link"],
    ["separator", false, false, "Separator"],
    ["animation", false, false, "Animation"],
    ["table column header", false, false, "HeaderItem"],
  ];
  for (const [atspi, editable, multiLine, expected] of cases) {
    assert.equal(serviceRole(atspi, editable, multiLine), expected, atspi);
  }
  assert.equal(camelCase("desktop icon"), "DesktopIcon");
  assert.equal(camelCase(""), "Unknown");
  assert.ok(isToggleRole("check box") && isToggleRole("toggle button"));
  assert.ok(!isToggleRole("push button"));
});

Deno.test("GTK key bindings become one Windows-style shortcut", () => {
  assert.equal(keyboardShortcut(";;<Primary>s"), "Ctrl+S");
  assert.equal(keyboardShortcut("<Alt>f;;"), "Alt+F");
  assert.equal(keyboardShortcut("<Alt>n;;<Control><Shift>n"), "Ctrl+Shift+N");
  assert.equal(keyboardShortcut(";;<Primary>Page_Down"), "Ctrl+Page_Down");
  assert.equal(keyboardShortcut(""), null);
  assert.equal(keyboardShortcut(";;"), null);
  assert.equal(formatAccelerator("F5"), "F5");
});

Deno.test("every canonical key name has a keysym; characters map by code point", () => {
  for (const key of [...NAMED_KEYS, "ctrl", "shift", "alt", "super"]) {
    assert.ok(keysymName(key), `keysym for ${key}`);
  }
  assert.equal(keysymName("pageup"), "Prior");
  assert.equal(keysymName("f24"), "F24");
  assert.equal(keysymName("a"), null);
  assert.equal(controlKeysymName("\n"), "Return");
  assert.equal(characterKeysym("a"), 0x61n);
  assert.equal(characterKeysym("ü"), 0xfcn);
  assert.equal(characterKeysym("✓"), 0x1002713n);
  assert.equal(characterKeysym("日"), 0x10065e5n);
  assert.equal(characterKeysym("😀"), 0x101f600n);
});

Deno.test("toolkit coordinates become screen bounds; hidden widgets have none", () => {
  const gtk3 = { reportsShowing: true, offset: null, textEnd: WHOLE_TEXT };
  const gtk4 = { reportsShowing: false, offset: { x: 5, y: 309 }, textEnd: INT32_MAX };
  const raw = { x: 10, y: 20, width: 30, height: 40 };
  assert.deepEqual(toScreen(gtk3, raw), raw);
  assert.deepEqual(toScreen(gtk4, raw), { x: 15, y: 329, width: 30, height: 40 });
  const hidden = { x: HIDDEN_COORDINATE, y: HIDDEN_COORDINATE, width: 1, height: 1 };
  assert.equal(toScreen(gtk3, hidden), null);
  assert.equal(toScreen(gtk4, null), null);
  // A 365×496 X window around a 355×486 GTK4 frame: 5 px of border on each side.
  assert.deepEqual(
    relativeOrigin({ x: 0, y: 304, width: 365, height: 496 }, {
      x: 0,
      y: 0,
      width: 355,
      height: 486,
    }),
    { x: 5, y: 309 },
  );
});
