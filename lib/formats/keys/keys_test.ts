import { strict as assert } from "node:assert";
import { KeyComboError, parseKeyCombo } from "./keys.ts";

const GOOD: Array<[string, string[]]> = [
  ["enter", ["enter"]],
  ["Return", ["enter"]],
  ["ctrl+s", ["ctrl", "s"]],
  ["Ctrl+Shift+N", ["ctrl", "shift", "n"]],
  ["control+alt+delete", ["ctrl", "alt", "delete"]],
  ["alt+F4", ["alt", "f4"]],
  ["cmd+q", ["super", "q"]],
  ["esc", ["escape"]],
  ["ctrl++", ["ctrl", "+"]],
  ["+", ["+"]],
  ["shift+pgdn", ["shift", "pagedown"]],
  ["ctrl + a", ["ctrl", "a"]],
  ["ü", ["ü"]],
  ["ctrl+shift", ["ctrl", "shift"]],
  ["Page Up", ["pageup"]],
  ["shift+page_down", ["shift", "pagedown"]],
  ["ctrl+comma", ["ctrl", ","]],
  ["ctrl+,", ["ctrl", ","]],
  ["ctrl+shift+period", ["ctrl", "shift", "."]],
  ["ctrl+minus", ["ctrl", "-"]],
  ["ctrl+-", ["ctrl", "-"]],
  ["alt+backquote", ["alt", "`"]],
  ["ctrl+bracketleft", ["ctrl", "["]],
  ["super+slash", ["super", "/"]],
  ["F12", ["f12"]],
  ["f24", ["f24"]],
  ["arrow_up", ["up"]],
  ["ArrowLeft", ["left"]],
  ["Backspace", ["backspace"]],
  ["ctrl+Home", ["ctrl", "home"]],
  ["win+d", ["super", "d"]],
  ["option+tab", ["alt", "tab"]],
];

for (const [input, expected] of GOOD) {
  Deno.test(`parseKeyCombo(${JSON.stringify(input)})`, () => {
    assert.deepEqual(parseKeyCombo(input), expected);
  });
}

const BAD: Array<[string, RegExp]> = [
  ["", /empty/],
  ["   ", /empty/],
  ["ctrl+foo", /unknown key name 'foo'/],
  ["a+ctrl", /'a' is not a modifier/],
  ["hyper+x", /unknown key name 'hyper'/],
  ["f25", /unknown key name 'f25'/],
  ["ctrl+enter+a", /'enter' is not a modifier/],
];

for (const [input, message] of BAD) {
  Deno.test(`parseKeyCombo rejects ${JSON.stringify(input)}`, () => {
    assert.throws(() => parseKeyCombo(input), (e: Error) => {
      assert.ok(e instanceof KeyComboError);
      assert.match(e.message, message);
      return true;
    });
  });
}
