import { strict as assert } from "node:assert";
import { parsePyautogui } from "./parse.ts";
import { tokenize } from "./tokens.ts";
import { mapPyautoguiKey, pyautoguiKeyName } from "../pyautogui_keys.ts";
import { MODIFIERS, NAMED_KEYS } from "../../../formats/keys/keys.ts";
import { PYAUTOGUI_CORPUS } from "../../../../tests/fixtures/osworld/pyautogui_corpus.ts";

Deno.test("pyautogui corpus: every case parses to its actions or its refusal", () => {
  const failures: string[] = [];
  for (const { code, expect } of PYAUTOGUI_CORPUS) {
    const result = parsePyautogui(code);
    const actual = result.ok
      ? result.actions
      : { construct: result.error.construct, line: result.error.line, column: result.error.column };
    if (JSON.stringify(actual) !== JSON.stringify(expect)) {
      failures.push(
        `${JSON.stringify(code.slice(0, 120))}\n  got ${JSON.stringify(result).slice(0, 300)}`,
      );
    }
  }
  assert.deepEqual(failures, []);
});

Deno.test("pyautogui corpus is large enough to mean something", () => {
  assert.deepEqual(PYAUTOGUI_CORPUS.length >= 150, true);
});

Deno.test("a refusal carries a message and no actions", () => {
  const result = parsePyautogui("pyautogui.click(1, 2)\nos.system('id')");
  assert.deepEqual(result.ok, false);
  if (!result.ok) {
    assert.deepEqual(result.error.message.includes("os.system"), true);
    assert.deepEqual("actions" in result, false);
  }
});

Deno.test("tokens carry line and column", () => {
  const result = tokenize("a(\n  'x', -1.5)\n# c\nb");
  assert.deepEqual(result.ok, true);
  if (result.ok) {
    assert.deepEqual(
      result.tokens.map((t) => [t.kind, t.text, t.line, t.column]),
      [
        ["name", "a", 1, 1],
        ["op", "(", 1, 2],
        ["string", "'x'", 2, 3],
        ["op", ",", 2, 6],
        ["op", "-", 2, 8],
        ["number", "1.5", 2, 9],
        ["op", ")", 2, 12],
        ["separator", "\n", 2, 13],
        ["separator", "\n", 3, 4],
        ["name", "b", 4, 1],
      ],
    );
  }
});

Deno.test("pyautogui key names map onto the service's canonical names", () => {
  const table: [string, string | null][] = [
    ["ctrl", "ctrl"],
    ["shift", "shift"],
    ["return", "enter"],
    ["esc", "escape"],
    ["pgdn", "pagedown"],
    ["win", "super"],
    ["command", "super"],
    ["option", "alt"],
    ["altright", "alt"],
    ["f5", "f5"],
    ["up", "up"],
    ["x", "x"],
    ["%", "%"],
    ["volumedown", null],
    ["constructor", null],
    ["__proto__", null],
  ];
  for (const [name, canonical] of table) {
    const mapped = mapPyautoguiKey(name);
    assert.deepEqual(mapped.ok ? mapped.key : null, canonical, name);
  }
});

Deno.test("the pyautogui key map reads back what it writes, for every key the service names", () => {
  const canonical = [...MODIFIERS, ...NAMED_KEYS, "a", "Z", "7", "+", "/"];
  for (const key of canonical) {
    const written = pyautoguiKeyName(key);
    if (written === null) continue;
    assert.deepEqual(mapPyautoguiKey(written), { ok: true, key }, `${key} → ${written}`);
  }
  assert.equal(pyautoguiKeyName("escape"), "esc");
  assert.equal(pyautoguiKeyName("é"), null);
});
