// MCP over stdio (newline-delimited JSON-RPC) with a guard in front of the
// SDK: lines are capped while they stream in, and anything that is not a
// well-formed request or notification is answered (or dropped) here, with its
// shape logged and never its text. Once stdin ends, every request already read
// is answered and then the transport closes, so `printf '<request>\n' | oso
// --mode mcp` gets its answer and a client that hangs up ends the process.

import { log } from "../../support/log.ts";
import { judgeLine, judgeOversized, type Verdict } from "./inbound.ts";
import { type LinePiece, LineSplitter } from "./line_splitter.ts";
import type {
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  RequestId,
  Transport,
} from "./sdk.ts";

const UTF8 = new TextEncoder();

export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];

  /** Requests handed to the SDK and not answered yet, counted per id (ids may repeat). */
  private readonly unanswered = new Map<RequestId, number>();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  /** Writes are chained so that lines never interleave and close() can wait for the last. */
  private written: Promise<void> = Promise.resolve();
  private inputEnded = false;
  private closing = false;

  constructor(
    private readonly maxLineBytes: number,
    input: ReadableStream<Uint8Array> = Deno.stdin.readable,
    output: WritableStream<Uint8Array> = Deno.stdout.writable,
  ) {
    this.reader = input.getReader();
    this.writer = output.getWriter();
  }

  start(): Promise<void> {
    void this.readUntilEnd();
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.write(message);
    } finally {
      // Settled even when stdout is gone, or the process would wait forever for this answer.
      if (!("method" in message) && message.id !== undefined) this.settle(message.id);
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.reader.cancel().catch(() => {});
    await this.written.catch(() => {});
    this.onclose?.();
  }

  private async readUntilEnd(): Promise<void> {
    const splitter = new LineSplitter(this.maxLineBytes);
    try {
      while (true) {
        const { done, value } = await this.reader.read();
        if (this.closing) return;
        if (done) break;
        splitter.push(value).forEach((piece) => this.handle(piece));
      }
      // A last line without a newline is still a line.
      splitter.end().forEach((piece) => this.handle(piece));
    } catch (error) {
      this.onerror?.(error as Error);
    }
    this.inputEnded = true;
    this.closeIfDrained();
  }

  private handle(piece: LinePiece): void {
    const verdict: Verdict = piece.kind === "oversized"
      ? judgeOversized(this.maxLineBytes)
      : judgeLine(piece.bytes);
    const byteLength = piece.kind === "oversized" ? piece.byteLength : piece.bytes.length;
    switch (verdict.kind) {
      case "deliver":
        this.deliver(verdict.message);
        return;
      case "answer":
        log(
          "WARNING",
          "mcp",
          `answered a ${byteLength}-byte line with an error: ${verdict.problem}`,
        );
        for (const reply of verdict.replies) this.write(reply).catch((e) => this.onerror?.(e));
        return;
      case "drop":
        log("WARNING", "mcp", `dropped a ${byteLength}-byte line: ${verdict.problem}`);
        return;
    }
  }

  private deliver(message: JSONRPCRequest | JSONRPCNotification): void {
    if ("id" in message) {
      this.unanswered.set(message.id, (this.unanswered.get(message.id) ?? 0) + 1);
    }
    // A cancelled request gets no response (MCP cancellation), so stop waiting for it.
    if (message.method === "notifications/cancelled") {
      this.settle(message.params?.requestId as RequestId);
    }
    this.onmessage?.(message);
  }

  private write(message: object): Promise<void> {
    const line = UTF8.encode(JSON.stringify(message) + "\n");
    this.written = this.written.then(() => this.writer.write(line));
    return this.written;
  }

  private settle(id: RequestId): void {
    const count = this.unanswered.get(id) ?? 0;
    if (count > 1) this.unanswered.set(id, count - 1);
    else this.unanswered.delete(id);
    this.closeIfDrained();
  }

  private closeIfDrained(): void {
    if (this.inputEnded && this.unanswered.size === 0) void this.close();
  }
}
