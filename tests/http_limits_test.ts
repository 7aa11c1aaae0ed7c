// The HTTP transport's limits against the real service over raw TCP: the
// outside probe's requests (long request lines, oversize bodies, idle and
// slow connections, more connections than descriptors) each get a typed
// envelope or a clean close, and the service keeps serving.

import { strict as assert } from "node:assert";
import { healthzMs } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const LIMITS = {
  header_timeout_ms: 600,
  idle_timeout_ms: 600,
  body_timeout_ms: 1500,
  body_bytes: 1_000_000,
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

/** Bytes read past the end of an answer: pipelined answers may arrive in one read. */
const leftovers = new WeakMap<Deno.Conn, number[]>();

/**
 * Reads one HTTP answer (content-length framed; a HEAD answer, whose length
 * describes no body, ends at close); `closed` if the server then closed.
 */
async function readAnswer(conn: Deno.Conn, timeoutMs = 5000): Promise<Answer | null> {
  const chunks: number[] = leftovers.get(conn) ?? [];
  leftovers.delete(conn);
  const buf = new Uint8Array(65536);
  const deadline = Date.now() + timeoutMs;
  let headEnd = -1;
  let need = Infinity;
  let closed = false;
  const scanHead = () => {
    if (headEnd >= 0) return;
    const text = decoder.decode(new Uint8Array(chunks));
    const at = text.indexOf("\r\n\r\n");
    if (at < 0) return;
    headEnd = new TextEncoder().encode(text.slice(0, at)).length + 4;
    const length = /content-length: (\d+)/i.exec(text.slice(0, at));
    need = headEnd + (length ? Number(length[1]) : 0);
  };
  scanHead();
  while (chunks.length < need) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new Error("no answer in time");
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"late">((r) => setTimeout(() => r("late"), remaining)),
    ]);
    if (n === "late") throw new Error("no answer in time");
    if (n === null) {
      closed = true;
      break;
    }
    chunks.push(...buf.subarray(0, n));
    scanHead();
  }
  if (chunks.length === 0) return null;
  if (chunks.length > need) leftovers.set(conn, chunks.splice(need));
  const text = decoder.decode(new Uint8Array(chunks));
  const [head, ...rest] = text.split("\r\n\r\n");
  const [statusLine, ...fields] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const f of fields) {
    const i = f.indexOf(":");
    headers[f.slice(0, i).toLowerCase()] = f.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n"), closed };
}

async function connect(port: number): Promise<Deno.TcpConn> {
  return await Deno.connect({ hostname: "127.0.0.1", port });
}

async function send(conn: Deno.Conn, text: string | Uint8Array): Promise<void> {
  const bytes = typeof text === "string" ? encoder.encode(text) : text;
  let off = 0;
  while (off < bytes.length) off += await conn.write(bytes.subarray(off));
}

function envelopeCode(answer: Answer): string {
  return JSON.parse(answer.body).error.code;
}

function close(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // closed by the server
  }
}

Deno.test("transport limits over raw TCP", async (t) => {
  const service = await startService({ config: { limits: LIMITS } });
  const port = service.port;
  try {
    await t.step("a 70 KiB request line is 414 with the envelope", async () => {
      const conn = await connect(port);
      await send(
        conn,
        `GET /api/windows?x=${"a".repeat(70 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      const answer = (await readAnswer(conn))!;
      close(conn);
      assert.equal(answer.status, 414);
      assert.equal(answer.headers["content-type"], "application/json");
      assert.equal(envelopeCode(answer), "BadRequest");
      assert.match(JSON.parse(answer.body).error.message, /request line too long/);
    });

    await t.step("70 KiB of header fields is 431", async () => {
      const conn = await connect(port);
      await send(
        conn,
        `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(70 * 1024)}\r\n\r\n`,
      );
      const answer = (await readAnswer(conn))!;
      close(conn);
      assert.equal(answer.status, 431);
      assert.equal(envelopeCode(answer), "BadRequest");
    });

    await t.step(
      "a declared 600 MB body is refused with 413 before any of it is read",
      async () => {
        const conn = await connect(port);
        const started = performance.now();
        await send(
          conn,
          "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            "Content-Length: 600000000\r\n\r\n{",
        );
        const answer = (await readAnswer(conn))!;
        const after = await conn.read(new Uint8Array(16)).catch(() => null);
        close(conn);
        assert.equal(answer.status, 413);
        assert.equal(envelopeCode(answer), "BadRequest");
        assert.equal(JSON.parse(answer.body).error.context.config_key, "limits.body_bytes");
        assert.equal(after, null, "the connection closes after a refused body");
        const elapsed = performance.now() - started;
        assert.ok(elapsed < 1000, `answered after ${elapsed} ms`);
      },
    );

    await t.step("a chunked body past the limit is 413 while it streams", async () => {
      const conn = await connect(port);
      await send(
        conn,
        "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          "Transfer-Encoding: chunked\r\n\r\n",
      );
      const piece = `10000\r\n${"a".repeat(0x10000)}\r\n`;
      let answer: Answer | null = null;
      const reading = readAnswer(conn, 10_000).then((a) => (answer = a));
      for (let i = 0; i < 40 && answer === null; i++) await send(conn, piece).catch(() => {});
      await reading;
      close(conn);
      assert.equal(answer!.status, 413);
    });

    await t.step("Expect: 100-continue gets its interim answer, then the real one", async () => {
      const conn = await connect(port);
      const body = JSON.stringify({ action: "key", value: "ctrl+s" });
      await send(
        conn,
        "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          `Expect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      const interim = (await readAnswer(conn))!;
      assert.equal(interim.status, 100);
      await send(conn, body);
      const answer = (await readAnswer(conn))!;
      close(conn);
      assert.equal(answer.status, 200);
      assert.equal(JSON.parse(answer.body).success, true);
    });

    await t.step("pipelined requests are answered in order on one connection", async () => {
      const conn = await connect(port);
      await send(
        conn,
        "GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" +
          "GET /api/nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" +
          "HEAD /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      );
      const first = (await readAnswer(conn))!;
      const second = (await readAnswer(conn))!;
      const third = (await readAnswer(conn))!;
      close(conn);
      assert.deepEqual([first.status, second.status, third.status], [200, 404, 200]);
      assert.equal(third.body, "", "HEAD has no body");
      assert.ok(Number(third.headers["content-length"]) > 0);
    });

    await t.step("a slow-loris head is answered 408 and closed at the header timeout", async () => {
      const conn = await connect(port);
      const started = performance.now();
      await send(conn, "GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      const trickle = setInterval(() => send(conn, "X: y\r\n").catch(() => {}), 100);
      const answer = (await readAnswer(conn, 5000))!;
      clearInterval(trickle);
      close(conn);
      const elapsed = performance.now() - started;
      assert.equal(answer.status, 408);
      assert.equal(envelopeCode(answer), "Timeout");
      assert.ok(elapsed >= 500 && elapsed < 2500, `closed after ${elapsed} ms`);
    });

    await t.step("an idle keep-alive connection is closed at the idle timeout", async () => {
      const conn = await connect(port);
      await send(conn, "GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assert.equal((await readAnswer(conn))!.status, 200);
      const started = performance.now();
      const n = await conn.read(new Uint8Array(16)).catch(() => null);
      close(conn);
      assert.equal(n, null);
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= 400 && elapsed < 2500, `closed after ${elapsed} ms`);
    });

    await t.step("a bare connection that never speaks is closed silently", async () => {
      const conn = await connect(port);
      const n = await conn.read(new Uint8Array(16)).catch(() => null);
      close(conn);
      assert.equal(n, null);
    });

    await t.step("malformed heads and targets are envelopes, not 500s", async () => {
      for (
        const request of [
          "GET /api/structure?window_index=%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
          "GET http://evil/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
          "BREW /api/windows HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
          "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
        ]
      ) {
        const conn = await connect(port);
        await send(conn, request);
        const answer = (await readAnswer(conn))!;
        close(conn);
        assert.ok(answer.status >= 400 && answer.status < 500, `${answer.status}: ${request}`);
        assert.ok(JSON.parse(answer.body).error.code, request);
      }
    });

    await t.step("the inspector page carries the anti-framing and no-sniff headers", async () => {
      const res = await fetch(`${service.url}/`);
      await res.body?.cancel();
      assert.equal(res.headers.get("x-frame-options"), "DENY");
      const policy = res.headers.get("content-security-policy") ?? "";
      assert.match(policy, /frame-ancestors 'none'/);
      assert.equal(policy.match(/frame-ancestors/g)?.length, 1, "the page's own policy, once");
      // An API answer has the bare anti-framing policy.
      const api = await fetch(`${service.url}/api/healthz`);
      await api.body?.cancel();
      assert.equal(api.headers.get("content-security-policy"), "frame-ancestors 'none'");
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    });

    assert.ok((await healthzMs(port)) < 1000);
    assert.equal(service.exited(), null);
  } finally {
    await service.stop();
  }
});

Deno.test("more bare connections than open-file descriptors never kill the service", async () => {
  // The probe's crash: 1,100 idle connections against a 1,024 descriptor limit.
  const service = await startService({ openFileLimit: 1024 });
  const conns: Deno.Conn[] = [];
  try {
    for (let i = 0; i < 1100; i++) conns.push(await connect(service.port));
    await new Promise((r) => setTimeout(r, 300));
    assert.ok((await healthzMs(service.port)) < 1000);
    assert.equal(service.exited(), null, "the service is alive");
    assert.doesNotMatch(service.stderr(), /Uncaught|Too many open files \(os error 24\)\n\s+at/);
  } finally {
    for (const c of conns) close(c);
    await service.stop();
  }
});
