// AnswerBuffers (./answer_buffers.ts) lends kept buffers and takes back only
// what it lent; responseBytes (./response_bytes.ts) writes the same bytes into
// them as into new ones, answer after answer.

import { strict as assert } from "node:assert";
import { AnswerBuffers } from "./answer_buffers.ts";
import { responseBytes, withKnownBody } from "./response_bytes.ts";

Deno.test("AnswerBuffers lends kept buffers, and takes back only what it lent", () => {
  const buffers = new AnswerBuffers(1024, 2);
  const first = buffers.take(100);
  const second = buffers.take(1024);
  assert.notEqual(first.buffer, second.buffer, "two answers in flight have two buffers");
  assert.equal(first.length, 1024);
  buffers.give(first.subarray(10, 20));
  assert.equal(buffers.take(10).buffer, first.buffer, "given back (as a part of it), lent again");
  const large = buffers.take(5000);
  assert.equal(large.length, 5000, "more than a kept buffer holds: a new one of that size");
  buffers.give(large);
  assert.notEqual(buffers.take(5000).buffer, large.buffer);
  // A body's own bytes of the same size (a cached picture, say) must never be written over.
  const foreign = new Uint8Array(1024);
  buffers.give(foreign);
  assert.notEqual(buffers.take(1).buffer, foreign.buffer);
  buffers.give(second);
  buffers.give(second);
  const again = [buffers.take(1), buffers.take(1)];
  assert.notEqual(again[0].buffer, again[1].buffer, "given twice, lent once");
});

Deno.test("AnswerBuffers keeps at most its number of free buffers", () => {
  const buffers = new AnswerBuffers(64, 2);
  const lent = [buffers.take(1), buffers.take(1), buffers.take(1)];
  for (const bytes of lent) buffers.give(bytes);
  const next = [buffers.take(1), buffers.take(1), buffers.take(1)];
  const reused = next.filter((bytes) => lent.some((old) => old.buffer === bytes.buffer));
  assert.equal(reused.length, 2);
});

const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const knownBytes = new TextEncoder().encode("bytes — as they are");
const mixed = ['{"a":"é",', knownBytes, ',"b":"✓"}'];
const mixedText = '{"a":"é",bytes — as they are,"b":"✓"}';

/** Name, answer, HEAD or not, and the body a GET of it carries. */
const answers: Array<[string, () => Response, boolean, string]> = [
  ["ASCII JSON", () => Response.json({ ok: true }), false, '{"ok":true}'],
  ["JSON beyond Latin-1", () => Response.json({ t: "Notepad — ✓" }), false, '{"t":"Notepad — ✓"}'],
  [
    "known text",
    () => withKnownBody(Response.json(null), ['{"k":"é — ✓"}']),
    false,
    '{"k":"é — ✓"}',
  ],
  [
    "known bytes",
    () => withKnownBody(new Response(knownBytes, { headers: { "x-a": "b" } }), [knownBytes]),
    false,
    "bytes — as they are",
  ],
  ["known text and bytes", () => withKnownBody(Response.json(null), mixed), false, mixedText],
  [
    "HEAD of known text and bytes",
    () => withKnownBody(Response.json(null), mixed),
    true,
    mixedText,
  ],
  [
    "HEAD of known bytes",
    () => withKnownBody(Response.json(null), [knownBytes]),
    true,
    "bytes — as they are",
  ],
  [
    "known text too large to encode in place",
    () => withKnownBody(Response.json(null), ["€".repeat(70_000), knownBytes, "✓"]),
    false,
    `${"€".repeat(70_000)}bytes — as they are✓`,
  ],
  ["HEAD of JSON beyond Latin-1", () => Response.json({ t: "— ✓" }), true, '{"t":"— ✓"}'],
  [
    "a body larger than a kept buffer",
    () => Response.json({ t: "é".repeat(3000) }),
    false,
    `{"t":"${"é".repeat(3000)}"}`,
  ],
  ["no content", () => new Response(null, { status: 204 }), false, ""],
];

Deno.test("responseBytes writes the same answer into kept buffers as into new ones", async () => {
  const buffers = new AnswerBuffers(4096, 1);
  // Twice over: the second round writes into buffers that held the first round's answers.
  for (const round of [1, 2]) {
    for (const [name, make, head, body] of answers) {
      const about = `${name}, round ${round}`;
      const fresh = decoded(await responseBytes(make(), { head, close: round === 2 }));
      const kept = await responseBytes(make(), { head, close: round === 2, buffers });
      assert.equal(decoded(kept), fresh, about);
      const [headText, written] = fresh.split("\r\n\r\n");
      assert.equal(written, head ? "" : body, about);
      const length = /content-length: (\d+)/.exec(headText)?.[1];
      if (body !== "") assert.equal(Number(length), new TextEncoder().encode(body).length, about);
      buffers.give(kept);
    }
  }
});
