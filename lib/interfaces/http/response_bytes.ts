// Turning a fetch Response into HTTP/1.1 bytes, and the transport's own
// error answers (the same JSON envelope every route uses).

import { envelope, type ErrorCode } from "../../model/errors.ts";

const REASONS: Record<number, string> = {
  100: "Continue",
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
};

const encoder = new TextEncoder();

export const CONTINUE = encoder.encode("HTTP/1.1 100 Continue\r\n\r\n");

/** Fields the transport writes itself (framing is ours, not the handler's). */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

/** An answer whose body is a stream of events (SSE): written as it comes, chunked. */
export function isEventStream(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/event-stream") &&
    response.body !== null;
}

/** The head of a streamed answer: chunked, so each event goes out as it is written. */
export function streamedHead(response: Response, options: { close: boolean }): Uint8Array {
  let text = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n`;
  for (const [name, value] of response.headers) {
    if (!FRAMING.has(name)) text += `${name}: ${value}\r\n`;
  }
  text += "transfer-encoding: chunked\r\n";
  if (options.close) text += "connection: close\r\n";
  return encoder.encode(`${text}\r\n`);
}

/** One chunk of a chunked body (an empty one ends it). */
export function chunk(bytes: Uint8Array): Uint8Array {
  const size = encoder.encode(`${bytes.length.toString(16)}\r\n`);
  const out = new Uint8Array(size.length + bytes.length + 2);
  out.set(size);
  out.set(bytes, size.length);
  out.set([13, 10], size.length + bytes.length);
  return out;
}

export async function responseBytes(
  response: Response,
  options: { head: boolean; close: boolean },
): Promise<Uint8Array> {
  // HEAD answers carry the length the GET body would have.
  const body = await bodyBytes(response);
  let text = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n`;
  for (const [name, value] of response.headers) {
    if (!FRAMING.has(name)) text += `${name}: ${value}\r\n`;
  }
  const noBody = response.status === 204 || response.status === 304;
  if (!noBody) text += `content-length: ${body.length}\r\n`;
  if (options.close) text += "connection: close\r\n";
  text += "\r\n";
  const head = encoder.encode(text);
  if (options.head || noBody || body.length === 0) return head;
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/**
 * Not `response.body` (that getter builds a ReadableStream): text() of a
 * string body is ~3× cheaper than arrayBuffer(), and every text answer is one.
 */
async function bodyBytes(response: Response): Promise<Uint8Array> {
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("application/json") || type.startsWith("text/")) {
    return encoder.encode(await response.text());
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** An error answered by the transport before any route saw the request. */
export function transportError(
  status: number,
  code: ErrorCode,
  message: string,
  context: Record<string, unknown> = {},
): Response {
  return new Response(JSON.stringify(envelope(code, message, context)), {
    status,
    headers: { "content-type": "application/json" },
  });
}
