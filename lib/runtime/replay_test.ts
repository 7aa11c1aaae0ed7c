// The pure rules of traces and replay, as tables: what a row keeps of a call,
// the screenshot cadence, verify comparisons, re-aiming recorded calls and
// reading trace files back.

import { strict as assert } from "node:assert";
import {
  recordedArgs,
  screenshotRef,
  summarizeResult,
  traceTimestamp,
  wantsScreenshots,
} from "../formats/trace/row_fields.ts";
import { compareOutcome, compareStep } from "./replay_compare.ts";
import { matchWindow, retarget } from "./replay_retarget.ts";
import { parseTrace } from "../formats/trace/parse.ts";
import type { TraceRow } from "../formats/trace/format.ts";
import type { ListedWindow } from "../formats/geometry/window_order.ts";

function row(fields: Partial<TraceRow>): TraceRow {
  return {
    step_id: 7,
    trace_seq: 1,
    ts: "2026-11-24T10:00:00.000000+00:00",
    caller: "rest",
    tool: "click_element",
    args: {},
    result_summary: { ok: true },
    tree_hash_before: "",
    tree_hash_after: "",
    duration_ms: 1,
    ...fields,
  };
}

Deno.test("a row's result summary keeps the listed keys, the target, dialogs and error code", () => {
  const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
    [{ ok: true, count: 3, windows: [1, 2, 3] }, { ok: true, count: 3 }],
    [
      {
        ok: true,
        changed: true,
        target: {
          selector: "Button",
          window_uid: "w",
          element_id: "e",
          bounds: { x: 1, y: 2, width: 3, height: 4 },
        },
        new_dialogs: [{ window_uid: "d", title: "Save As" }],
      },
      {
        ok: true,
        changed: true,
        target: {
          selector: "Button",
          window_uid: "w",
          bounds: { x: 1, y: 2, width: 3, height: 4 },
        },
        new_dialogs: ["Save As"],
      },
    ],
    [{ ok: false, error: { code: "ElementNotFound", message: "m" } }, {
      ok: false,
      error: { code: "ElementNotFound" },
    }],
    [{ success: false, error: "boom" }, { error: { code: "Internal" } }],
    [{ target: { selector: null } }, { target: { selector: null, window_uid: null } }],
  ];
  for (const [result, summary] of cases) assert.deepEqual(summarizeResult(result), summary);
});

Deno.test("recorded arguments: internal keys dropped, keys redacted, large ones cut to a preview", () => {
  const keys = ["password", "confirm_token"];
  assert.deepEqual(recordedArgs({ text: "a", _caller: "x", password: "p" }, keys, 4096), {
    text: "a",
    password: "<redacted>",
  });
  assert.deepEqual(recordedArgs({ a: undefined, b: 1 }, keys, 4096), { b: 1 });
  const big = recordedArgs({ text: "é".repeat(100) }, keys, 100);
  assert.equal(big.__truncated, true);
  assert.equal(String(big.preview).length, 50);
  // The limit counts UTF-8 bytes: 50 two-byte characters are over 100 bytes.
  assert.equal(recordedArgs({ t: "é".repeat(50) }, keys, 100).__truncated, true);
  assert.equal(recordedArgs({ t: "e".repeat(50) }, keys, 100).__truncated, undefined);
});

Deno.test("screenshot cadence, names and timestamps", () => {
  const cases: Array<[number, number, boolean]> = [
    [1, 5, true],
    [2, 5, false],
    [5, 5, true],
    [10, 5, true],
    [1, 0, false],
    [7, 1, true],
  ];
  for (const [seq, n, wanted] of cases) {
    assert.equal(wantsScreenshots(seq, n), wanted, `${seq}/${n}`);
  }
  assert.equal(screenshotRef(12, "full"), "screenshots/step-00012-full.png");
  assert.equal(screenshotRef(123456, "window"), "screenshots/step-123456-window.png");
  assert.equal(
    traceTimestamp(new Date(Date.UTC(2026, 10, 24, 9, 5, 3, 42))),
    "2026-11-24T09:05:03.042000+00:00",
  );
});

Deno.test("verify compares the tool's fields, the tree hash, dialogs and the scenario", () => {
  const recorded = row({
    tool: "find_element",
    result_summary: { ok: true, ambiguous_matches: 3 },
    tree_hash_after: "sha1:a",
    scenario: { state: "start", success: false, failure: null },
  });
  const same = {
    summary: { ok: true, ambiguous_matches: 1 },
    treeHashAfter: "sha1:a",
    scenario: { state: "start", success: false, failure: null },
  };
  assert.deepEqual(compareStep(recorded, same), [], "ambiguous_matches>0 compares only whether");
  assert.deepEqual(
    compareStep(recorded, {
      ...same,
      summary: { ok: true, ambiguous_matches: 0 },
      treeHashAfter: "sha1:b",
    }),
    [
      { path: "ambiguous_matches>0", want: true, got: false },
      { path: "tree_hash_after", want: "sha1:a", got: "sha1:b" },
    ],
  );
  assert.deepEqual(
    compareStep(recorded, { ...same, scenario: { state: "error", success: false, failure: true } }),
    [
      { path: "scenario.state", want: "start", got: "error" },
      { path: "scenario.failure", want: null, got: true },
    ],
  );
  // A field neither side has is skipped; a tool outside the table compares ok only.
  assert.deepEqual(
    compareStep(row({ tool: "get_screenshot" }), {
      summary: { ok: true },
      treeHashAfter: "",
      scenario: undefined,
    }),
    [],
  );
  assert.deepEqual(
    compareStep(row({ tool: "snapshot", result_summary: { ok: true, count: 1 } }), {
      summary: { ok: false, count: 2 },
      treeHashAfter: "x",
      scenario: undefined,
    }),
    [{ path: "ok", want: true, got: false }],
  );
  const clicked = row({ result_summary: { ok: true, new_dialogs: [] } });
  assert.deepEqual(
    compareStep(clicked, {
      summary: { ok: true, new_dialogs: ["Error"] },
      treeHashAfter: "",
      scenario: undefined,
    }),
    [
      { path: "new_dialogs", want: [], got: ["Error"] },
    ],
  );
  assert.deepEqual(compareOutcome(clicked, { ok: false, error: { code: "WindowGone" } }), [
    { path: "ok", want: true, got: false },
    { path: "error.code", want: null, got: "WindowGone" },
  ]);
});

function listed(uid: string, title: string, process: string): ListedWindow {
  return {
    index: 0,
    handle: uid,
    window_uid: uid,
    title,
    process,
    pid: 1,
    focused: false,
    bounds: { x: 0, y: 0, width: 10, height: 10 },
  } as ListedWindow;
}

Deno.test("a recorded window is found again by uid, then by title and process", () => {
  const recorded = { window_uid: "x11:1", title: "Save As", process: "mousepad" };
  const none = new Map<string, string>();
  const cases: Array<[ListedWindow[], Map<string, string>, string | null]> = [
    [[listed("x11:1", "Save As", "mousepad")], none, "x11:1"],
    [[listed("x11:1", "Other", "zenity"), listed("x11:9", "Save As", "mousepad")], none, "x11:9"],
    [[listed("x11:9", "Save As", "gedit")], none, null],
    [
      [listed("x11:8", "Save As", "mousepad"), listed("x11:9", "Save As", "mousepad")],
      new Map([["x11:0", "x11:8"]]),
      "x11:9",
    ],
    [[listed("x11:8", "Renamed", "mousepad")], new Map([["x11:1", "x11:8"]]), "x11:8"],
  ];
  for (const [windows, matched, want] of cases) {
    assert.equal(matchWindow(recorded, windows, matched)?.window_uid ?? null, want);
  }
});

Deno.test("re-aiming: window by the match, element by the recorded selector", () => {
  const window = listed("x11:9", "Doc", "mousepad");
  const clicked = row({
    args: { window_index: 2, element_id: "root.3", button: "left" },
    result_summary: { ok: true, target: { selector: 'Button[name="OK"]', window_uid: "x11:1" } },
  });
  const out = retarget(clicked, window);
  assert.deepEqual(out.args, {
    window_uid: "x11:9",
    selector: 'Button[name="OK"]',
    button: "left",
  });
  assert.equal(out.notes.length, 2);
  assert.deepEqual(clicked.args.element_id, "root.3", "the recording is not changed");
  // A call that named no window keeps going to the focused one; no selector, no change.
  const typed = row({
    tool: "type_text",
    args: { text: "hi" },
    result_summary: { ok: true, target: { selector: null } },
  });
  assert.deepEqual(retarget(typed, window), { args: { text: "hi" }, notes: [] });
  const both = row({
    args: { element_id: "e1", selector: "Edit" },
    result_summary: { ok: true, target: { selector: "X" } },
  });
  assert.deepEqual(retarget(both, null).args, { element_id: "e1", selector: "Edit" });
});

Deno.test("reading a trace back: blank lines, the original's header, an unstopped trace", () => {
  const header =
    '{"type":"header","trace_id":"trace-7a71cb9d","label":"demo","started_at":"x","tool_version":"0.2.0"}';
  const step = JSON.stringify(row({}));
  const parsed = parseTrace(`${header}\n\n${step}\n`);
  assert.equal(parsed.rows.length, 1);
  assert.equal(parsed.footer, null);
  assert.equal(parsed.header.label, "demo");
  // A whole last line without its newline is complete (written by hand); a cut one is not.
  assert.equal(parseTrace(`${header}\n${step}`).rows.length, 1);
  assert.throws(() => parseTrace(`${header}\n${step.slice(0, -3)}`), /cut short/);
  assert.throws(() => parseTrace(`${header}\n${step}\n${header}\n`), /second header/);
  const footer = '{"type":"footer","stopped_at":"y","step_count":1,"duration_ms":3}';
  assert.throws(() => parseTrace(`${header}\n${step}\n${footer}\n${step}\n`), /follows the footer/);
  assert.throws(
    () => parseTrace(header.replace("trace-7a71cb9d", "../../etc") + "\n"),
    /not a valid header/,
  );
  assert.throws(
    () =>
      parseTrace(
        `${header}\n${JSON.stringify(row({ args: { __truncated: true, preview: "{" } }))}\n`,
      ),
    /cannot be re-issued/,
  );
});
