import { strict as assert } from "node:assert";
import { parseComputer13 } from "./computer13.ts";
import type { AgentAction } from "./agent_action.ts";

const act = (action_type: string, parameters?: unknown) =>
  parameters === undefined ? { action_type } : { action_type, parameters };

const ACCEPTED: [unknown, AgentAction[]][] = [
  [act("MOVE_TO", { x: 10, y: 20 }), [{ kind: "move", at: { x: 10, y: 20 } }]],
  [act("CLICK"), [{ kind: "click", button: "left", count: 1 }]],
  [act("CLICK", {}), [{ kind: "click", button: "left", count: 1 }]],
  [
    act("CLICK", { x: 5, y: 6, button: "right", num_clicks: 2 }),
    [{ kind: "click", at: { x: 5, y: 6 }, button: "right", count: 2 }],
  ],
  [act("MOUSE_DOWN"), [{ kind: "mouse_down", button: "left" }]],
  [act("MOUSE_UP", { button: "middle" }), [{ kind: "mouse_up", button: "middle" }]],
  [act("RIGHT_CLICK", { x: 1, y: 2 }), [{
    kind: "click",
    at: { x: 1, y: 2 },
    button: "right",
    count: 1,
  }]],
  [act("DOUBLE_CLICK"), [{ kind: "click", button: "left", count: 2 }]],
  [
    act("DRAG_TO", { x: 300, y: 400 }),
    [{ kind: "drag", to: { x: 300, y: 400 }, button: "left", durationMs: 1000 }],
  ],
  [act("SCROLL", { dx: 0, dy: -3 }), [{ kind: "scroll", dx: 0, dy: -3 }]],
  [act("TYPING", { text: "héllo\nworld" }), [{ kind: "type", text: "héllo\nworld" }]],
  [act("PRESS", { key: "return" }), [{ kind: "press", keys: ["enter"], presses: 1 }]],
  [act("KEY_DOWN", { key: "shiftleft" }), [{ kind: "key_down", key: "shift" }]],
  [act("KEY_UP", { key: "ctrl" }), [{ kind: "key_up", key: "ctrl" }]],
  [act("HOTKEY", { keys: ["ctrl", "alt", "t"] }), [{ kind: "hotkey", keys: ["ctrl", "alt", "t"] }]],
  [act("HOTKEY", { keys: ["command", "option", "esc"] }), [{
    kind: "hotkey",
    keys: ["super", "alt", "escape"],
  }]],
  [act("WAIT"), [{ kind: "wait" }]],
  [act("DONE", {}), [{ kind: "done" }]],
  [act("FAIL"), [{ kind: "fail" }]],
  ["WAIT", [{ kind: "wait" }]],
  ["  DONE\n", [{ kind: "done" }]],
  ["FAIL", [{ kind: "fail" }]],
  [[act("CLICK", { x: 1, y: 2 }), "WAIT"], [
    { kind: "click", at: { x: 1, y: 2 }, button: "left", count: 1 },
    { kind: "wait" },
  ]],
  [[], []],
  [
    'I will type.\n```json\n{"action_type": "TYPING", "parameters": {"text": "hi"}}\n```',
    [{ kind: "type", text: "hi" }],
  ],
  [
    '```json\n[{"action_type": "PRESS", "parameters": {"key": "tab"}}, "DONE"]\n```',
    [{ kind: "press", keys: ["tab"], presses: 1 }, { kind: "done" }],
  ],
  [
    '```json\n{"action_type": "WAIT"}\n```\nand\n```json\n{"action_type": "DONE"}\n```',
    [{ kind: "wait" }, { kind: "done" }],
  ],
  ['{"action_type": "SCROLL", "parameters": {"dx": 2, "dy": 0}}', [{
    kind: "scroll",
    dx: 2,
    dy: 0,
  }]],
];

const REFUSED: [unknown, string][] = [
  [act("EXECUTE", { code: "import os" }), "0.action_type"],
  [act("MOVE_TO", { x: 10 }), "0.parameters.y"],
  [act("MOVE_TO", { x: "10", y: 20 }), "0.parameters.x"],
  [act("CLICK", { x: 10 }), "0.parameters"],
  [act("CLICK", { x: 1, y: 2, num_clicks: 100 }), "0.parameters.num_clicks"],
  [act("CLICK", { button: "back" }), "0.parameters.button"],
  [act("CLICK", { x: 1, y: 2, command: "rm" }), "0.parameters"],
  [act("MOVE_TO", { x: 1e12, y: 2 }), "0.parameters.x"],
  [act("SCROLL", { dx: 0, dy: 1.5 }), "0.parameters.dy"],
  [act("SCROLL", { dy: 5 }), "0.parameters.dx"],
  [act("TYPING", {}), "0.parameters.text"],
  [act("TYPING", { text: 5 }), "0.parameters.text"],
  [act("PRESS", { key: "volumeup" }), "0.parameters.key"],
  [act("PRESS", { key: "" }), "0.parameters.key"],
  [act("HOTKEY", { keys: [] }), "0.parameters.keys"],
  [act("HOTKEY", { keys: ["ctrl", "fn"] }), "0.parameters.keys.1"],
  [act("HOTKEY", { keys: "ctrl+c" }), "0.parameters.keys"],
  [act("WAIT", { seconds: 5 }), "0.parameters"],
  [{ action_type: "CLICK", parameters: {}, extra: 1 }, "0"],
  [[act("CLICK"), act("RUN", { cmd: "id" })], "1.action_type"],
  [Array.from({ length: 201 }, () => "WAIT"), ""],
  ["wait", ""],
  ["not json at all", ""],
  ["```json\n{broken\n```", ""],
  [null, "0"],
  [42, "0"],
  [{ __proto__: { action_type: "WAIT" } }, "0"],
  [Object.create(null), "0.action_type"],
];

Deno.test("computer_13 actions convert to agent actions", () => {
  for (const [input, expected] of ACCEPTED) {
    const result = parseComputer13(input);
    assert.deepEqual(result, { ok: true, actions: expected }, JSON.stringify(input));
  }
});

Deno.test("computer_13 refuses invalid input as a whole, pointing at the field", () => {
  for (const [input, path] of REFUSED) {
    const result = parseComputer13(input);
    assert.equal(result.ok, false, JSON.stringify(input)?.slice(0, 100));
    if (!result.ok) {
      assert.equal(result.error.path, path, JSON.stringify(input)?.slice(0, 100));
      assert.ok(result.error.message.length > 0);
    }
  }
});
