// LineSplitter (adapters/linux/atspi/host_protocol.ts): the AT-SPI host reads
// the worker's newline-delimited JSON chunk by chunk; a line may arrive in
// pieces, several in one chunk, or split inside a character. CaptureJson
// writes a walked tree's reply as JSON.stringify would, in a buffer it keeps.

import { strict as assert } from "node:assert";
import { CaptureJson, LineSplitter, messagesOf } from "./host_protocol.ts";
import { assignIds, type Element, element } from "../../../lib/model/tree.ts";
import { readTreeJson } from "../../../lib/model/tree_json_pieces.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const euro = bytes("€"); // three bytes

const CASES: Array<[string, Uint8Array[], string[]]> = [
  ["one line, one chunk", [bytes('{"id":1}\n')], ['{"id":1}']],
  ["several lines in one chunk", [bytes("a\nb\nc\n")], ["a", "b", "c"]],
  ["a line in pieces", [bytes("ab"), bytes("c"), bytes("d\n")], ["abcd"]],
  ["an unfinished line is not a line", [bytes("a\nb")], ["a"]],
  ["empty lines", [bytes("\n\na\n")], ["", "", "a"]],
  [
    "a character split between chunks",
    [bytes("x"), euro.subarray(0, 1), euro.subarray(1), bytes("y\n")],
    ["x€y"],
  ],
  ["a line ends inside a later chunk", [bytes("ab"), bytes("c\nd"), bytes("e\n")], ["abc", "de"]],
  ["a chunk starts with the end of a line", [bytes("ab"), bytes("\ncd\n")], ["ab", "cd"]],
  [
    "a long line in many chunks, then another",
    [...Array.from({ length: 1000 }, () => bytes("xy")), bytes("\nz\n")],
    ["xy".repeat(1000), "z"],
  ],
  ["nothing", [], []],
];

for (const [name, chunks, expected] of CASES) {
  Deno.test(`LineSplitter: ${name}`, () => {
    const lines = new LineSplitter();
    assert.deepEqual(chunks.flatMap((chunk) => lines.push(chunk)), expected);
  });
}

// messagesOf: the worker reads the host's replies, JSON lines each followed by
// the bytes its `bytesFollow` announces (a walked tree's JSON, newlines and
// all), however the pipe cuts them into chunks.

const body = bytes('{"root":{"name":"a\\nb €"}}\n{"id":9}\n');
const header = (id: number, n: number) => bytes(`{"id":${id},"bytesFollow":${n}}\n`);
const STREAM = [
  bytes('{"ready":true}\n'),
  header(1, body.length),
  body,
  header(2, 0),
  bytes('{"id":3,"value":null}\n'),
  header(4, 3),
  bytes("€"),
];
const EXPECTED = [
  { line: { ready: true }, bytes: null },
  { line: { id: 1, bytesFollow: body.length }, bytes: body },
  { line: { id: 2, bytesFollow: 0 }, bytes: new Uint8Array(0) },
  { line: { id: 3, value: null }, bytes: null },
  { line: { id: 4, bytesFollow: 3 }, bytes: bytes("€") },
];

async function messagesIn(chunks: Uint8Array[]) {
  let i = 0;
  const got = [];
  for await (const m of messagesOf(() => Promise.resolve(chunks[i++] ?? null))) got.push(m);
  return got;
}

Deno.test("messagesOf: every cut into two chunks, and chunks of 1 to 7 bytes", async () => {
  const whole = new Uint8Array(STREAM.reduce((n, part) => n + part.length, 0));
  STREAM.reduce((at, part) => (whole.set(part, at), at + part.length), 0);
  for (let cut = 0; cut <= whole.length; cut++) {
    assert.deepEqual(
      await messagesIn([whole.subarray(0, cut), whole.subarray(cut)]),
      EXPECTED,
      `cut at ${cut}`,
    );
  }
  for (let size = 1; size <= 7; size++) {
    const chunks = [];
    for (let at = 0; at < whole.length; at += size) chunks.push(whole.subarray(at, at + size));
    assert.deepEqual(await messagesIn(chunks), EXPECTED, `chunks of ${size}`);
  }
});

Deno.test("messagesOf: bytes cut short by the end of the stream are no message", async () => {
  assert.deepEqual(await messagesIn([header(1, 10), bytes("12345")]), []);
});

/** A window of `count` buttons in rows of ten, named with text beyond Latin-1. */
function windowOf(count: number): Element {
  const rows = Array.from(
    { length: Math.ceil(count / 10) },
    (_, r) =>
      element(
        "Panel",
        "",
        [0, r * 20, 400, 20],
        {},
        Array.from(
          { length: Math.min(10, count - r * 10) },
          (_, i) => element("Button", `b${r}.${i} “€” \u{1F600}`, [i * 40, r * 20, 40, 20]),
        ),
      ),
  );
  return assignIds(element("Window", "w", [0, 0, 400, 300], {}, rows));
}

const CAPTURES: Array<[string, Element, Record<string, unknown>, number]> = [
  ["a small tree, with a version", windowOf(3), { nodeCount: 5, version: "v1" }, 1 << 16],
  ["a tree of many pieces", windowOf(500), { nodeCount: 551, cutShort: null }, 1 << 16],
  ["a tree longer than the buffer, which grows", windowOf(500), { nodeCount: 551 }, 64],
  ["nothing beside the root", windowOf(1), {}, 16],
];

Deno.test("CaptureJson: the capture's UTF-8 JSON, its root first, and its root's layout, again and again", () => {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (bytes: Uint8Array) => decoder.decode(bytes);
  for (const [name, root, rest, bytes] of CAPTURES) {
    const writer = new CaptureJson(bytes);
    // The same bytes every time: a reply's bytes do not keep what the last one left.
    for (const tree of [root, windowOf(2), root]) {
      const { json, layout } = writer.utf8Of(tree, rest);
      assert.equal(decode(json), JSON.stringify({ root: tree, ...rest }), name);
      assert.equal(JSON.stringify(readTreeJson(json, layout, decode)), JSON.stringify(tree), name);
      // The root's pieces run from just after `{"root":` to where the rest of the capture starts.
      const end = layout[layout.length - 1];
      assert.equal(layout[1], '{"root":'.length, name);
      const whole = JSON.stringify({ root: tree, ...rest });
      const after = whole.slice(`{"root":${JSON.stringify(tree)}`.length);
      assert.equal(decode(json.subarray(end)), after, name);
    }
  }
});

Deno.test("messagesOf: the bytes after a line land where bytesOf says", async () => {
  const room = new Uint8Array(new ArrayBuffer(64), 0, 3);
  const asked: number[] = [];
  const bytesOf = (length: number) => (asked.push(length), room);
  const chunks = [header(1, 3), bytes("€")];
  let i = 0;
  const got = [];
  for await (const m of messagesOf(() => Promise.resolve(chunks[i++] ?? null), bytesOf)) {
    got.push(m);
  }
  assert.deepEqual(asked, [3]);
  assert.equal(got[0].bytes, room);
  assert.deepEqual(got[0].bytes, bytes("€"));
});
