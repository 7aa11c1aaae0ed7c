// Every element verb hands its target to the adapter: clicks carry the
// element id, element operations name it. Between its looks at the element
// a verb reads the element again, not the window.

import { strict as assert } from "node:assert";
import { MockAdapter } from "../../adapters/mock/index.ts";
import type {
  CaptureLimits,
  ElementOperation,
  ElementRef,
  InputAction,
} from "../../adapters/types.ts";
import type { Element } from "../model/tree.ts";
import { defaultConfig } from "../formats/config/config.ts";
import { Session } from "../runtime/session.ts";
import { dispatch } from "../runtime/dispatch.ts";
import { TOOLS } from "./index.ts";

class RecordingMock extends MockAdapter {
  inputs: InputAction[] = [];
  operations: Array<[ElementRef, ElementOperation]> = [];
  /** Every tree read and input, in order: "capture", "path", or the input's kind. */
  calls: string[] = [];
  /** Changes each path read before it is answered (a test's moving or renamed element). */
  alterPath: ((path: Element[], reads: number) => void) | null = null;
  override captureTree(handle: string | null, limits: CaptureLimits) {
    this.calls.push("capture");
    return super.captureTree(handle, limits);
  }
  override async readPath(target: ElementRef, limits: CaptureLimits) {
    this.calls.push("path");
    const path = await super.readPath(target, limits);
    if (path) this.alterPath?.(path, this.calls.filter((c) => c === "path").length);
    return path;
  }
  override input(action: InputAction, handle: string | null) {
    this.inputs.push(action);
    this.calls.push(action.kind);
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

Deno.test("between looks an element verb reads the element again, not the window", async () => {
  const moveBy = (dy: number) => (path: Element[]) => {
    const element = path[path.length - 1];
    element.bounds = { ...element.bounds, y: element.bounds.y + dy };
  };
  const cases: Array<{
    what: string;
    alter: ((path: Element[], reads: number) => void) | null;
    /** The calls before the click. */
    before: string[];
    /** The error instead, after reading the element again and again. */
    code?: string;
  }> = [
    {
      what: "a still element: one capture, one path read",
      alter: null,
      before: ["capture", "path"],
    },
    {
      what: "an element that moved once: read until it stays",
      alter: (path, reads) => reads === 1 && moveBy(5)(path),
      before: ["capture", "path", "path", "path"],
    },
    {
      what: "an element that keeps moving: ElementNotStable",
      alter: (path, reads) => moveBy(reads)(path),
      before: [],
      code: "ElementNotStable",
    },
    {
      what: "another element at the id now: the window is captured again",
      alter: (path, reads) => {
        if (reads === 1) path[path.length - 1].name = "Something else";
      },
      before: ["capture", "path", "capture"],
    },
  ];
  for (const { what, alter, before, code } of cases) {
    const adapter = new RecordingMock();
    adapter.alterPath = alter;
    const session = new Session(adapter, defaultConfig(), { configPath: "", configError: null });
    const { status, body } = await dispatch(session, TOOLS, "click_element", {
      selector: 'Text[name="Zoom"]',
      timeout_ms: 300,
    }, "rest");
    if (code) {
      assert.equal((body as { error: { code: string } }).error.code, code, what);
      const [first, ...rest] = adapter.calls;
      assert.equal(first, "capture", what);
      assert.ok(rest.length > 2 && rest.every((c) => c === "path"), `${what}: ${adapter.calls}`);
      continue;
    }
    assert.equal(status, 200, `${what}: ${JSON.stringify(body)}`);
    const clicked = adapter.calls.indexOf("click");
    assert.deepEqual(adapter.calls.slice(0, clicked), before, what);
  }
});
