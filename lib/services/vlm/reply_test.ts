// The pure parts of what comes back: reading a chat-completions reply, what a
// server's error says (without the key), the failure messages and what they
// tell the user to set, and the multipass envelope.

import { strict as assert } from "node:assert";
import { cleanDetail, parseChatReply, serverSaid } from "./client.ts";
import { applyPass, emptyEnvelope, type Envelope, synthesisedSummary } from "./envelope.ts";
import { endsTheCall, type VlmFailure } from "./failures.ts";
import { describeFailure, unavailableText } from "./messages.ts";
import { unparseableReply } from "./multipass.ts";

const choice = (content: unknown, extra: Record<string, unknown> = {}) => ({
  choices: [{ message: { role: "assistant", content }, finish_reason: "stop" }],
  ...extra,
});

Deno.test("parseChatReply reads choices[0].message.content and the usage", () => {
  assert.deepEqual(parseChatReply(choice("hi", { usage: { completion_tokens: 5 } })), {
    ok: true,
    reply: { text: "hi", completionTokens: 5, finishReason: "stop" },
  });
  assert.deepEqual(parseChatReply(choice("hi")), {
    ok: true,
    reply: { text: "hi", completionTokens: null, finishReason: "stop" },
  });
  const parts = choice([{ type: "text", text: "a" }, { type: "image" }, {
    type: "text",
    text: "b",
  }]);
  assert.equal((parseChatReply(parts) as { reply: { text: string } }).reply.text, "ab");
});

const BAD_REPLIES: Array<[string, unknown, string, boolean]> = [
  ["a list", [], "the reply is not a JSON object", false],
  ["no choices", { object: "x" }, 'no "choices" list', false],
  [
    "an error instead",
    { error: { message: "overloaded" } },
    'no "choices"; it said: overloaded',
    false,
  ],
  ["empty choices", { choices: [] }, 'an empty "choices" list', false],
  ["no message", { choices: [{ text: "legacy" }] }, 'choices[0] has no "message"', false],
  ["empty content", choice(""), "empty content", true],
  ["null content", choice(null), "empty content", true],
  ["blank content", choice(" \n "), "empty content", true],
];

for (const [name, body, detail, empty] of BAD_REPLIES) {
  Deno.test(`parseChatReply refuses ${name}`, () => {
    const result = parseChatReply(body) as { ok: false; detail: string; empty?: true };
    assert.equal(result.ok, false);
    assert.equal(result.detail, detail);
    assert.equal(result.empty === true, empty);
  });
}

const SAID: Array<[unknown, string]> = [
  [{ error: { message: "bad key" } }, "bad key"],
  [{ error: "bad key" }, "bad key"],
  [{ detail: "Not Found" }, "Not Found"],
  [{ message: "nope" }, "nope"],
  [{ other: 1 }, ""],
  ["plain text error", "plain text error"],
  ["<html><body>502 Bad Gateway</body></html>", ""],
  [null, ""],
];

for (const [body, said] of SAID) {
  Deno.test(`serverSaid(${JSON.stringify(body)})`, () => assert.equal(serverSaid(body), said));
}

Deno.test("cleanDetail removes the key, keeps one short line", () => {
  assert.equal(
    cleanDetail("invalid key sk-123\n  try again", "sk-123"),
    "invalid key <api key> try again",
  );
  assert.equal(cleanDetail("sk-123", null), "sk-123");
  const long = cleanDetail("x".repeat(500), null);
  assert.equal(Array.from(long).length, 201);
  assert.ok(long.endsWith("…"));
});

const URL_ = "http://h:1/v1/chat/completions";
const http = (status: number, over: Partial<Extract<VlmFailure, { kind: "http" }>> = {}) => ({
  kind: "http" as const,
  urls: [URL_],
  status,
  detail: "",
  model: "m",
  keySent: true,
  retryAfter: null,
  ...over,
});

/** Each failure, the words that name its cause, and the setting it points at. */
const MESSAGES: Array<[string, VlmFailure, RegExp, boolean]> = [
  [
    "no model",
    { kind: "not_configured" },
    /vlm\.model is not set: set it in config\.json .*vlm\.enabled to false/,
    false,
  ],
  ["no screenshot", { kind: "no_screenshot" }, /screenshot could not be taken/, false],
  [
    "budget spent",
    { kind: "budget", limit: 50 },
    /safety\.budgets\.max_vlm_tokens = 50\): raise it/,
    false,
  ],
  [
    "unreachable",
    { kind: "unreachable", url: URL_, detail: "Connection refused (os error 111)" },
    /could not connect to http:\/\/h:1\/v1\/chat\/completions \(Connection refused \(os error 111\)\): .*vlm\.base_url/,
    true,
  ],
  [
    "timeout",
    { kind: "timeout", url: URL_, seconds: 60 },
    /did not answer within 60 s \(vlm\.timeout_s\): raise vlm\.timeout_s/,
    true,
  ],
  [
    "redirect",
    { kind: "redirect", url: URL_, status: 301, location: "https://h/v1" },
    /redirect \(HTTP 301\) to https:\/\/h\/v1, which is not followed .*set vlm\.base_url to the final address/,
    true,
  ],
  [
    "401 with a key",
    http(401),
    /refused the API key \(HTTP 401\): set vlm\.api_key .*OWUI_API_KEY/,
    true,
  ],
  [
    "401 without a key",
    http(401, { keySent: false }),
    /wants an API key \(HTTP 401\): set vlm\.api_key/,
    true,
  ],
  ["403", http(403, { detail: "no access" }), /refused the API key \(HTTP 403: no access\)/, true],
  [
    "404 on both prefixes",
    http(404, {
      urls: ["http://h:1/api/v1/chat/completions", URL_],
      detail: "model 'm' not found",
    }),
    /api\/v1\/chat\/completions and http:\/\/h:1\/v1\/chat\/completions answered HTTP 404: model 'm' not found: .*vlm\.base_url .*no model "m" \(vlm\.model\)/,
    false,
  ],
  ["429", http(429), /rate limiting requests \(HTTP 429\): retry later/, true],
  ["429 with Retry-After", http(429, { retryAfter: "30" }), /retry after 30 s/, true],
  [
    "500",
    http(500, { detail: "boom" }),
    /failed with HTTP 500: boom: the server or model "m" has a problem/,
    false,
  ],
  ["503", http(503), /failed with HTTP 503: /, false],
  ["400", http(400), /rejected the request with HTTP 400: check that vlm\.model \("m"\)/, false],
  [
    "malformed",
    { kind: "malformed", url: URL_, detail: "Unexpected end of JSON input" },
    /not a chat-completions reply \(Unexpected end of JSON input\): check that vlm\.base_url/,
    false,
  ],
  [
    "empty reply",
    { kind: "empty_reply", url: URL_, model: "m" },
    /model "m" at .* returned an empty reply: .*vlm\.model/,
    false,
  ],
  [
    "too large",
    { kind: "too_large", url: URL_, limitBytes: 8 * 1024 * 1024 },
    /larger than 8 MB/,
    false,
  ],
  [
    "not sent",
    { kind: "not_sent", cause: { kind: "timeout", url: URL_, seconds: 5 } },
    /^not sent, an earlier request failed: .*did not answer within 5 s/,
    false,
  ],
];

for (const [name, failure, message, ends] of MESSAGES) {
  Deno.test(`failure message: ${name}`, () => {
    assert.match(describeFailure(failure), message);
    assert.equal(unavailableText(failure), `[VLM unavailable — ${describeFailure(failure)}]`);
    assert.equal(endsTheCall(failure), ends, "whether the later passes are still sent");
  });
}

Deno.test("unparseableReply says when the reply was cut at max_tokens", () => {
  assert.equal(
    unparseableReply("empty response", "stop"),
    "the reply is not a JSON object: empty response",
  );
  assert.match(
    unparseableReply("Unexpected end", "length"),
    /cut at its max_tokens: raise vlm\.max_tokens/,
  );
});

Deno.test("the empty envelope has every key", () => {
  assert.deepEqual(emptyEnvelope(), {
    summary: null,
    app: null,
    screen_type: null,
    primary_task: null,
    focused: null,
    controls: [],
    next_actions: [],
    modal_open: null,
    sensitive_regions: [],
    confidence: null,
    discrepancies: [],
    _passes: { scene_ms: null, controls_ms: null, actions_ms: null, verify_ms: null },
  });
});

const APPLIED: Array<
  [string, Parameters<typeof applyPass>[1], Record<string, unknown>, Partial<Envelope>, string[]]
> = [
  ["scene keys", "scene", { app: "A", screen_type: "s", primary_task: "t", language: "en" }, {
    app: "A",
    screen_type: "s",
    primary_task: "t",
  }, []],
  ["null values are skipped", "scene", { app: null, screen_type: "s" }, { screen_type: "s" }, []],
  ["another pass's keys are not taken", "scene", { controls: [1], app: "A" }, { app: "A" }, []],
  ["wrong types are left out and named", "controls", {
    controls: "none",
    modal_open: "no",
    focused: { role: "x" },
  }, {
    focused: { role: "x" },
  }, ["modal_open", "controls"]],
  ["controls are capped at 8", "controls", { controls: Array(12).fill(1) }, {
    controls: Array(8).fill(1),
  }, []],
  ["actions are capped at 3", "actions", { next_actions: [1, 2, 3, 4] }, {
    next_actions: [1, 2, 3],
  }, []],
  ["modal_open false counts", "controls", { modal_open: false }, { modal_open: false }, []],
  ["verify", "verify", { confidence: 0, discrepancies: [] }, { confidence: 0 }, []],
];

for (const [name, pass, reply, filled, ignored] of APPLIED) {
  Deno.test(`applyPass: ${name}`, () => {
    const envelope = emptyEnvelope();
    assert.deepEqual(applyPass(envelope, pass, reply), ignored);
    assert.deepEqual(envelope, { ...emptyEnvelope(), ...filled });
  });
}

const SUMMARIES: Array<[Partial<Envelope>, string | null]> = [
  [
    { app: "Notepad", screen_type: "text-editor", primary_task: "edit" },
    "Notepad (text-editor) — edit",
  ],
  [{ app: "Notepad" }, "Notepad"],
  [{ app: "Notepad", primary_task: "edit" }, "Notepad — edit"],
  [{ screen_type: "login-form" }, "(login-form)"],
  [{}, null],
];

for (const [parts, summary] of SUMMARIES) {
  Deno.test(`synthesisedSummary(${JSON.stringify(parts)})`, () => {
    assert.equal(synthesisedSummary({ ...emptyEnvelope(), ...parts }), summary);
  });
}
