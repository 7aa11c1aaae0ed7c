// The SDK's stdio transport (newline-delimited JSON-RPC on stdin/stdout), made
// to end with its input: once stdin reaches EOF, every request already read
// is answered and then the transport closes. So `printf '<request>\n' | oso
// --mode mcp` gets its answer, and a client that hangs up ends the process.

import process from "node:process";
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
  StdioServerTransport,
  type Transport,
} from "./sdk.ts";

export class DrainingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];

  private readonly inner = new StdioServerTransport();
  /** Requests read but not answered yet. */
  private readonly unanswered = new Set<RequestId>();
  private inputEnded = false;
  private closing = false;

  start(): Promise<void> {
    this.inner.onmessage = (message) => {
      if (isJSONRPCRequest(message)) this.unanswered.add(message.id);
      // A cancelled request gets no response (MCP cancellation), so stop waiting for it.
      if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
        this.unanswered.delete(message.params?.requestId as RequestId);
        this.closeIfDrained();
      }
      this.onmessage?.(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    process.stdin.once("end", () => {
      this.inputEnded = true;
      this.closeIfDrained();
    });
    return this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.inner.send(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      if (message.id !== undefined) this.unanswered.delete(message.id);
      this.closeIfDrained();
    }
  }

  close(): Promise<void> {
    this.closing = true;
    return this.inner.close();
  }

  private closeIfDrained(): void {
    if (this.inputEnded && this.unanswered.size === 0 && !this.closing) void this.close();
  }
}
