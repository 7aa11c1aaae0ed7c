// The scenario engine without HTTP: the login hash vectors, how adapter
// inputs become reactions, natural effects of controls, secrets, windows.

import { strict as assert } from "node:assert";
import { type InputAction, WindowGoneError } from "../../types.ts";
import { treeHash } from "../../../lib/model/hash.ts";
import { ScenarioEngine } from "./engine.ts";
import { parseScenario, readScenario } from "../../../lib/formats/scenario/load.ts";
import { center, type Element, findById } from "../../../lib/model/tree.ts";

function engineOf(yaml: string): ScenarioEngine {
  return new ScenarioEngine(parseScenario(yaml, "test.yaml"), "0badc0de");
}

/** A left click at the element's centre, carrying its id as element verbs do. */
type Click = Extract<InputAction, { kind: "click" }>;

function clickOf(engine: ScenarioEngine, elementId: string, handle = "1000"): Click {
  const element = findById(engine.tree(handle), elementId);
  assert.ok(element, `no ${elementId}`);
  return { kind: "click", ...center(element.bounds), button: "left", count: 1, elementId };
}

function run(engine: ScenarioEngine, actions: InputAction[], handle = "1000"): boolean[] {
  return actions.map((a) => engine.apply(a, handle));
}

function valueOf(engine: ScenarioEngine, elementId: string, handle = "1000"): string | null {
  return findById(engine.tree(handle), elementId)!.value;
}

const text = (t: string): InputAction => ({ kind: "text", text: t });
const keys = (...combo: string[]): InputAction => ({ kind: "keys", combo });

Deno.test("login.yaml reproduces the spec's tree hashes", async () => {
  const login = await readScenario(
    new URL("../../../scenarios/login.yaml", import.meta.url).pathname,
    Deno.readFile,
  );
  const engine = new ScenarioEngine(login, "0badc0de");
  const hash = () => treeHash(engine.tree(null));
  assert.equal(hash(), "sha1:fea1872051222609de110f1d998873b68a4e8faf");
  run(engine, [clickOf(engine, "root.0"), text("alice")]);
  assert.equal(hash(), "sha1:977b969b93162c31920cf9de2aaeec6fb4c10062");
  run(engine, [clickOf(engine, "root.1"), text("s3cret!")]);
  assert.equal(hash(), "sha1:729c8168a66cbfa1a180f6b936665b1224c7d96e");
  assert.deepEqual(run(engine, [clickOf(engine, "root.2")]), [true]);
  assert.equal(engine.state, "welcome");
  assert.equal(hash(), "sha1:e7106eade464b8752bdca437379f6d39e0a45dec");
  assert.equal(engine.windows()[0].title, "Acme — Welcome");
});

const PANEL = Deno.readTextFileSync(new URL("../../../tests/helpers/panel.yaml", import.meta.url));

// root.0 field, root.1 go, root.2 size (root.2.1 large), root.3 items, root.4 handle, root.7 log
Deno.test("every verb's adapter inputs can drive a reaction", async (t) => {
  const rows: Array<[string, (e: ScenarioEngine) => InputAction[], string]> = [
    ["click_element / focus / invoke", (e) => [clickOf(e, "root.1")], "clicked"],
    ["right_click_element", (e) => [{ ...clickOf(e, "root.1"), button: "right" }], "clicked"],
    ["double_click_element", (e) => [{ ...clickOf(e, "root.1"), count: 2 }], "clicked"],
    [
      "click_at inside the element's bounds",
      () => [{ kind: "click", x: 15, y: 45, button: "left", count: 1 }],
      "clicked",
    ],
    [
      "set_value: click, ctrl+a, delete, type",
      (e) => [clickOf(e, "root.0"), keys("ctrl", "a"), keys("delete"), text("abc")],
      "typed abc",
    ],
    ["type_text after a click", (e) => [clickOf(e, "root.0"), text("x")], "typed x"],
    ["key_into_element / press_key", (e) => [clickOf(e, "root.0"), keys("ctrl", "s")], "saved"],
    ["select_option", (e) => [clickOf(e, "root.2"), clickOf(e, "root.2.1")], "chose Large"],
    ["scroll at a point", () => [{ kind: "scroll", clicks: -3, x: 250, y: 50 }], "scrolled"],
    [
      "scroll where the pointer is",
      () => [{ kind: "move", x: 250, y: 50 }, { kind: "scroll", clicks: 3 }],
      "scrolled",
    ],
    ["hover_at / hover_element", () => [{ kind: "move", x: 40, y: 50 }], "hovered"],
    [
      "drag",
      () => [{
        kind: "drag",
        from: { x: 205, y: 155 },
        to: { x: 300, y: 155 },
        durationMs: 0,
        modifiers: [],
      }],
      "dragged",
    ],
  ];
  for (const [label, actions, logged] of rows) {
    await t.step(label, () => {
      const engine = engineOf(PANEL);
      const fired = run(engine, actions(engine));
      assert.equal(fired.at(-1), true, `${label}: ${fired}`);
      assert.equal(valueOf(engine, "root.7"), logged);
    });
  }
});

Deno.test("inputs that aim at nothing or a disabled control fire nothing", () => {
  const rows: Array<[string, (e: ScenarioEngine) => InputAction[]]> = [
    ["typing before any click", () => [text("abc")]],
    [
      "a click on the window background",
      () => [{ kind: "click", x: 300, y: 250, button: "left", count: 1 }],
    ],
    [
      "a click outside every window",
      () => [{ kind: "click", x: 900, y: 900, button: "left", count: 1 }],
    ],
    ["a disabled button", (e) => [clickOf(e, "root.6")]],
    ["a key no reaction names", (e) => [clickOf(e, "root.5"), keys("ctrl", "q")]],
  ];
  for (const [label, actions] of rows) {
    const engine = engineOf(PANEL);
    assert.equal(run(engine, actions(engine)).at(-1), false, label);
    assert.equal(valueOf(engine, "root.7"), "", label);
  }
});

Deno.test("text controls edit like text fields; check boxes and choices toggle", () => {
  const engine = engineOf(PANEL);
  const field = () => valueOf(engine, "root.0");
  run(engine, [clickOf(engine, "root.0"), text("hello"), text(" world")]);
  assert.equal(field(), "hello world");
  run(engine, [keys("backspace")]);
  assert.equal(field(), "hello worl");
  run(engine, [keys("ctrl", "a"), text("new")]);
  assert.equal(field(), "new", "typing after ctrl+a replaces");
  run(engine, [clickOf(engine, "root.0"), keys("ctrl", "a"), keys("delete")]);
  assert.equal(field(), "", "clear_text's sequence empties");
  assert.equal(findById(engine.tree("1000"), "root.0")!.focused, true);

  const wrap = () => findById(engine.tree("1000"), "root.5")!.selected;
  assert.equal(wrap(), undefined);
  run(engine, [clickOf(engine, "root.5")]);
  assert.equal(wrap(), true);
  run(engine, [clickOf(engine, "root.5")]);
  assert.equal(wrap(), false);
  run(engine, [{ ...clickOf(engine, "root.5"), button: "right" }]);
  assert.equal(wrap(), false, "a right click does not toggle");

  run(engine, [clickOf(engine, "root.2.1")]);
  const combo = findById(engine.tree("1000"), "root.2")!;
  assert.equal(combo.value, "Large");
  assert.deepEqual(combo.children.map((c) => c.selected), [false, true]);
});

Deno.test("reactions: declaration order, first match wins, when and in_state filter", () => {
  const yaml = `
states:
  a:
    windows:
      - tree:
          role: Window
          children:
            - {role: Edit, name: Code, id: code, value: ""}
            - {role: Text, name: Out, id: out, value: ""}
  b:
    windows:
      - tree:
          role: Window
          children:
            - {role: Text, name: Out, id: out, value: ""}
reactions:
  - on: {tool: type_text, text_regex: "secret-(\\\\d+)"}
    when: [{id: code, value_regex: "secret-\\\\d+"}]
    set: [{id: out, value: "number {text}"}]
  - on: {tool: type_text, text_regex: "secret-.*"}
    set: [{id: out, value: "not a number"}]
  - on: {tool: type_text, target_name: Code}
    set: [{id: out, value: "typed"}]
  - on: {tool: press_key, text_regex: enter}
    in_state: b
    set: [{id: out, value: "in b"}]
  - on: {tool: press_key, text_regex: enter}
    transition_to: b
`;
  const rows: Array<[string, string, string]> = [
    ["first reaction (capture is group 1)", "secret-42", "number 42"],
    ["second reaction when the first's when fails", "secret-x", "not a number"],
    ["target_name", "hello", "typed"],
  ];
  for (const [label, typed, out] of rows) {
    const engine = engineOf(yaml);
    run(engine, [clickOf(engine, "root.0"), text(typed)]);
    assert.equal(valueOf(engine, "root.1"), out, label);
  }
  const engine = engineOf(yaml);
  run(engine, [keys("enter")]);
  assert.equal(engine.state, "b", "in_state a skipped the first enter reaction");
  run(engine, [keys("enter")]);
  assert.equal(engine.state, "b");
  assert.equal(valueOf(engine, "root.0"), "in b");
});

const WINDOWS = `
states:
  one:
    windows:
      - uid: mock:main
        title: "{value:doc} — Editor"
        tree:
          role: Window
          children:
            - {role: Text, name: Document, id: doc, value: Untitled}
            - {role: Button, name: Open, id: open, bounds: {x: 10, y: 10, width: 50, height: 20}}
      - title: Second
        bounds: {x: 900, y: 0, width: 100, height: 100}
      - uid: null
        process: other.exe
        pid: 77
  two:
    windows:
      - uid: mock:dialog
        title: Open File
        bounds: {x: 100, y: 100, width: 300, height: 200}
        tree:
          role: Window
          children:
            - {role: Edit, name: File name, id: file, value: "", bounds: {x: 110, y: 110, width: 200, height: 20}}
            - {role: Button, name: Open, id: confirm, bounds: {x: 110, y: 140, width: 60, height: 20}}
      - uid: mock:main
        title: "{value:doc} — Editor"
        tree:
          role: Window
          children:
            - {role: Text, name: Document, id: doc, value: Untitled}
            - {role: Button, name: Open, id: open, bounds: {x: 10, y: 10, width: 50, height: 20}}
  three:
    windows: []
reactions:
  - on: {tool: click_element, target_id: open}
    transition_to: two
  - on: {tool: click_element, target_id: confirm}
    set: [{id: doc, value: "{value:file}"}]
    transition_to: one
  - on: {tool: press_key, text_regex: escape}
    transition_to: three
`;

Deno.test("windows: defaults, stacking, opening and closing between states", () => {
  const engine = engineOf(WINDOWS);
  assert.deepEqual(
    engine.windows().map((w) => [w.handle, w.window_uid, w.process, w.pid, w.focused, w.title]),
    [
      ["1000", "mock:main", "scenario.exe", 10000, true, "Untitled — Editor"],
      ["1001", "mock:one:1", "scenario.exe", 10001, false, "Second"],
      ["1002", "mock:2:0badc0de", "other.exe", 77, false, ""],
    ],
  );
  assert.deepEqual(engine.tree("1001").name, "(empty)", "a window without a tree");
  assert.throws(() => engine.tree("4242"), WindowGoneError);

  run(engine, [clickOf(engine, "root.1")]);
  assert.equal(engine.state, "two");
  assert.deepEqual(engine.windows().map((w) => w.window_uid), ["mock:dialog", "mock:main"]);
  assert.deepEqual(engine.windowsAbove("1001"), [{ x: 100, y: 100, width: 300, height: 200 }]);
  assert.deepEqual(engine.windowsAbove("1000"), []);
  assert.deepEqual(
    engine.paintOrder().map((p) => p.root.children[0]?.name),
    ["Document", "File name"],
    "bottom window first",
  );

  run(engine, [clickOf(engine, "root.0"), text("notes.txt"), clickOf(engine, "root.1")]);
  assert.equal(engine.state, "one");
  assert.equal(engine.windows()[0].title, "notes.txt — Editor", "the dialog's result shows");

  run(engine, [keys("escape")]);
  assert.deepEqual(engine.windows(), []);
  assert.equal(engine.tree(null).name, "(empty)");
});

Deno.test("a click lands on the topmost window under the point", () => {
  const engine = engineOf(WINDOWS);
  run(engine, [clickOf(engine, "root.1")]);
  // The main window's Open button (10,10) is not covered; the dialog's field is on top at 150,115.
  const underDialog: InputAction = { kind: "click", x: 150, y: 115, button: "left", count: 1 };
  run(engine, [underDialog, text("a.txt")]);
  assert.equal(valueOf(engine, "root.0", "1000"), "a.txt");
});

const SECRETS = `
states:
  form:
    windows:
      - uid: mock:form
        title: "Account {value:pin}"
        tree:
          role: Window
          children:
            - {role: Edit, name: PIN, id: pin, value: "1234", secret: true}
            - {role: Edit, name: New PIN, id: new_pin, value: "", secret: true}
            - {role: Text, name: Echo, id: echo, value: ""}
  done:
    windows:
      - {uid: mock:form, title: Saved}
reactions:
  - on: {tool: type_text, target_id: new_pin, text_regex: "(.*)"}
    set:
      - {id: echo, value: "{value:new_pin} {text}"}
      - {id: pin, value: "{text}"}
  - on: {tool: press_key, text_regex: enter}
    when: [{id: new_pin, value: "987654"}, {id: pin, value: "987654"}]
    transition_to: done
`;

function allValues(root: Element): Array<string | null> {
  return [root.value, ...root.children.flatMap(allValues)];
}

Deno.test("secret values are masked everywhere shown, yet conditions see them", () => {
  const engine = engineOf(SECRETS);
  assert.deepEqual(allValues(engine.tree(null)), [null, "<filled>", "", ""]);
  assert.equal(engine.windows()[0].title, "Account <filled>");
  run(engine, [clickOf(engine, "root.1"), text("987654")]);
  const shown = JSON.stringify([engine.tree(null), engine.windows(), engine.paintOrder()]);
  assert.ok(!shown.includes("987654"), shown);
  assert.ok(!shown.includes("1234"), shown);
  assert.equal(
    valueOf(engine, "root.2"),
    "<filled> <filled>",
    "placeholders never copy a secret into a plain node",
  );
  run(engine, [keys("enter")]);
  assert.equal(engine.state, "done", "conditions compare real values, copied into a secret node");
});

Deno.test("values persist across states of the same window, a new engine starts afresh", () => {
  const yaml = `
states:
  a:
    windows:
      - uid: mock:w
        tree: {role: Window, children: [{role: Edit, name: N, id: n, value: ""}]}
  b:
    windows:
      - uid: mock:w
        tree: {role: Window, children: [{role: Edit, name: N, id: n, value: ""}]}
reactions:
  - on: {tool: press_key, text_regex: tab}
    transition_to: b
`;
  const engine = engineOf(yaml);
  run(engine, [clickOf(engine, "root.0"), text("kept"), keys("tab")]);
  assert.equal(engine.state, "b");
  assert.equal(valueOf(engine, "root.0"), "kept");
  assert.equal(valueOf(engineOf(yaml), "root.0"), "");
});
