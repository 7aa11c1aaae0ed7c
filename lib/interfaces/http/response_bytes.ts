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

/** Fields every answer carries unless it sets its own (the server's defaults). */
export type AnswerFields = ReadonlyArray<readonly [string, string]>;

/** The answer's own header fields as HTTP text, then `defaults` it did not set; and its type. */
function fieldsOf(response: Response, defaults: AnswerFields): { fields: string; type: string } {
  let fields = "";
  let type = "";
  const names: string[] = [];
  for (const [name, value] of response.headers) {
    if (name === "content-type") type = value;
    if (FRAMING.has(name)) continue;
    fields += `${name}: ${value}\r\n`;
    names.push(name);
  }
  for (const [name, value] of defaults) {
    if (!names.includes(name)) fields += `${name}: ${value}\r\n`;
  }
  return { fields, type };
}

/** The head of a streamed answer: chunked, so each event goes out as it is written. */
export function streamedHead(
  response: Response,
  options: { close: boolean; defaults?: AnswerFields },
): Uint8Array {
  const { fields } = fieldsOf(response, options.defaults ?? []);
  let text = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n${fields}`;
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

/** Bodies made as bytes by their handler, given here too: read back, they would be copied. */
const bodies = new WeakMap<Response, Uint8Array>();

/** `response`, whose body is `bytes`: the transport writes them without reading the body. */
export function withKnownBody(response: Response, bytes: Uint8Array): Response {
  bodies.set(response, bytes);
  return response;
}

export async function responseBytes(
  response: Response,
  options: { head: boolean; close: boolean; defaults?: AnswerFields },
): Promise<Uint8Array> {
  const { fields, type } = fieldsOf(response, options.defaults ?? []);
  const start = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n${fields}`;
  const close = options.close ? "connection: close\r\n" : "";
  if (response.status === 204 || response.status === 304) {
    return encoder.encode(`${start}${close}\r\n`);
  }
  const known = bodies.get(response);
  if (known !== undefined) return joined(start, close, known, options.head);
  // Not `response.body` (that getter builds a ReadableStream): text() of a string body is
  // ~3× cheaper than arrayBuffer(), and every text answer is one; head and text are encoded
  // together.
  if (type.startsWith("application/json") || type.startsWith("text/")) {
    return textAnswer(await response.text(), start, close, options.head);
  }
  return joined(start, close, new Uint8Array(await response.arrayBuffer()), options.head);
}

/** Text bodies up to this many UTF-16 units are encoded straight into the answer's buffer. */
const ENCODE_IN_PLACE_MAX = 65_536;

/**
 * A text answer's bytes. The body is encoded once, into the buffer the answer
 * goes out in, after room for the head (whose length field needs the body's
 * byte count); larger bodies are encoded on their own and joined.
 */
function textAnswer(text: string, start: string, close: string, headOnly: boolean): Uint8Array {
  if (text.length > ENCODE_IN_PLACE_MAX) {
    return joined(start, close, encoder.encode(text), headOnly);
  }
  // HEAD answers carry the length the GET body would have.
  const headOf = (bytes: number) => `${start}content-length: ${bytes}\r\n${close}\r\n`;
  // Head text is Latin-1 at worst (2 bytes a unit in UTF-8) plus the length's digits.
  const room = 2 * headOf(0).length + 16;
  const buffer = new Uint8Array(room + 3 * text.length);
  const { written } = encoder.encodeInto(text, buffer.subarray(room));
  const head = encoder.encode(headOf(written));
  if (headOnly) return head;
  buffer.set(head, room - head.length);
  return buffer.subarray(room - head.length, room + written);
}

/** The head (with the body's length) and the body, in one buffer. */
function joined(start: string, close: string, body: Uint8Array, headOnly: boolean): Uint8Array {
  const head = encoder.encode(`${start}content-length: ${body.length}\r\n${close}\r\n`);
  if (headOnly || body.length === 0) return head;
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
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
