// The stdio guard's pure parts, in process: line splitting under a byte cap,
// depth pruning, the JSON-RPC envelope, params checks and the verdict per line.

import assert from "node:assert/strict";
import { checkEnvelope } from "./envelope.ts";
import { judgeLine, judgeOversized, MAX_NESTING, type Verdict } from "./inbound.ts";
import { pruneTooDeep } from "./json_depth.ts";
import { type LinePiece, LineSplitter } from "./line_splitter.ts";
import { paramsProblem } from "./params.ts";

const encode = (text: string) => new TextEncoder().encode(text);

/** Pieces as strings ("line:<text>" or "oversized:<bytes>") for readable tables. */
function split(maxLineBytes: number, chunks: string[]): string[] {
  const splitter = new LineSplitter(maxLineBytes);
  const pieces: LinePiece[] = [
    ...chunks.flatMap((chunk) => splitter.push(encode(chunk))),
    ...splitter.end(),
  ];
  return pieces.map((piece) =>
    piece.kind === "line"
      ? `line:${new TextDecoder().decode(piece.bytes)}`
      : `oversized:${piece.byteLength}`
  );
}

Deno.test("lines split on \\n across any chunking, capped at the limit while they stream", () => {
  const cases: Array<[string, number, string[], string[]]> = [
    ["one line", 8, ["abc\n"], ["line:abc"]],
    ["a line over three chunks", 8, ["a", "b", "c\n"], ["line:abc"]],
    ["two lines in one chunk", 8, ["ab\ncd\n"], ["line:ab", "line:cd"]],
    ["\\r is kept (JSON whitespace)", 8, ["ab\r\n"], ["line:ab\r"]],
    ["blank lines are lines", 8, ["\n\n"], ["line:", "line:"]],
    ["a last line without \\n", 8, ["ab\ncd"], ["line:ab", "line:cd"]],
    ["nothing after the last \\n", 8, ["ab\n"], ["line:ab"]],
    ["exactly the limit", 4, ["abcd\n"], ["line:abcd"]],
    ["one byte over", 4, ["abcde\n", "ok\n"], ["oversized:5", "line:ok"]],
    ["over the limit across chunks", 4, ["abc", "def", "gh\nok\n"], ["oversized:8", "line:ok"]],
    ["oversized at end of input", 4, ["ok\nabcdefgh"], ["line:ok", "oversized:8"]],
    ["the limit counts bytes, not characters", 4, ["ééé\n"], ["oversized:6"]],
  ];
  for (const [name, limit, chunks, expected] of cases) {
    assert.deepEqual(split(limit, chunks), expected, name);
  }
});

Deno.test("an oversized line is never held: 64 MiB through a 1 KiB cap", () => {
  const splitter = new LineSplitter(1024);
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  for (let i = 0; i < 64; i++) assert.deepEqual(splitter.push(chunk), []);
  assert.deepEqual(splitter.push(encode("\n")), [{ kind: "oversized", byteLength: 64 << 20 }]);
});

Deno.test("containers deeper than the limit become null, in one flat pass", () => {
  const cases: Array<[string, number, string, boolean]> = [
    ['{"a":[1]}', 2, '{"a":[1]}', false],
    ['{"a":{"b":[1]}}', 2, '{"a":{"b":null}}', true],
    ["[[1],[[2]],[[3]]]", 2, "[[1],[null],[null]]", true],
    ['{"a":"[[[{{{"}', 1, '{"a":"[[[{{{"}', false],
    ['{"a":"\\"[[["}', 1, '{"a":"\\"[[["}', false],
    ['{"a":"\\\\"}', 1, '{"a":"\\\\"}', false],
    ["[[[", 1, "[null", true],
    ["]]}", 1, "]]}", false],
    ["not json", 1, "not json", false],
  ];
  for (const [text, maxDepth, expected, pruned] of cases) {
    assert.deepEqual(pruneTooDeep(text, maxDepth), { text: expected, pruned }, text);
  }
  const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
  assert.deepEqual(pruneTooDeep(deep, 3), { text: "[[[null]]]", pruned: true });
});

Deno.test("the envelope: ids, jsonrpc, method and params, checked at the top level only", () => {
  const invalid = (id: unknown, code: number, message: string) => ({
    kind: "invalid",
    reply: { jsonrpc: "2.0", id, error: { code, message } },
  });
  const cases: Array<[unknown, Record<string, unknown>]> = [
    [{ jsonrpc: "2.0", id: 1, method: "ping" }, {
      kind: "request",
      message: { jsonrpc: "2.0", id: 1, method: "ping" },
    }],
    [{ jsonrpc: "2.0", id: "x", method: "m", params: {}, extra: 1 }, {
      kind: "request",
      message: { jsonrpc: "2.0", id: "x", method: "m", params: {} },
    }],
    [{ jsonrpc: "2.0", method: "n" }, {
      kind: "notification",
      message: { jsonrpc: "2.0", method: "n" },
    }],
    [{ jsonrpc: "2.0", id: 1, result: {} }, { kind: "response" }],
    [{ jsonrpc: "2.0", id: null, error: { code: -32700, message: "x" } }, { kind: "response" }],
    ["a string", invalid(null, -32600, "Invalid Request: a message must be a JSON object")],
    [null, invalid(null, -32600, "Invalid Request: a message must be a JSON object")],
    [
      { jsonrpc: "2.0", id: 1.5, method: "ping" },
      invalid(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ],
    [
      { jsonrpc: "2.0", id: 1e308, method: "ping" },
      invalid(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ],
    [
      { jsonrpc: "2.0", id: null, method: "ping" },
      invalid(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ],
    [
      { jsonrpc: "2.0", id: [1], method: "ping" },
      invalid(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ],
    [{ id: 9, method: "ping" }, invalid(9, -32600, 'Invalid Request: "jsonrpc" must be "2.0"')],
    [
      { jsonrpc: 2, id: 9, method: "ping" },
      invalid(9, -32600, 'Invalid Request: "jsonrpc" must be "2.0"'),
    ],
    [
      { method: "notifications/initialized" },
      invalid(null, -32600, 'Invalid Request: "jsonrpc" must be "2.0"'),
    ],
    [{ jsonrpc: "2.0" }, invalid(null, -32600, 'Invalid Request: "method" must be a string')],
    [
      { jsonrpc: "2.0", id: 2, method: 5 },
      invalid(2, -32600, 'Invalid Request: "method" must be a string'),
    ],
    [
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: [1] },
      invalid(3, -32602, 'Invalid params: "params" must be an object'),
    ],
    [
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: "x" },
      invalid(4, -32602, 'Invalid params: "params" must be an object'),
    ],
    [
      { jsonrpc: "2.0", id: 4, method: "ping", params: null },
      invalid(4, -32602, 'Invalid params: "params" must be an object'),
    ],
    [{ jsonrpc: "2.0", method: "n", params: 7 }, { kind: "invalid notification" }],
  ];
  for (const [value, expected] of cases) {
    const envelope = checkEnvelope(value) as Record<string, unknown>;
    const { problem: _problem, ...shown } = envelope;
    assert.deepEqual(shown, expected, JSON.stringify(value));
  }
});

Deno.test("params of the methods the SDK parses: one short line naming the field", () => {
  const request = (method: string, params?: unknown) => ({
    jsonrpc: "2.0" as const,
    id: 1,
    method,
    ...(params === undefined ? {} : { params }),
  });
  const notification = (method: string, params: unknown) => ({
    jsonrpc: "2.0" as const,
    method,
    params: params as Record<string, unknown>,
  });
  const cases: Array<
    [ReturnType<typeof request> | ReturnType<typeof notification>, string | null]
  > = [
    [request("initialize", {}), "params.protocolVersion is required (and 2 more)"],
    [
      request("initialize", { protocolVersion: "x", capabilities: {}, clientInfo: { name: 5 } }),
      "params.clientInfo.name: expected string, received number (and 1 more)",
    ],
    [request("tools/list", { cursor: 5 }), "params.cursor: expected string, received number"],
    [request("tools/list", { cursor: "c" }), null],
    [request("tools/call"), "params is required"],
    [request("tools/call", {}), "params.name is required"],
    [
      request("tools/call", { name: "x", arguments: [1] }),
      "params.arguments: expected record, received array",
    ],
    [request("tools/call", { name: "x", arguments: {} }), null],
    [request("ping", { _meta: 5 }), "params._meta: expected object, received number"],
    [
      request("anything/else", { _meta: { progressToken: {} } }),
      "params._meta.progressToken is not valid",
    ],
    [request("anything/else", { free: [1, 2] }), null],
    [notification("notifications/cancelled", { requestId: {} }), "params.requestId is not valid"],
    [notification("notifications/whatever", { a: 1 }), null],
  ];
  for (const [message, expected] of cases) {
    const problem = paramsProblem(message as Parameters<typeof paramsProblem>[0]);
    assert.equal(problem, expected, JSON.stringify(message));
  }
});

/** A verdict as a short string: "deliver", "blank", "drop" or the replies' id/code/message. */
function summarize(verdict: Verdict): string {
  switch (verdict.kind) {
    case "answer":
      return verdict.replies.map((r) => `${r.id} ${r.error.code} ${r.error.message}`).join(" | ");
    default:
      return verdict.kind;
  }
}

Deno.test("one verdict per line: deliver, answer with an error, drop or skip", () => {
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const notJson = "null -32700 Parse error: not valid JSON";
  const batch = "Invalid Request: batches are not supported; send one message per line";
  const cases: Array<[string | Uint8Array, string]> = [
    [ping, "deliver"],
    ["\ufeff" + ping, "deliver"],
    [ping + " \t\r", "deliver"],
    ["", "blank"],
    [" \t\r", "blank"],
    ["\ufeff", "blank"],
    ["this is not json", notJson],
    ["{", "null -32700 Parse error: not valid JSON (at position 1)"],
    ["\u00a0", notJson],
    [
      ping + "\u0000",
      "null -32700 Parse error: content after the JSON value at position 40 (one message per line)",
    ],
    [
      ping + ping,
      "null -32700 Parse error: content after the JSON value at position 40 (one message per line)",
    ],
    ['{"a" 1}', "null -32700 Parse error: not valid JSON (at position 5)"],
    [
      new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      "null -32700 Parse error: the line is not valid UTF-8",
    ],
    ["[]", `null -32600 ${batch}`],
    [
      `[1, ${ping}, {"jsonrpc":"2.0","method":"n"}, {"jsonrpc":"2.0","id":"r","result":{}}]`,
      `null -32600 ${batch} | 1 -32600 ${batch}`,
    ],
    ['[{"jsonrpc":"2.0","method":"n"}]', "drop"],
    ['"a string"', "null -32600 Invalid Request: a message must be a JSON object"],
    ['{"jsonrpc":"2.0","id":1,"result":{}}', "drop"],
    ['{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":[]}}', "drop"],
    ['{"jsonrpc":"2.0","method":"n","params":"x"}', "drop"],
    [
      '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":5}}',
      "5 -32602 Invalid params: params.cursor: expected string, received number",
    ],
  ];
  for (const [line, expected] of cases) {
    const bytes = typeof line === "string" ? encode(line) : line;
    assert.equal(summarize(judgeLine(bytes)), expected, JSON.stringify(line));
  }
});

Deno.test("nesting: the limit itself passes, one level more is -32602 with the request's id", () => {
  const call = (depth: number) => {
    // The message is level 1, params 2, arguments 3: `depth` counts the whole message.
    const value = "[".repeat(depth - 3) + "]".repeat(depth - 3);
    const args = depth > 3 ? `{"a":${value}}` : "{}";
    return encode(
      `{"jsonrpc":"2.0","id":7,"method":"tools/call",` +
        `"params":{"name":"list_windows","arguments":${args}}}`,
    );
  };
  assert.equal(judgeLine(call(MAX_NESTING)).kind, "deliver");
  const refusal = `7 -32602 Invalid params: nested deeper than ${MAX_NESTING} levels`;
  assert.equal(summarize(judgeLine(call(MAX_NESTING + 1))), refusal);
  assert.equal(summarize(judgeLine(call(10_000))), refusal);
  assert.equal(summarize(judgeLine(call(2_000_000))), refusal);
  const deepNotification = `{"jsonrpc":"2.0","method":"n","params":{"a":${"[".repeat(100)}${
    "]".repeat(100)
  }}}`;
  assert.equal(judgeLine(encode(deepNotification)).kind, "drop");
});

Deno.test("a problem to log never holds the line's text", () => {
  const secret = "TopSecret-XYZ";
  const lines = [
    `${secret} typed into the wrong window`,
    `{"password": "${secret}"`,
    `{"jsonrpc":"2.0","id":"${secret}","method":5}`,
    `{"jsonrpc":"2.0","id":1,"method":"${secret}","params":{"_meta":5}}`,
    `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":{"${secret}":1}}}`,
    `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"${secret}":1}}}`,
    `{"jsonrpc":"2.0","id":1,"result":"${secret}"}`,
    `["${secret}"]`,
    `{"${secret}": ${"[".repeat(100)}${"]".repeat(100)}}`,
  ];
  for (const line of lines) {
    const verdict = judgeLine(encode(line));
    assert.ok(verdict.kind === "answer" || verdict.kind === "drop", line);
    assert.doesNotMatch(verdict.problem, new RegExp(secret), line);
  }
  const oversized = judgeOversized(4096);
  assert.equal(
    summarize(oversized),
    "null -32600 Invalid Request: the line is longer than the 4096-byte limit (limits.mcp_line_bytes)",
  );
});
