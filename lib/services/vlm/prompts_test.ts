// The pure parts of a VLM request: URLs and keys, image size, grounding
// blocks and their cuts, prompt assembly and the privacy note, the wire body.

import { strict as assert } from "node:assert";
import { element } from "../../model/tree.ts";
import { requestBody } from "./client.ts";
import { estimateTokens, preparePrompt, type Privacy } from "./caller.ts";
import { VLM_SECTION } from "../../formats/config/vlm.ts";
import { apiKeyOf, chatCompletionsUrl, prefixOrder, shownUrl } from "./endpoint.ts";
import {
  cutChars,
  cutLines,
  focusLine,
  groundingBlocks,
  type GroundingLimits,
  type GroundingParts,
  usableOcr,
} from "./grounding.ts";
import { fitWithin } from "./image.ts";
import {
  actionsPrompt,
  assemblePrompt,
  DEFAULT_SCENE_PROMPT,
  DEFAULT_SINGLE_PROMPT,
  scenePrompt,
  singlePrompt,
  verifyPrompt,
} from "./prompts.ts";

const settings = (over: Record<string, unknown> = {}) => VLM_SECTION.parse(over);

const URLS: Array<[string, string, string]> = [
  ["http://localhost:3000", "/api/v1", "http://localhost:3000/api/v1/chat/completions"],
  ["http://localhost:3000/", "/v1", "http://localhost:3000/v1/chat/completions"],
  ["http://h:1/proxy//", "/v1", "http://h:1/proxy/v1/chat/completions"],
  [
    "https://api.example.com/openai",
    "/api/v1",
    "https://api.example.com/openai/api/v1/chat/completions",
  ],
];

for (const [base, prefix, url] of URLS) {
  Deno.test(`chatCompletionsUrl(${base}, ${prefix})`, () => {
    assert.equal(chatCompletionsUrl(base, prefix), url);
  });
}

Deno.test("prefixes: /api/v1 then /v1, the one that answered last first", () => {
  assert.deepEqual(prefixOrder(null), ["/api/v1", "/v1"]);
  assert.deepEqual(prefixOrder("/v1"), ["/v1", "/api/v1"]);
  assert.deepEqual(prefixOrder("/api/v1"), ["/api/v1", "/v1"]);
  assert.deepEqual(prefixOrder("/elsewhere"), ["/api/v1", "/v1"]);
});

const KEYS: Array<[string | null, string | undefined, string | null]> = [
  ["configured", "from-env", "configured"],
  [null, "from-env", "from-env"],
  ["", "from-env", "from-env"],
  [null, "", null],
  [null, undefined, null],
];

for (const [configured, env, key] of KEYS) {
  Deno.test(`apiKeyOf(${configured}, env ${env}) = ${key}`, () => {
    assert.equal(apiKeyOf(configured, (name) => name === "OWUI_API_KEY" ? env : "other"), key);
  });
}

Deno.test("shownUrl drops credentials, query and fragment", () => {
  assert.equal(
    shownUrl("https://user:pw@h.example:8443/v1/chat/completions?key=abc#x"),
    "https://h.example:8443/v1/chat/completions",
  );
  assert.equal(shownUrl("not a url"), "(invalid URL)");
});

const SIZES: Array<[[number, number, number], [number, number]]> = [
  [[800, 600, 1600], [800, 600]],
  [[1600, 900, 1600], [1600, 900]],
  [[3200, 1800, 1600], [1600, 900]],
  [[1080, 1920, 1600], [900, 1600]],
  [[800, 600, 200], [200, 150]],
  [[5000, 3, 100], [100, 1]],
  [[333, 777, 100], [43, 100]],
];

for (const [[w, h, max], [ew, eh]] of SIZES) {
  Deno.test(`fitWithin ${w}×${h} at most ${max} → ${ew}×${eh}`, () => {
    const size = fitWithin(w, h, max);
    assert.deepEqual(size, { width: ew, height: eh });
    assert.ok(Math.max(size.width, size.height) <= max);
  });
}

Deno.test("cutLines keeps the first lines and says so", () => {
  assert.equal(cutLines("a\nb\nc", 3), "a\nb\nc");
  assert.equal(cutLines("a\nb\nc\nd", 2), "a\nb\n… [tree truncated to 2 lines]");
});

Deno.test("cutChars counts code points and appends its marker", () => {
  assert.equal(cutChars("abcdef", 6, "…!"), "abcdef");
  assert.equal(cutChars("abcdef", 4, "… [truncated]"), "abcd… [truncated]");
  assert.equal(cutChars("😀😀😀", 2, "…"), "😀😀…", "never splits a surrogate pair");
});

const OCR: Array<[string | null, string | null]> = [
  ["Hello", "Hello"],
  ["  Hello \n", "Hello"],
  ["", null],
  ["   ", null],
  [null, null],
  ["[OCR unavailable: no engine]", null],
  ["[OCR disabled in config (ocr.enabled = false)]", null],
];

for (const [text, usable] of OCR) {
  Deno.test(`usableOcr(${JSON.stringify(text)})`, () => assert.equal(usableOcr(text), usable));
}

Deno.test("focusLine: role, name when named, tree id", () => {
  const named = { ...element("Button", "Save", [0, 0, 1, 1]), id: "root.3" };
  const unnamed = { ...element("Edit", "", [0, 0, 1, 1]), id: "root.0.1" };
  assert.equal(focusLine(named), 'Button "Save" tree_id=root.3');
  assert.equal(focusLine(unnamed), "Edit tree_id=root.0.1");
});

const LIMITS: GroundingLimits = { treeMaxLines: 2, ocrMaxChars: 5, sketchMaxChars: 4 };
const NONE: GroundingParts = { tree: null, ocr: null, sketch: null, focus: null };

const BLOCKS: Array<[string, GroundingParts, string[]]> = [
  ["nothing", NONE, []],
  ["empty parts are left out", { tree: "", ocr: " ", sketch: "\n", focus: "" }, []],
  ["OCR's own message is left out", { ...NONE, ocr: "[OCR failed: x]" }, []],
  ["every part, in order", { tree: "t", ocr: "o", sketch: "s", focus: 'Edit "x" tree_id=root' }, [
    "<ACCESSIBILITY_TREE>\nt\n</ACCESSIBILITY_TREE>",
    "<OCR_TEXT>\no\n</OCR_TEXT>",
    "<ASCII_SKETCH>\ns\n</ASCII_SKETCH>",
    '<FOCUSED_ELEMENT>\nEdit "x" tree_id=root\n</FOCUSED_ELEMENT>',
  ]],
  ["each cut at its limit", { ...NONE, tree: "1\n2\n3", ocr: "abcdefgh", sketch: "+--+--+" }, [
    "<ACCESSIBILITY_TREE>\n1\n2\n… [tree truncated to 2 lines]\n</ACCESSIBILITY_TREE>",
    "<OCR_TEXT>\nabcde… [truncated]\n</OCR_TEXT>",
    "<ASCII_SKETCH>\n+--+… [sketch truncated]\n</ASCII_SKETCH>",
  ]],
];

for (const [name, parts, blocks] of BLOCKS) {
  Deno.test(`groundingBlocks: ${name}`, () => {
    assert.deepEqual(groundingBlocks(parts, LIMITS), blocks);
  });
}

Deno.test("assemblePrompt: preamble, prompt, blocks, one empty line apart", () => {
  assert.equal(assemblePrompt("P", []), "P");
  assert.equal(
    assemblePrompt("P", ["<A>\na\n</A>", "<B>\nb\n</B>"]),
    "P\n\n<A>\na\n</A>\n\n<B>\nb\n</B>",
  );
  assert.equal(assemblePrompt("P", ["X"], "N"), "N\n\nP\n\nX");
});

Deno.test("single mode's prompt: prompt_single, else prompt, else the default", () => {
  assert.equal(singlePrompt(settings()), DEFAULT_SINGLE_PROMPT);
  assert.equal(singlePrompt(settings({ prompt: "legacy" })), "legacy");
  assert.equal(singlePrompt(settings({ prompt: "legacy", prompt_single: "new" })), "new");
  assert.match(DEFAULT_SINGLE_PROMPT, /ONLY that JSON object/);
  for (const key of ["summary", "screen_type", "next_actions", "sensitive_regions"]) {
    assert.ok(DEFAULT_SINGLE_PROMPT.includes(`"${key}"`), key);
  }
});

Deno.test("the scene pass appends the window's title and process", () => {
  const window = { title: "Save As", process: "gedit" };
  assert.equal(
    scenePrompt(settings(), window),
    `${DEFAULT_SCENE_PROMPT}\n\nWindow title: 'Save As'\nProcess: 'gedit'`,
  );
  assert.equal(
    scenePrompt(settings({ prompt_scene: "S" }), window),
    "S\n\nWindow title: 'Save As'\nProcess: 'gedit'",
  );
});

Deno.test("the actions and verify passes get their input blocks", () => {
  const s = settings({ prompt_actions: "A", prompt_verify: "V" });
  assert.equal(
    actionsPrompt(s, { app: "x" }, { controls: [] }),
    'A\n\n<SCENE>\n{"app":"x"}\n</SCENE>\n\n<CONTROLS>\n{"controls":[]}\n</CONTROLS>',
  );
  assert.equal(
    actionsPrompt(s, null, { controls: [] }),
    'A\n\n<CONTROLS>\n{"controls":[]}\n</CONTROLS>',
  );
  assert.equal(
    verifyPrompt(s, { controls: [] }, "tree"),
    'V\n\n<CONTROLS>\n{"controls":[]}\n</CONTROLS>\n\n<ACCESSIBILITY_TREE>\ntree\n</ACCESSIBILITY_TREE>',
  );
});

const privacy = (over: Partial<Privacy> = {}): Privacy => ({
  scrub: (text) => text.replaceAll("hunter22", "[REDACTED]"),
  active: false,
  replacement: "[REDACTED]",
  ...over,
});

const PREPARED: Array<[string, string, Partial<Privacy>, RegExp]> = [
  ["nothing redacted: as is", "look at this", {}, /^look at this$/],
  [
    "a secret is scrubbed, and the note comes first",
    "pw hunter22",
    {},
    /^Privacy note: [^]*\n\npw \[REDACTED\]$/,
  ],
  ["redacted tree text gets the note too", "Edit = '[REDACTED]'", {}, /^Privacy note: /],
  ["active redaction: always the note", "plain", { active: true }, /^Privacy note: [^]*\n\nplain$/],
  [
    "the note names the replacement",
    "x",
    { active: true, replacement: "<hidden>" },
    /you see <hidden>/,
  ],
];

for (const [name, prompt, over, expected] of PREPARED) {
  Deno.test(`preparePrompt: ${name}`, () => {
    const out = preparePrompt(prompt, privacy(over));
    assert.match(out, expected);
    assert.ok(!out.includes("hunter22"));
  });
}

Deno.test("the wire body: image part first, text part last; none for text passes", () => {
  const base = { model: "m", maxTokens: 9, temperature: 0.2, prompt: "P" };
  assert.deepEqual(requestBody({ ...base, imageUrl: "data:image/png;base64,AA" }), {
    model: "m",
    max_tokens: 9,
    temperature: 0.2,
    messages: [{
      role: "user",
      content: [
        { type: "image_url", image_url: { url: "data:image/png;base64,AA" } },
        { type: "text", text: "P" },
      ],
    }],
  });
  assert.deepEqual(
    (requestBody({ ...base, imageUrl: null }).messages as Array<{ content: unknown }>)[0].content,
    [{ type: "text", text: "P" }],
  );
});

const ESTIMATES: Array<[string, number]> = [["", 0], ["abc", 1], ["abcd", 1], ["abcde", 2], [
  "😀😀😀😀",
  1,
]];

for (const [text, tokens] of ESTIMATES) {
  Deno.test(`estimateTokens(${JSON.stringify(text)}) = ${tokens}`, () => {
    assert.equal(estimateTokens(text), tokens);
  });
}

Deno.test("the config section is strict and keeps the original's keys valid", () => {
  const example = JSON.parse(
    Deno.readTextFileSync(new URL("../../../config.json.example", import.meta.url)),
  );
  assert.equal(VLM_SECTION.safeParse(example.vlm).success, true);
  assert.equal(VLM_SECTION.safeParse({ modle: "x" }).success, false, "a typo is reported");
  assert.equal(VLM_SECTION.safeParse({ base_url: "localhost:3000" }).success, false);
  const defaults = settings();
  assert.equal(defaults.image_max_dim, 1600);
  assert.equal(defaults.max_tokens, 1500);
  assert.equal(defaults.temperature, 0.1);
  assert.equal(defaults.timeout_s, 240);
});
