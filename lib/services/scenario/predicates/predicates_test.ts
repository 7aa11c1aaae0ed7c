// assert_state predicates against a hand-made desktop: one table row per
// behaviour of each kind, with the exact result shape.

import { strict as assert } from "node:assert";
import type { RawImage } from "../../../model/image.ts";
import { treeHash } from "../../../model/hash.ts";
import { createImage, fillRect, hexColor } from "../../../formats/image/raster.ts";
import { evaluatePredicates } from "./evaluate.ts";
import type { ObservedDesktop } from "./types.ts";
import { assignIds, element } from "../../../model/tree.ts";
import type { ListedWindow } from "../../../formats/geometry/window_order.ts";

const FORM = assignIds(element("Window", "Sign in", [0, 0, 200, 100], {}, [
  element("Edit", "User", [10, 10, 100, 20], { value: "alice" }),
  element("Edit", "Note", [10, 40, 100, 20], { value: null }),
  element("Button", "Go", [10, 70, 50, 20]),
]));

const WINDOWS: ListedWindow[] = [
  {
    index: 0,
    handle: "1",
    title: "Sign in — App",
    process: "app",
    pid: 1,
    bounds: { x: 0, y: 0, width: 200, height: 100 },
    focused: true,
    window_uid: "w:form",
  },
  {
    index: 1,
    handle: "2",
    title: "Help",
    process: "app",
    pid: 1,
    bounds: { x: 300, y: 0, width: 100, height: 100 },
    focused: false,
    window_uid: "w:help",
  },
];

/** A panel on a dark ground; `scale` 2 draws the same picture twice as large. */
function picture(shade: string, scale = 1): RawImage {
  const img = createImage(40 * scale, 20 * scale, hexColor("#202020"));
  fillRect(
    img,
    { x: 5 * scale, y: 5 * scale, width: 20 * scale, height: 8 * scale },
    hexColor(shade),
  );
  return img;
}

const desktop: ObservedDesktop = {
  windows: () => Promise.resolve(WINDOWS),
  tree: (w) =>
    Promise.resolve(
      w.window_uid === "w:form" ? { tree: FORM, hash: treeHash(FORM) } : null,
    ),
  screenshot: (w) => Promise.resolve(w.window_uid === "w:form" ? picture("#e0e0e0") : null),
  readImage: (path) => {
    const images: Record<string, RawImage> = {
      "same.png": picture("#e0e0e0"),
      "double.png": picture("#e0e0e0", 2),
      "other.png": picture("#404040"),
    };
    if (!(path in images)) return Promise.reject(new Deno.errors.NotFound(`no ${path}`));
    return Promise.resolve(images[path]);
  },
};

const withOcr: ObservedDesktop = { ...desktop, ocr: () => Promise.resolve("Forgot password?") };

type Row = [
  label: string,
  predicate: unknown,
  passed: boolean,
  observed: unknown,
  on?: ObservedDesktop,
];

const ROWS: Row[] = [
  ["exists", { kind: "element_exists", selector: "Edit" }, true, { count: 2, first_id: "root.0" }],
  ["exists, none", { kind: "element_exists", selector: "Slider" }, false, {
    count: 0,
    first_id: null,
  }],
  ["exists, no selector", { kind: "element_exists" }, false, "selector required"],
  [
    "exists, stale window",
    { kind: "element_exists", selector: "Edit", window_uid: "w:x" },
    false,
    "no tree",
  ],
  [
    "exists, window without tree",
    {
      kind: "element_exists",
      selector: "Edit",
      window_uid: "w:help",
    },
    false,
    "no tree",
  ],
  ["absent", { kind: "element_absent", selector: "Slider" }, true, { count: 0 }],
  ["absent, present", { kind: "element_absent", selector: "Button" }, false, { count: 1 }],
  ["equals", { kind: "value_equals", selector: 'Edit[name="User"]', expected: "alice" }, true, {
    actual: "alice",
  }],
  ["equals null", { kind: "value_equals", selector: 'Edit[name="Note"]', expected: null }, true, {
    actual: null,
  }],
  ["equals, missing expected is null", { kind: "value_equals", selector: "Button" }, true, {
    actual: null,
  }],
  ["equals, JSON types differ", { kind: "value_equals", selector: "Button", expected: "" }, false, {
    actual: null,
  }],
  [
    "equals, no matches",
    { kind: "value_equals", selector: "Slider", expected: "" },
    false,
    "no matches",
  ],
  ["matches searches", { kind: "value_matches", selector: "Edit", regex: "lic" }, true, {
    actual: "alice",
  }],
  [
    "matches null as empty",
    { kind: "value_matches", selector: 'Edit[name="Note"]', regex: "^$" },
    true,
    {
      actual: null,
    },
  ],
  ["matches, no regex", { kind: "value_matches", selector: "Edit" }, false, "regex required"],
  ["text in a name", { kind: "text_visible", regex: "Go" }, true, {
    source: "tree",
    element_id: "root.2",
  }],
  ["text in name + value", { kind: "text_visible", regex: "User alice" }, true, {
    source: "tree",
    element_id: "root.0",
  }],
  [
    "text, tree mode, no match",
    { kind: "text_visible", regex: "zzz", mode: "tree" },
    false,
    "no match",
  ],
  ["text, auto falls back to OCR", { kind: "text_visible", regex: "Forgot" }, true, {
    source: "ocr",
  }, withOcr],
  [
    "text, ocr mode skips the tree",
    { kind: "text_visible", regex: "Go", mode: "ocr" },
    false,
    "no match",
    withOcr,
  ],
  [
    "text, bad mode",
    { kind: "text_visible", regex: "Go", mode: "vision" },
    false,
    "mode must be tree, ocr or auto",
  ],
  ["focused", { kind: "window_focused", title_regex: "Sign" }, true, {
    window_uid: "w:form",
    title: "Sign in — App",
  }],
  [
    "focused, unfocused match",
    { kind: "window_focused", title_regex: "Help" },
    false,
    "focused window does not match",
  ],
  ["window by title", { kind: "window_exists", title_regex: "^Help$" }, true, {
    window_uid: "w:help",
    title: "Help",
  }],
  ["window by uid", { kind: "window_exists", window_uid: "w:form" }, true, {
    window_uid: "w:form",
    title: "Sign in — App",
  }],
  ["window, none", { kind: "window_exists", title_regex: "Error" }, false, "no matching window"],
  ["window, no argument", { kind: "window_exists" }, false, "title_regex or window_uid required"],
  ["hash", { kind: "tree_hash_equals", expected_hash: treeHash(FORM) }, true, {
    actual: treeHash(FORM),
  }],
  ["hash differs", { kind: "tree_hash_equals", expected_hash: "sha1:0" }, false, {
    actual: treeHash(FORM),
  }],
  ["ssim identical", { kind: "screenshot_similar", reference_path: "same.png" }, true, { ssim: 1 }],
  ["ssim, reference resized", { kind: "screenshot_similar", reference_path: "double.png" }, true, {
    ssim: 1,
  }],
  ["ssim below the minimum", { kind: "screenshot_similar", reference_path: "other.png" }, false, {
    ssim: 0.4318,
  }],
  [
    "ssim, no reference",
    { kind: "screenshot_similar" },
    false,
    "reference_path and window required",
  ],
  [
    "ssim, no screenshot",
    {
      kind: "screenshot_similar",
      reference_path: "same.png",
      window_uid: "w:help",
    },
    false,
    "no screenshot",
  ],
  [
    "ssim, unreadable reference",
    { kind: "screenshot_similar", reference_path: "nope.png" },
    false,
    "error: NotFound: no nope.png",
  ],
  [
    "invalid regex",
    { kind: "window_focused", title_regex: "(" },
    false,
    "error: SyntaxError: invalid regular expression '(': missing ), unterminated subpattern at " +
    "position 0",
  ],
  [
    "selector syntax",
    { kind: "element_absent", selector: "[name=x]" },
    false,
    "selector parse: cannot parse step role from '[name=x]'",
  ],
];

Deno.test("predicates: each kind, passing and failing, with its observed shape", async (t) => {
  for (const [label, predicate, passed, observed, on] of ROWS) {
    await t.step(label, async () => {
      const [result] = await evaluatePredicates([predicate], on ?? desktop);
      assert.deepEqual([result.passed, result.observed], [passed, observed]);
      const { kind, ...args } = predicate as Record<string, unknown>;
      assert.deepEqual([result.kind, result.args], [kind, args]);
    });
  }
});

Deno.test("predicates: without an OCR engine, auto mode reports it once the tree fails", async () => {
  const [result] = await evaluatePredicates([{ kind: "text_visible", regex: "zzz" }], desktop);
  assert.equal(result.passed, false);
  const observed = result.observed as { ocr_error: string; hint: string };
  assert.equal(observed.ocr_error, "ocr unavailable");
  assert.match(observed.hint, /mode 'tree'/);
});

Deno.test("predicates: malformed entries yield results, never errors", async () => {
  const results = await evaluatePredicates(["x", null, [1], { kind: "nope", a: 1 }, {}], desktop);
  assert.deepEqual(results, [
    { kind: "?", passed: false, observed: "predicate must be a mapping" },
    { kind: "?", passed: false, observed: "predicate must be a mapping" },
    { kind: "?", passed: false, observed: "predicate must be a mapping" },
    {
      kind: "nope",
      passed: false,
      observed: "unknown predicate kind",
      args: { kind: "nope", a: 1 },
    },
    { kind: "?", passed: false, observed: "unknown predicate kind", args: {} },
  ]);
});
