// The JSON-RPC 2.0 envelope of one parsed message, checked member by member at
// the top level only (MCP ids: strings or integers, never null). Only the
// members JSON-RPC defines are passed on, so extra ones cannot upset the SDK.

import { type ErrorReply, errorReply, INVALID_PARAMS, INVALID_REQUEST } from "./error_reply.ts";
import type { JSONRPCNotification, JSONRPCRequest, RequestId } from "./sdk.ts";

export type Envelope =
  | { kind: "request"; message: JSONRPCRequest }
  | { kind: "notification"; message: JSONRPCNotification }
  /** A response from the client: this server sends no requests, so it answers none. */
  | { kind: "response" }
  /** Answered; `problem` says what was wrong without quoting the message. */
  | { kind: "invalid"; reply: ErrorReply; problem: string }
  /** A notification whose params are not an object: dropped, never answered. */
  | { kind: "invalid notification"; problem: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || Number.isSafeInteger(value);
}

function invalidRequest(id: RequestId | null, problem: string): Envelope {
  return {
    kind: "invalid",
    reply: errorReply(id, INVALID_REQUEST, `Invalid Request: ${problem}`),
    problem,
  };
}

export function checkEnvelope(value: unknown): Envelope {
  if (!isPlainObject(value)) return invalidRequest(null, "a message must be a JSON object");
  // Answering a response (even an invalid one) could start an endless error ping-pong.
  if (!("method" in value) && ("result" in value || "error" in value)) return { kind: "response" };
  const hasId = "id" in value;
  if (hasId && !isRequestId(value.id)) {
    return invalidRequest(null, '"id" must be a string or an integer');
  }
  const id = hasId ? value.id as RequestId : null;
  if (value.jsonrpc !== "2.0") return invalidRequest(id, '"jsonrpc" must be "2.0"');
  if (typeof value.method !== "string") return invalidRequest(id, '"method" must be a string');
  const { method, params } = value;
  if (params !== undefined && !isPlainObject(params)) {
    const problem = '"params" must be an object';
    if (id === null) return { kind: "invalid notification", problem };
    return {
      kind: "invalid",
      reply: errorReply(id, INVALID_PARAMS, `Invalid params: ${problem}`),
      problem,
    };
  }
  const members = { jsonrpc: "2.0" as const, method, ...(params === undefined ? {} : { params }) };
  return id === null
    ? { kind: "notification", message: members }
    : { kind: "request", message: { ...members, id } };
}
