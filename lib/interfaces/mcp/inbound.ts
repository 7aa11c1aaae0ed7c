// What to do with one line read from stdin: deliver it to the SDK, answer it
// with a JSON-RPC error, drop it, or skip it (blank). Every `problem` describes
// the line's shape only, never its text: it goes to the log.

import { checkEnvelope } from "./envelope.ts";
import {
  type ErrorReply,
  errorReply,
  INVALID_PARAMS,
  INVALID_REQUEST,
  PARSE_ERROR,
} from "./error_reply.ts";
import { pruneTooDeep } from "./json_depth.ts";
import { paramsProblem } from "./params.ts";
import type { JSONRPCNotification, JSONRPCRequest } from "./sdk.ts";

/** Deeper than any tool's arguments need; bounds every recursive walk after this point. */
export const MAX_NESTING = 64;

export type Verdict =
  | { kind: "deliver"; message: JSONRPCRequest | JSONRPCNotification }
  | { kind: "answer"; replies: ErrorReply[]; problem: string }
  | { kind: "drop"; problem: string }
  | { kind: "blank" };

// fatal: invalid UTF-8 is a parse error, not U+FFFD; a leading BOM is stripped (ignoreBOM: false).
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
/** JSON's own whitespace (RFC 8259); a line holding nothing else is skipped. */
const BLANK = /^[ \t\r]*$/;

export function judgeOversized(maxLineBytes: number): Verdict {
  const message = `Invalid Request: the line is longer than the ${maxLineBytes}-byte limit ` +
    `(limits.mcp_line_bytes)`;
  return {
    kind: "answer",
    replies: [errorReply(null, INVALID_REQUEST, message)],
    problem: `longer than the ${maxLineBytes}-byte limit, discarded unread`,
  };
}

export function judgeLine(bytes: Uint8Array): Verdict {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return parseError("the line is not valid UTF-8");
  }
  if (BLANK.test(text)) return { kind: "blank" };
  const shallow = pruneTooDeep(text, MAX_NESTING);
  let value: unknown;
  try {
    value = JSON.parse(shallow.text);
  } catch (error) {
    return parseError(describeSyntaxError(error as SyntaxError, shallow.pruned));
  }
  if (Array.isArray(value)) return judgeBatch(value);
  return judgeMessage(value, shallow.pruned);
}

function parseError(problem: string): Verdict {
  return {
    kind: "answer",
    replies: [errorReply(null, PARSE_ERROR, `Parse error: ${problem}`)],
    problem,
  };
}

/** V8's message quotes the text; only its kind and position are kept. */
function describeSyntaxError(error: SyntaxError, pruned: boolean): string {
  // Positions in pruned text are not positions in the line.
  const position = pruned ? undefined : /at position (\d+)/.exec(error.message)?.[1];
  if (position !== undefined && /after JSON/.test(error.message)) {
    return `content after the JSON value at position ${position} (one message per line)`;
  }
  return `not valid JSON${position === undefined ? "" : ` (at position ${position})`}`;
}

function judgeMessage(value: unknown, tooDeep: boolean): Verdict {
  const envelope = checkEnvelope(value);
  switch (envelope.kind) {
    case "response":
      return { kind: "drop", problem: "a response, but this server sends no requests" };
    case "invalid notification":
      return { kind: "drop", problem: `an invalid notification: ${envelope.problem}` };
    case "invalid":
      return { kind: "answer", replies: [envelope.reply], problem: envelope.problem };
  }
  const depthProblem = `nested deeper than ${MAX_NESTING} levels`;
  const problem = tooDeep ? depthProblem : paramsProblem(envelope.message);
  if (problem === null) return { kind: "deliver", message: envelope.message };
  // The problem may name fields of the client's own making, so the log gets only its kind.
  const logged = tooDeep ? depthProblem : "invalid params";
  if (envelope.kind === "notification") {
    return { kind: "drop", problem: `an invalid notification: ${logged}` };
  }
  const reply = errorReply(envelope.message.id, INVALID_PARAMS, `Invalid params: ${problem}`);
  return { kind: "answer", replies: [reply], problem: logged };
}

/**
 * MCP (2025-06-18) has no batches. Each element that would be answered on its
 * own (a request, or an invalid message) gets its own -32600 line, with its id
 * when it has a usable one; notifications and responses in it are dropped.
 */
function judgeBatch(elements: unknown[]): Verdict {
  const message = "Invalid Request: batches are not supported; send one message per line";
  const replies = elements.flatMap((element) => {
    const envelope = checkEnvelope(element);
    if (envelope.kind === "request") {
      return [errorReply(envelope.message.id, INVALID_REQUEST, message)];
    }
    if (envelope.kind === "invalid") {
      return [errorReply(envelope.reply.id, INVALID_REQUEST, message)];
    }
    return [];
  });
  // An empty array is one invalid request (JSON-RPC 2.0 §6).
  if (elements.length === 0) replies.push(errorReply(null, INVALID_REQUEST, message));
  const problem = `a batch of ${elements.length} elements (batches are not supported)`;
  return replies.length === 0 ? { kind: "drop", problem } : { kind: "answer", replies, problem };
}
