// planActions: agent actions → the service's tool calls, as a table of cases;
// and the mock desktop's held keys and buttons becoming whole gestures.

import { strict as assert } from "node:assert";
import type { AgentAction } from "./agent_action.ts";
import { planActions, PlanError } from "./plan.ts";
import { HeldInput } from "../../../adapters/mock/held_input.ts";

const tagCentres: Record<number, { x: number; y: number }> = { 1: { x: 15, y: 25 } };
const pointOf = (at: { x: number; y: number } | { tag: number }) =>
  "tag" in at ? tagCentres[at.tag] : at;

const calls = (actions: AgentAction[], pointer: { x: number; y: number } | null = null) =>
  planActions(actions, pointOf, pointer).map((s) =>
    s.kind === "call" ? [s.tool, s.args] : [s.kind, s.kind === "sleep" ? s.seconds : s.word]
  );

const CASES: Array<[string, AgentAction[], { x: number; y: number } | null, unknown[]]> = [
  ["move", [{ kind: "move", at: { x: 1, y: 2 } }], null, [["hover_at", {
    x: 1,
    y: 2,
    hover_ms: 0,
  }]]],
  ["click on a tag", [{ kind: "click", at: { tag: 1 }, button: "right", count: 1 }], null, [[
    "click_at",
    { x: 15, y: 25, button: "right", count: 1 },
  ]]],
  ["triple click where the pointer is", [{ kind: "click", button: "left", count: 3 }], {
    x: 5,
    y: 6,
  }, [["click_at", { x: 5, y: 6, button: "left", count: 3 }]]],
  [
    "the pointer follows the program",
    [
      { kind: "move", at: { x: 7, y: 8 } },
      { kind: "drag", to: { x: 70, y: 80 }, button: "middle", durationMs: 500 },
      { kind: "click", button: "left", count: 1 },
    ],
    null,
    [
      ["hover_at", { x: 7, y: 8, hover_ms: 0 }],
      ["drag", { from: { x: 7, y: 8 }, to: { x: 70, y: 80 }, button: "middle", duration_s: 0.5 }],
      ["click_at", { x: 70, y: 80, button: "left", count: 1 }],
    ],
  ],
  [
    "mouse down and up",
    [
      { kind: "mouse_down", button: "left", at: { x: 1, y: 1 } },
      { kind: "mouse_up", button: "left" },
    ],
    null,
    [
      ["mouse_button", { button: "left", state: "down", x: 1, y: 1 }],
      ["mouse_button", { button: "left", state: "up" }],
    ],
  ],
  ["scroll both ways", [{ kind: "scroll", dx: -2, dy: 3, at: { x: 4, y: 4 } }], null, [
    ["scroll", { clicks: 3, x: 4, y: 4 }],
    ["scroll", { clicks: -2, horizontal: true, x: 4, y: 4 }],
  ]],
  ["empty text types nothing", [{ kind: "type", text: "" }], null, []],
  [
    "press repeats the whole sequence; capitals are typed",
    [
      { kind: "press", keys: ["tab", "B"], presses: 2 },
    ],
    null,
    [
      ["press_key", { keys: "tab" }],
      ["type_text", { text: "B" }],
      ["press_key", { keys: "tab" }],
      ["type_text", { text: "B" }],
    ],
  ],
  [
    "hotkey and held keys",
    [
      { kind: "hotkey", keys: ["ctrl", "+"] },
      { kind: "key_down", key: "shift" },
      { kind: "key_up", key: "shift" },
    ],
    null,
    [
      ["press_key", { keys: "ctrl++" }],
      ["key_hold", { key: "shift", state: "down" }],
      ["key_hold", { key: "shift", state: "up" }],
    ],
  ],
  [
    "sleeps and control words",
    [
      { kind: "sleep", seconds: 1.5 },
      { kind: "wait" },
      { kind: "fail" },
    ],
    null,
    [["sleep", 1.5], ["control", "WAIT"], ["control", "FAIL"]],
  ],
];

for (const [name, actions, pointer, expected] of CASES) {
  Deno.test(`plan: ${name}`, () => assert.deepEqual(calls(actions, pointer), expected));
}

Deno.test("plan: refusals say which action", () => {
  const refusals: Array<[AgentAction[], RegExp, number]> = [
    [[{ kind: "click", button: "left", count: 1 }], /pointer is, which is not known/, 0],
    [
      [{ kind: "type", text: "a" }, {
        kind: "drag",
        to: { x: 1, y: 1 },
        button: "left",
        durationMs: 1,
      }],
      /a drag starts/,
      1,
    ],
    [
      [{ kind: "sleep", seconds: 30 }, { kind: "sleep", seconds: 31 }],
      /pauses 61 s in all, more than 60 s/,
      1,
    ],
  ];
  for (const [actions, message, index] of refusals) {
    assert.throws(() => planActions(actions, pointOf, null), (e: unknown) => {
      assert.ok(e instanceof PlanError);
      assert.match(e.message, message);
      assert.equal(e.index, index);
      return true;
    });
  }
});

Deno.test("mock held input: chords with held modifiers, clicks and drags from button pairs", () => {
  const held = new HeldInput();
  assert.deepEqual(held.translate({ kind: "key", key: "ctrl", down: true }, null), []);
  assert.deepEqual(held.translate({ kind: "key", key: "c", down: true }, null), [
    { kind: "keys", combo: ["ctrl", "c"] },
  ]);
  assert.deepEqual(held.translate({ kind: "keys", combo: ["v"] }, null), [
    { kind: "keys", combo: ["ctrl", "v"] },
  ]);
  assert.deepEqual(held.translate({ kind: "key", key: "ctrl", down: false }, null), []);
  assert.deepEqual(held.translate({ kind: "keys", combo: ["v"] }, null), [
    { kind: "keys", combo: ["v"] },
  ]);
  const at = { x: 10, y: 10 };
  assert.deepEqual(
    held.translate({ kind: "button", button: "left", down: true }, at),
    [{ kind: "move", x: 10, y: 10 }],
  );
  assert.deepEqual(
    held.translate({ kind: "button", button: "left", down: false, x: 11, y: 10 }, at),
    [
      { kind: "click", x: 10, y: 10, button: "left", count: 1 },
    ],
  );
  held.translate({ kind: "button", button: "right", down: true }, at);
  assert.deepEqual(
    held.translate({ kind: "button", button: "right", down: false, x: 60, y: 10 }, at),
    [{
      kind: "drag",
      from: at,
      to: { x: 60, y: 10 },
      durationMs: 0,
      modifiers: [],
      button: "right",
    }],
  );
});
