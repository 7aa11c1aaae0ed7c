// The HTTP/1.1 transport's pure parts: request heads, body framing,
// keep-alive, and the incremental chunked decoder.

import { strict as assert } from "node:assert";
import { ChunkedDecoder } from "./chunked.ts";
import {
  bodyFraming,
  findHeadEnd,
  hasRequestLine,
  isProblem,
  keepsAlive,
  parseHead,
  type RequestHead,
} from "./head.ts";
import { connectionCap } from "../../interfaces/http/fd_limit.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

function head(text: string): RequestHead {
  const parsed = parseHead(bytes(text));
  if (isProblem(parsed)) throw new Error(`unexpected problem: ${parsed.message}`);
  return parsed;
}

Deno.test("parseHead reads method, target, version and lower-cased fields", () => {
  const h = head("GET /api/windows?x=1 HTTP/1.1\r\nHost: a\r\nX-Thing:  v  \r\n\r\n");
  assert.deepEqual(h.method, "GET");
  assert.deepEqual(h.target, "/api/windows?x=1");
  assert.deepEqual(h.minorVersion, 1);
  assert.deepEqual(h.headers, [["host", "a"], ["x-thing", "v"]]);
});

Deno.test("parseHead skips blank lines before the request line and keeps raw UTF-8 targets", () => {
  const h = head("\r\n\r\nGET /a?q=ü HTTP/1.0\r\n\r\n");
  assert.deepEqual(h.target, "/a?q=ü");
  assert.deepEqual(h.minorVersion, 0);
});

Deno.test("parseHead refuses malformed heads with the right status", () => {
  const cases: Array<[string, number]> = [
    ["GET /\r\n\r\n", 400],
    ["GET  / HTTP/1.1\r\n\r\n", 400],
    ["G(T / HTTP/1.1\r\n\r\n", 400],
    ["GET / HTTP/2.0\r\n\r\n", 505],
    ["GET / HTTP/1.1x\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nNo-Colon\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nBad Name: v\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nHost : v\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nA: b\x00c\r\n\r\n", 400],
    ["GET /a\x7fb HTTP/1.1\r\n\r\n", 400],
  ];
  for (const [text, status] of cases) {
    const parsed = parseHead(bytes(text));
    assert(isProblem(parsed), `accepted: ${JSON.stringify(text)}`);
    assert.deepEqual(parsed.status, status, JSON.stringify(text));
  }
});

Deno.test("bodyFraming: lengths, chunked, and ambiguous framing refused", () => {
  const framing = (fields: string, version = "1.1") =>
    bodyFraming(head(`POST / HTTP/${version}\r\n${fields}\r\n`));
  assert.deepEqual(framing(""), { kind: "none" });
  assert.deepEqual(framing("Content-Length: 0\r\n"), { kind: "none" });
  assert.deepEqual(framing("Content-Length: 12\r\n"), { kind: "length", length: 12 });
  assert.deepEqual(framing("Content-Length: 12\r\nContent-Length: 12\r\n"), {
    kind: "length",
    length: 12,
  });
  assert.deepEqual(framing("Transfer-Encoding: chunked\r\n"), { kind: "chunked" });
  const refused: Array<[string, number, string?]> = [
    ["Content-Length: 12\r\nContent-Length: 13\r\n", 400],
    ["Content-Length: 12, 13\r\n", 400],
    ["Content-Length: -1\r\n", 400],
    ["Content-Length: 1e3\r\n", 400],
    ["Content-Length: 99999999999999999999\r\n", 400],
    ["Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", 400],
    ["Transfer-Encoding: gzip, chunked\r\n", 501],
    ["Transfer-Encoding: chunked\r\n", 400, "1.0"],
  ];
  for (const [fields, status, version] of refused) {
    const result = framing(fields, version);
    assert(isProblem(result), `accepted: ${JSON.stringify(fields)}`);
    assert.deepEqual(result.status, status, fields);
  }
});

Deno.test("keepsAlive follows HTTP/1.1 defaults and Connection tokens", () => {
  const cases: Array<[string, boolean]> = [
    ["GET / HTTP/1.1\r\n\r\n", true],
    ["GET / HTTP/1.1\r\nConnection: close\r\n\r\n", false],
    ["GET / HTTP/1.1\r\nConnection: Keep-Alive, Close\r\n\r\n", false],
    ["GET / HTTP/1.0\r\n\r\n", false],
    ["GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true],
  ];
  for (const [text, expected] of cases) assert.deepEqual(keepsAlive(head(text)), expected, text);
});

Deno.test("findHeadEnd resumes a scan without missing a terminator split across reads", () => {
  const all = bytes("GET / HTTP/1.1\r\nA: b\r\n\r\nBODY");
  const end = all.indexOf(66); // "B" of BODY
  for (let cut = 1; cut < all.length; cut++) {
    const first = findHeadEnd(all, cut, 0);
    const found = first >= 0 ? first : findHeadEnd(all, all.length, cut);
    assert.deepEqual(found, end, `split at ${cut}`);
  }
  assert.deepEqual(findHeadEnd(bytes("GET / HTTP/1.1\r\n"), 16, 0), -1);
});

Deno.test("hasRequestLine tells a long request line from long header fields", () => {
  const long = bytes("GET /" + "a".repeat(100));
  assert.deepEqual(hasRequestLine(long, long.length), false);
  const line = bytes("GET / HTTP/1.1\r\nX: " + "a".repeat(100));
  assert.deepEqual(hasRequestLine(line, line.length), true);
});

/** Feeds the wire in pieces as a connection would, dropping what each step used. */
function decodeInPieces(wire: string, max: number, piece: number) {
  const all = bytes(wire);
  const decoder = new ChunkedDecoder(max);
  let start = 0;
  for (let end = Math.min(piece, all.length);; end = Math.min(end + piece, all.length)) {
    const step = decoder.step(all.subarray(start, end), end - start);
    if (step.kind === "done") return { ...step, consumed: start + step.consumed };
    if (step.kind !== "more") return step;
    start += step.consumed;
    if (end === all.length) return step;
  }
}

Deno.test("ChunkedDecoder decodes in any split, with extensions and trailers", () => {
  const wire =
    "4;ext=1\r\nWiki\r\n6\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\nNEXT";
  for (const piece of [1, 2, 3, 7, 1000]) {
    const step = decodeInPieces(wire, 1000, piece);
    assert.deepEqual(step.kind, "done", `piece ${piece}`);
    if (step.kind !== "done") continue;
    assert.deepEqual(new TextDecoder().decode(step.body), "Wikipedia in \r\n\r\nchunks.");
    assert.deepEqual(wire.slice(step.consumed), "NEXT");
  }
});

Deno.test("ChunkedDecoder refuses oversize and malformed bodies before storing them", () => {
  assert.deepEqual(decodeInPieces("10\r\n0123456789abcdef\r\n0\r\n\r\n", 15, 4).kind, "too_large");
  assert.deepEqual(decodeInPieces("FFFFFFF\r\n", 1000, 100).kind, "too_large");
  assert.deepEqual(decodeInPieces("zz\r\n", 1000, 100).kind, "malformed");
  assert.deepEqual(decodeInPieces("2\r\nabc\r\n", 1000, 100).kind, "malformed");
  assert.deepEqual(decodeInPieces("1".repeat(5000), 1000, 100).kind, "malformed");
  assert.deepEqual(decodeInPieces("3\r\nab", 1000, 100).kind, "more");
});

Deno.test("connectionCap stays at half the descriptor limit", () => {
  assert.deepEqual(connectionCap(512, null), 512);
  assert.deepEqual(connectionCap(512, 1024), 512);
  assert.deepEqual(connectionCap(512, 256), 128);
  assert.deepEqual(connectionCap(512, 4), 8);
});
