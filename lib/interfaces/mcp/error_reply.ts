// JSON-RPC 2.0 error responses the stdio guard writes itself, for lines that
// never reach the SDK (not JSON, not a valid request, params it would choke on).

import type { RequestId } from "./sdk.ts";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

export interface ErrorReply {
  jsonrpc: "2.0";
  /** null when the request's id could not be read (JSON-RPC 2.0 §5). */
  id: RequestId | null;
  error: { code: number; message: string };
}

export function errorReply(id: RequestId | null, code: number, message: string): ErrorReply {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
