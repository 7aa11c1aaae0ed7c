// Scenario files: what loads (trigger spellings, defaults, the bundled
// library) and the malformed kinds, each reported with where it is.

import { strict as assert } from "node:assert";
import { parseScenario, readScenario } from "./load.ts";
import { type Problem, ScenarioInvalidError } from "./problem.ts";

function problemsOf(yaml: string): Problem[] {
  try {
    parseScenario(yaml, "bad.yaml");
  } catch (e) {
    if (e instanceof ScenarioInvalidError) return e.problems;
    throw e;
  }
  assert.fail(`loaded although malformed:\n${yaml}`);
}

const WINDOW = `
      - uid: mock:app
        title: App
        tree:
          role: Window
          children:
            - {role: Button, name: OK, id: ok}
            - {role: Edit, name: Name, id: name}`;

interface Malformed {
  kind: string;
  yaml: string;
  line: number;
  column?: number;
  key?: string;
  message: RegExp;
}

const MALFORMED: Malformed[] = [
  {
    kind: "YAML syntax error",
    yaml: "states:\n  a:\n    windows: [{uid: x}\nname: y\n",
    line: 4,
    column: 1,
    message: /^YAML syntax error: /,
  },
  {
    kind: "duplicate mapping key",
    yaml: "states:\n  a: {}\nname: x\nname: y\n",
    line: 4,
    column: 1,
    message: /YAML syntax error: Map keys must be unique/,
  },
  {
    kind: "root is a list",
    yaml: "- a\n- b\n",
    line: 1,
    message: /^scenario root must be a mapping, got list$/,
  },
  {
    kind: "no states",
    yaml: "name: empty\nstates: {}\n",
    line: 2,
    key: "states",
    message: /^scenario must define at least one state$/,
  },
  {
    kind: "initial_state names no state",
    yaml: `initial_state: begin\nstates:\n  start:\n    windows:${WINDOW}\n`,
    line: 1,
    column: 16,
    key: "initial_state",
    message: /unknown state 'begin'/,
  },
  {
    kind: "transition_to names no state",
    yaml: `states:\n  start:\n    windows:${WINDOW}
reactions:
  - on: {tool: click_element, target_id: ok}
    transition_to: finish
`,
    line: 13,
    column: 20,
    key: "reactions[0].transition_to",
    message: /unknown state 'finish'/,
  },
  {
    kind: "duplicate window uid",
    yaml: `states:\n  start:\n    windows:${WINDOW}\n      - {uid: mock:app, title: Other}\n`,
    line: 11,
    key: "states.start.windows[1].uid",
    message: /duplicate window uid 'mock:app'/,
  },
  {
    kind: "duplicate node id in a state",
    yaml: `states:
  start:
    windows:
      - tree:
          role: Window
          children:
            - {role: Button, id: go}
            - {role: Button, id: go}
`,
    line: 8,
    key: "states.start.windows[0].tree.children[1].id",
    message: /duplicate node id 'go'.*children\[0\]/,
  },
  {
    kind: "wrong type",
    yaml: `states:\n  start:\n    windows:\n      - tree: {role: 42}\n`,
    line: 4,
    column: 22,
    key: "states.start.windows[0].tree.role",
    message: /expected string/,
  },
  {
    kind: "misspelt key",
    yaml: `states:\n  start:\n    windows:\n      - titel: App\n`,
    line: 4,
    key: "states.start.windows[0].titel",
    message: /unknown key 'titel'/,
  },
  {
    kind: "negative size",
    yaml: `states:\n  s:\n    windows:\n      - bounds: {x: 0, y: 0, width: -1, height: 5}\n`,
    line: 4,
    key: "states.s.windows[0].bounds.width",
    message: />=0/,
  },
  {
    kind: "unknown reaction tool",
    yaml: `states:\n  s: {}\nreactions:\n  - on: {tool: click}\n`,
    line: 4,
    column: 16,
    key: "reactions[0].on.tool",
    message: /expected one of "click_element"/,
  },
  {
    kind: "missing trigger",
    yaml: `states:\n  s: {}\nreactions:\n  - transition_to: s\n`,
    line: 4,
    key: "reactions[0].on",
    message: /missing trigger/,
  },
  {
    kind: "trigger spelt twice",
    yaml: `states:\n  s: {}\nreactions:\n  - on: {tool: hover}\n    match: {tool: hover}\n`,
    line: 5,
    key: "reactions[0].match",
    message: /both 'on' and 'match'/,
  },
  {
    kind: "invalid text_regex",
    yaml: `states:\n  s: {}\nreactions:\n  - on: {tool: type_text, text_regex: "(unclosed"}\n`,
    line: 4,
    key: "reactions[0].on.text_regex",
    message: /invalid regular expression/,
  },
  {
    kind: "target_id names no node",
    yaml:
      `states:\n  s:\n    windows:${WINDOW}\nreactions:\n  - on: {tool: click_element, target_id: okay}\n`,
    line: 12,
    key: "reactions[0].on.target_id",
    message: /no node has id 'okay'/,
  },
  {
    kind: "when reads an unknown id",
    yaml: `states:\n  s:\n    windows:${WINDOW}
reactions:
  - on: {tool: click_element, target_id: ok}
    when: [{id: nam, value_not_empty: true}]
`,
    line: 13,
    key: "reactions[0].when[0].id",
    message: /no node has id 'nam'/,
  },
  {
    kind: "unknown in_state",
    yaml: `states:\n  s: {}\nreactions:\n  - on: {tool: hover}\n    in_state: [s, t]\n`,
    line: 5,
    key: "reactions[0].in_state[1]",
    message: /unknown state 't'/,
  },
  {
    kind: "set entry without value",
    yaml:
      `states:\n  s:\n    windows:${WINDOW}\nreactions:\n  - on: {tool: hover}\n    set: [{id: ok}]\n`,
    line: 13,
    key: "reactions[0].set[0]",
    message: /needs a value or selected/,
  },
  {
    kind: "unknown oracle kind",
    yaml: `states:\n  s: {}\noracles:\n  success:\n    - {kind: text_shown, regex: x}\n`,
    line: 5,
    key: "oracles.success[0].kind",
    message: /expected one of "element_exists"/,
  },
  {
    kind: "title reads a node the window lacks",
    yaml: `states:\n  s:\n    windows:\n      - title: "{value:doc} — Editor"\n`,
    line: 4,
    key: "states.s.windows[0].title",
    message: /no node with id 'doc'/,
  },
];

Deno.test("malformed scenarios are ScenarioInvalid and say where", async (t) => {
  for (const c of MALFORMED) {
    await t.step(c.kind, () => {
      const [first] = problemsOf(c.yaml);
      assert.match(first.message, c.message);
      assert.equal(first.line, c.line, `line of ${JSON.stringify(first)}`);
      if (c.column !== undefined) assert.equal(first.column, c.column);
      assert.equal(first.key, c.key);
    });
  }
  assert.ok(MALFORMED.length >= 10);
});

Deno.test("the error message names file, line, column and key", () => {
  try {
    parseScenario("states:\n  s:\n    windows:\n      - tree: {role: 42}\n", "dir/bad.yaml");
    assert.fail("loaded");
  } catch (e) {
    assert.ok(e instanceof ScenarioInvalidError);
    assert.match(e.message, /^dir\/bad\.yaml:4:22: states\.s\.windows\[0\]\.tree\.role: /);
  }
});

Deno.test("every problem is reported, the first in the message", () => {
  const yaml = "states:\n  s:\n    windows:\n      - {titel: a, pid: x}\n";
  const problems = problemsOf(yaml);
  assert.deepEqual(problems.map((p) => p.key).sort(), [
    "states.s.windows[0].pid",
    "states.s.windows[0].titel",
  ]);
});

Deno.test("an unreadable file is ScenarioInvalid naming it", async () => {
  const path = "/nonexistent/scenario.yaml";
  await assert.rejects(readScenario(path, Deno.readFile), (e) => {
    assert.ok(e instanceof ScenarioInvalidError);
    assert.equal(e.file, path);
    assert.match(e.message, /cannot read scenario file/);
    return true;
  });
});

Deno.test("the trigger may be spelt on, match, True or true", () => {
  for (const key of ["on", "match", "True", "true", '"on"']) {
    const scenario = parseScenario(
      `states:\n  s: {}\nreactions:\n  - ${key}: {tool: press_key, text_regex: enter}\n`,
      "t.yaml",
    );
    assert.deepEqual(scenario.reactions[0].on, { tool: "press_key", text_regex: "enter" }, key);
  }
});

Deno.test("defaults fill what a scenario leaves out", () => {
  const s = parseScenario(
    `states:
  first:
    windows:
      - tree:
          children:
            - {value: 7}
            - {value: true}
  second:
`,
    "d.yaml",
  );
  assert.equal(s.name, "scenario");
  assert.equal(s.initial_state, "first");
  assert.deepEqual(s.states.second, { windows: [] });
  const w = s.states.first.windows[0];
  assert.deepEqual(
    [w.uid, w.title, w.process, w.pid, w.bounds],
    [undefined, "", "", 0, { x: 0, y: 0, width: 800, height: 600 }],
  );
  const tree = w.tree!;
  assert.deepEqual(
    [tree.role, tree.name, tree.value, tree.enabled, tree.secret],
    ["Unknown", "", null, true, false],
  );
  assert.deepEqual(tree.children.map((c) => c.value), ["7", "true"]);
  assert.deepEqual(s.reactions, []);
  assert.deepEqual(s.oracles, { success: [], failure: [] });
});

Deno.test("every bundled scenario loads and has success and failure oracles", async () => {
  const dir = new URL("../../../scenarios/", import.meta.url);
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".yaml")) continue;
    names.push(entry.name);
    const s = await readScenario(new URL(entry.name, dir).pathname, Deno.readFile);
    assert.ok(s.oracles.success.length > 0, `${entry.name}: success oracle`);
    assert.ok(s.oracles.failure.length > 0, `${entry.name}: failure oracle`);
  }
  assert.ok(names.length >= 5, `scenarios: ${names.join(", ")}`);
});
