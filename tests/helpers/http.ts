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

export function decodeBase64(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!signature.every((b, i) => png[i] === b)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
