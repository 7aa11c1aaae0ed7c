// Small HTTP helpers for tests against the spawned service.

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export async function getJson(url: string, init?: RequestInit): Promise<JsonResponse> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`non-JSON response ${res.status} from ${url}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}

export function postJson(url: string, body: unknown, headers: HeadersInit = {}) {
  return getJson(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * Sends a hand-written HTTP/1.1 request over TCP, so tests control every
 * header (fetch will not forge Host).
 */
export async function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; text: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(request));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(65536);
    while (true) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    const text = new TextDecoder().decode(
      chunks.reduce((a, b) => new Uint8Array([...a, ...b]), new Uint8Array()),
    );
    const status = Number(text.split(" ")[1]);
    return { status, text };
  } finally {
    try {
      conn.close();
    } catch {
      // closed by the server
    }
  }
}

export { fromBase64 as decodeBase64 } from "../../lib/model/base64.ts";

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!signature.every((b, i) => png[i] === b)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Milliseconds for GET /api/healthz on a fresh connection (Connection: close),
 * so a check never rides on a kept-alive socket a flood could evict.
 */
export async function healthzMs(port: number): Promise<number> {
  const started = performance.now();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(
      new TextEncoder().encode(
        "GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      ),
    );
    const buf = new Uint8Array(8192);
    let text = "";
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    if (!/^HTTP\/1\.1 200 /.test(text)) {
      throw new Error(`healthz answered ${JSON.stringify(text.slice(0, 200))}`);
    }
    return performance.now() - started;
  } finally {
    try {
      conn.close();
    } catch {
      // closed by the server
    }
  }
}
