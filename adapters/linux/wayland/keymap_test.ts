import { strict as assert } from "node:assert";
import { BASE_KEYSYMS, CAPACITY, characterKeysymText, Keymap } from "./keymap.ts";

Deno.test("Keymap: the base keys first, characters added once, evdev codes from 1", () => {
  const keymap = new Keymap();
  assert.equal(keymap.key("Shift_L"), 1, "xkb keycode 9 is evdev key 1");
  assert.equal(keymap.key("Return"), BASE_KEYSYMS.indexOf("Return") + 1);
  assert.ok(keymap.key("0x61") !== null, "printable ASCII is there from the start");
  assert.equal(keymap.key("0xe9"), null);
  assert.deepEqual(keymap.add(["0xe9", "0xe9", "0x10020ac"]), { changed: true, fits: true });
  assert.equal(keymap.key("0xe9"), BASE_KEYSYMS.length + 1);
  assert.deepEqual(keymap.add(["0xe9", "0x61"]), { changed: false, fits: true });
});

Deno.test("Keymap: more characters than keycodes do not fit", () => {
  const keymap = new Keymap();
  const many = Array.from({ length: CAPACITY }, (_, i) => `0x${(0x1000400 + i).toString(16)}`);
  assert.deepEqual(keymap.add(many), { changed: false, fits: false });
  assert.equal(keymap.size, BASE_KEYSYMS.length, "nothing added");
});

Deno.test("Keymap: modifier keys set their real modifier's mask bit", () => {
  const keymap = new Keymap();
  const mask = (keysym: string) => keymap.modifierMask(keymap.key(keysym)!);
  assert.deepEqual(
    [mask("Shift_L"), mask("Control_L"), mask("Alt_L"), mask("Super_L"), mask("Return")],
    [1, 4, 8, 64, 0],
  );
});

Deno.test("Keymap.text: keycodes, one keysym per key, modifier maps", () => {
  const keymap = new Keymap(["Control_L", "Return"]);
  keymap.add([characterKeysymText("€")]);
  const text = keymap.text();
  assert.match(text, /minimum = 9; maximum = 11;/);
  assert.match(text, /key <K9> \{ \[ Control_L \] \};/);
  assert.match(text, /key <K11> \{ \[ 0x10020ac \] \};/);
  assert.match(text, /modifier_map Control \{ <K9> \};/);
  assert.match(text, /xkb_types "oso" \{ include "complete" \};/);
});

const CHARACTERS: Array<[string, string]> = [
  ["a", "0x61"],
  ["A", "0x41"],
  [" ", "0x20"],
  ["é", "0xe9"],
  ["€", "0x10020ac"],
  ["😀", "0x101f600"],
];
for (const [char, keysym] of CHARACTERS) {
  Deno.test(`characterKeysymText(${JSON.stringify(char)}) = ${keysym}`, () => {
    assert.equal(characterKeysymText(char), keysym);
  });
}
