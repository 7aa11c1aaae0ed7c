import { strict as assert } from "node:assert";
import { ShlexError, shlexSplit } from "./shlex.ts";
import { classifyExecute, PYAUTOGUI_PREFIX } from "./execute_request.ts";

Deno.test("shlexSplit splits as Python's shlex.split does", () => {
  const cases: [string, string[]][] = [
    ["ls -la /tmp", ["ls", "-la", "/tmp"]],
    ["  spaced   out  ", ["spaced", "out"]],
    ["echo 'a b' \"c d\"", ["echo", "a b", "c d"]],
    ["echo it''s", ["echo", "its"]],
    ["echo ''", ["echo", ""]],
    ['echo "say \\"hi\\" \\n"', ["echo", 'say "hi" \\n']],
    ["echo a\\ b", ["echo", "a b"]],
    ["echo 'back\\slash'", ["echo", "back\\slash"]],
    ["x=1 'y'z", ["x=1", "yz"]],
    ["", []],
  ];
  for (const [text, words] of cases) assert.deepEqual(shlexSplit(text), words, text);
});

Deno.test("shlexSplit refuses what Python's shlex refuses", () => {
  for (const text of ["echo 'open", 'echo "open', "echo \\"]) {
    assert.throws(() => shlexSplit(text), ShlexError);
  }
});

Deno.test("classifyExecute: agent programs, the platform query, commands", () => {
  const home = "/home/user";
  const python = (code: string) => ["python", "-c", `${PYAUTOGUI_PREFIX}${code}`];
  const cases: [string | string[], boolean, unknown][] = [
    [python("pyautogui.click(10, 20)"), false, {
      kind: "pyautogui",
      code: "pyautogui.click(10, 20)",
    }],
    [python("pyautogui.press('a')\npyautogui.press('b')"), false, {
      kind: "pyautogui",
      code: "pyautogui.press('a')\npyautogui.press('b')",
    }],
    [["python3", "-c", "import pyautogui;import time;pyautogui.FAILSAFE=False;x()"], false, {
      kind: "pyautogui",
      code: "x()",
    }],
    [python("import platform; print(platform.system())"), false, { kind: "platform" }],
    [`python -c "${PYAUTOGUI_PREFIX}pyautogui.hotkey('ctrl', 'c')"`, false, {
      kind: "pyautogui",
      code: "pyautogui.hotkey('ctrl', 'c')",
    }],
    // Without the prefix, python is a command like any other.
    [["python", "-c", "print(1)"], false, {
      kind: "command",
      argv: ["python", "-c", "print(1)"],
      shell: false,
    }],
    [["cat", "~/notes.txt", "a~/b"], false, {
      kind: "command",
      argv: ["cat", "/home/user/notes.txt", "a~/b"],
      shell: false,
    }],
    ["ls ~/Desktop", false, { kind: "command", argv: ["ls", "/home/user/Desktop"], shell: false }],
    ["ls ~/Desktop | wc -l", true, {
      kind: "command",
      argv: ["ls ~/Desktop | wc -l"],
      shell: true,
    }],
    [["echo", "a", "b"], true, { kind: "command", argv: ["echo a b"], shell: true }],
    ["", false, { kind: "invalid", message: "the command is empty" }],
    ["  ", true, { kind: "invalid", message: "the command is empty" }],
    [[], false, { kind: "invalid", message: "the command is empty" }],
    ["echo 'open", false, { kind: "invalid", message: "No closing quotation" }],
  ];
  for (const [command, shell, expected] of cases) {
    assert.deepEqual(classifyExecute(command, shell, home), expected, JSON.stringify(command));
  }
});
