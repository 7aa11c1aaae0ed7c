// Turning a fetch Response into HTTP/1.1 bytes, and the transport's own
// error answers (the same JSON envelope every route uses).

import { envelope, type ErrorCode } from "../../model/errors.ts";
import type { AnswerBuffers } from "./answer_buffers.ts";

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
  // forEach walks the same sorted, combined pairs as iterating, at a fifth of the cost.
  response.headers.forEach((value, name) => {
    if (name === "content-type") type = value;
    if (FRAMING.has(name)) return;
    fields += `${name}: ${value}\r\n`;
    names.push(name);
  });
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

/** A body as its handler made it: text to encode as UTF-8, and bytes, in order. */
export type BodyPieces = ReadonlyArray<string | Uint8Array>;

/** Bodies their handler made, given here too: read back, text would be encoded twice. */
const bodies = new WeakMap<Response, BodyPieces>();

/**
 * `response`, whose body is `pieces` joined: the transport writes them
 * without reading the body, each encoded or copied once into the answer's own
 * buffer.
 */
export function withKnownBody(response: Response, pieces: BodyPieces): Response {
  bodies.set(response, pieces);
  return response;
}

export interface AnswerOptions {
  /** HEAD: the head alone, with the length the body would have. */
  head: boolean;
  close: boolean;
  defaults?: AnswerFields;
  /** Where the answer is written (new buffers when not given). */
  buffers?: AnswerBuffers;
}

export async function responseBytes(
  response: Response,
  options: AnswerOptions,
): Promise<Uint8Array> {
  const { fields, type } = fieldsOf(response, options.defaults ?? []);
  const start = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n${fields}`;
  const close = options.close ? "connection: close\r\n" : "";
  if (response.status === 204 || response.status === 304) {
    return encoder.encode(`${start}${close}\r\n`);
  }
  const known = bodies.get(response);
  if (known !== undefined) return answerOf(known, start, close, options);
  // Not `response.body` (that getter builds a ReadableStream): text() of a string body is
  // ~3× cheaper than arrayBuffer(), and every text answer is one.
  const body = type.startsWith("application/json") || type.startsWith("text/")
    ? await response.text()
    : new Uint8Array(await response.arrayBuffer());
  return answerOf([body], start, close, options);
}

/**
 * Text up to this many bytes at most (three a UTF-16 unit) is encoded straight
 * into the answer's buffer; more is encoded on its own first, so that no
 * buffer is three times a large body.
 */
const ENCODE_IN_PLACE_MAX = 196_608;

/**
 * An answer's bytes, head and body in one buffer. Text is encoded once, after
 * room for the head (whose length field needs the body's byte count); the
 * head is then written at the start and the body moved up to it. A body of
 * bytes alone has a known length: its head goes first and nothing moves.
 */
function answerOf(
  pieces: BodyPieces,
  start: string,
  close: string,
  options: AnswerOptions,
): Uint8Array {
  let most = 0;
  for (const piece of pieces) most += typeof piece === "string" ? 3 * piece.length : piece.length;
  if (most > ENCODE_IN_PLACE_MAX && pieces.some((piece) => typeof piece === "string")) {
    pieces = pieces.map((piece) => typeof piece === "string" ? encoder.encode(piece) : piece);
    most = pieces.reduce((sum, piece) => sum + piece.length, 0);
  }
  const headOf = (bytes: number) => `${start}content-length: ${bytes}\r\n${close}\r\n`;
  if (pieces.every((piece) => typeof piece !== "string")) {
    const head = headOf(most);
    if (options.head) return encoder.encode(head);
    const buffer = room(options, 2 * head.length + most);
    return buffer.subarray(0, write(pieces, buffer, encoder.encodeInto(head, buffer).written));
  }
  // Head text is Latin-1 at worst (2 bytes a unit in UTF-8) plus the length's digits (ASCII).
  const headRoom = 2 * headOf(0).length + 16;
  const buffer = room(options, headRoom + most);
  const length = write(pieces, buffer, headRoom) - headRoom;
  const headBytes = encoder.encodeInto(headOf(length), buffer.subarray(0, headRoom)).written;
  if (options.head) return buffer.subarray(0, headBytes);
  buffer.copyWithin(headBytes, headRoom, headRoom + length);
  return buffer.subarray(0, headBytes + length);
}

/** Writes `pieces` into `buffer` from `at` (which has room for them); returns where they end. */
function write(pieces: BodyPieces, buffer: Uint8Array, at: number): number {
  for (const piece of pieces) {
    if (typeof piece === "string") {
      at += encoder.encodeInto(piece, buffer.subarray(at)).written;
    } else {
      buffer.set(piece, at);
      at += piece.length;
    }
  }
  return at;
}

/** Room for `bytes` bytes to write an answer in. */
function room(options: AnswerOptions, bytes: number): Uint8Array<ArrayBuffer> {
  return options.buffers?.take(bytes) ?? new Uint8Array(bytes);
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
