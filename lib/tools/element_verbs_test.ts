// Every element verb hands its target to the adapter: clicks carry the
// element id, element operations name it.

import { strict as assert } from "node:assert";
import { MockAdapter } from "../../adapters/mock/index.ts";
import type { ElementOperation, ElementRef, InputAction } from "../../adapters/types.ts";
import { defaultConfig } from "../formats/config/config.ts";
import { Session } from "../runtime/session.ts";
import { dispatch } from "../runtime/dispatch.ts";
import { TOOLS } from "./index.ts";

class RecordingMock extends MockAdapter {
  inputs: InputAction[] = [];
  operations: Array<[ElementRef, ElementOperation]> = [];
  override input(action: InputAction, handle: string | null) {
    this.inputs.push(action);
    return super.input(action, handle);
  }
  override elementOperation(target: ElementRef, op: ElementOperation) {
    this.operations.push([target, op]);
    return super.elementOperation(target, op);
  }
}

const CASES: Array<[string, Record<string, unknown>, string[]]> = [
  ["click_element", {}, ["click"]],
  ["right_click_element", {}, ["click"]],
  ["double_click_element", {}, ["click"]],
  ["focus_element", {}, ["click"]],
  ["invoke_element", {}, ["click"]],
  ["set_value", { value: "x" }, ["click", "keys", "keys", "text"]],
  ["key_into_element", { keys: "enter" }, ["click", "keys"]],
  ["clear_text", {}, ["click", "keys", "keys"]],
  ["hover_element", { hover_ms: 0 }, ["move"]],
];

for (const [tool, extra, kinds] of CASES) {
  Deno.test(`${tool} passes its target to the adapter`, async () => {
    const adapter = new RecordingMock();
    const session = new Session(
      adapter,
      defaultConfig(),
      { configPath: "", configError: null },
    );
    const { status, body } = await dispatch(session, TOOLS, tool, {
      selector: 'Text[name="Zoom"]',
      ...extra,
    }, "rest");
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(adapter.inputs.map((a) => a.kind), kinds);
    for (const action of adapter.inputs) {
      if (action.kind === "click") {
        assert.equal(action.elementId, "root.4.1");
        assert.deepEqual([action.x, action.y], [364, 625]);
      }
      if (action.kind === "move") assert.deepEqual([action.x, action.y], [364, 625]);
    }
    for (const [target] of adapter.operations) assert.equal(target.elementId, "root.4.1");
  });
}

Deno.test("select_option clicks the element, then the option, each with its id", async () => {
  const adapter = new RecordingMock();
  const session = new Session(
    adapter,
    defaultConfig(),
    { configPath: "", configError: null },
  );
  const { status } = await dispatch(session, TOOLS, "select_option", {
    selector: "MenuBar",
    option_name: "View",
  }, "rest");
  assert.equal(status, 200);
  const clicks = adapter.inputs.filter((a) => a.kind === "click");
  assert.deepEqual(clicks.map((c) => c.kind === "click" && c.elementId), ["root.0", "root.0.3"]);
  assert.deepEqual(adapter.operations.map(([, op]) => op.kind), ["select"]);
});

Deno.test("dry_run never reaches the adapter", async () => {
  const adapter = new RecordingMock();
  const session = new Session(
    adapter,
    defaultConfig(),
    { configPath: "", configError: null },
  );
  for (const [tool, extra] of CASES) {
    await dispatch(session, TOOLS, tool, { selector: "Document", dry_run: true, ...extra }, "rest");
  }
  for (const tool of ["click_at", "hover_at"]) {
    await dispatch(session, TOOLS, tool, { x: 1, y: 1, dry_run: true }, "rest");
  }
  await dispatch(session, TOOLS, "type_text", { text: "x", dry_run: true }, "rest");
  await dispatch(session, TOOLS, "press_key", { keys: "enter", dry_run: true }, "rest");
  await dispatch(session, TOOLS, "scroll", { dry_run: true }, "rest");
  await dispatch(session, TOOLS, "drag", {
    from: { x: 1, y: 1 },
    to: { selector: "Document" },
    dry_run: true,
  }, "rest");
  assert.deepEqual(adapter.inputs, []);
  assert.deepEqual(adapter.operations, []);
});
