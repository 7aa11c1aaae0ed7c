// One client connection: read a request head within the header timeout, its
// body within the body limit and timeout, hand a Request to the application,
// write the answer, and keep the connection while the client wants it and it
// is not idle too long. Every transport failure is answered with the JSON
// envelope (or a silent close when nothing was asked yet), never a crash.

import type { ErrorCode } from "../../model/errors.ts";
import { ChunkedDecoder } from "../../formats/http/chunked.ts";
import {
  bodyFraming,
  expectsContinue,
  findHeadEnd,
  hasRequestLine,
  isProblem,
  keepsAlive,
  parseHead,
  type RequestHead,
} from "../../formats/http/head.ts";
import type { AnswerBuffers } from "./answer_buffers.ts";
import {
  type AnswerFields,
  chunk,
  CONTINUE,
  isEventStream,
  responseBytes,
  streamedHead,
  transportError,
} from "./response_bytes.ts";

export interface TransportLimits {
  bodyBytes: number;
  headerBytes: number;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  idleTimeoutMs: number;
}

export type Handler = (request: Request) => Response | Promise<Response>;

const clientSignals = new WeakMap<Request, AbortSignal>();

/**
 * The signal that aborts when `request`'s client hangs up, for a handler that
 * runs long (the request's own when it did not come through a Connection).
 */
export function clientSignal(request: Request): AbortSignal {
  return clientSignals.get(request) ?? request.signal;
}

/** `request` with clientSignal as its own signal, for a handler that hands it on. */
export function withClientSignal(request: Request): Request {
  const signal = clientSignals.get(request);
  return signal === undefined ? request : new Request(request, { signal });
}

/**
 * idle: between requests (evictable); head/body: a request is arriving
 * (evictable, timed); busy: the application has the request; writing: the
 * answer is going out (timed, so a client that never reads cannot pin it).
 */
export type Phase = "idle" | "head" | "body" | "busy" | "writing";

export class Connection {
  phase: Phase = "idle";
  /** When the current phase must end (ms since epoch); Infinity while busy. */
  deadline: number;
  lastActive = Date.now();
  // Small at first: an idle connection should cost little; it grows with what arrives.
  private buffer: Uint8Array<ArrayBuffer> = new Uint8Array(2048);
  private length = 0;
  private closed = false;
  private noDelay = false;
  /** The read left open while a request was served (watchPeer). */
  private pendingRead: Promise<boolean> | null = null;

  constructor(
    private readonly conn: Deno.Conn,
    private readonly handler: Handler,
    private readonly limits: TransportLimits,
    private readonly origin: string,
    /** Header fields every answer carries unless it sets its own. */
    private readonly defaults: AnswerFields = [],
    /** The server's buffers answers are written from (shared by its connections). */
    private readonly buffers?: AnswerBuffers,
  ) {
    this.deadline = Date.now() + limits.idleTimeoutMs;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.conn.close();
    } catch {
      // already closed by the peer
    }
  }

  /** Called by the server's sweeper when `deadline` has passed. */
  expire(): void {
    if (this.phase === "head" || this.phase === "body") {
      // A request was started and not finished in time: say so, then close.
      const sent = this.writeAll(
        responseBytes(
          this.error(408, "Timeout", `request not received within the ${this.phase} timeout`),
          { head: false, close: true, defaults: this.defaults, buffers: this.buffers },
        ),
      );
      sent.finally(() => this.close());
      this.phase = "writing";
      this.deadline = Date.now() + 1000;
      return;
    }
    this.close();
  }

  async serve(): Promise<void> {
    try {
      while (!this.closed && await this.serveOne());
    } catch {
      // a reset or broken pipe from the peer: there is no one left to answer
    } finally {
      this.close();
    }
  }

  private setPhase(phase: Phase, timeoutMs: number): void {
    this.phase = phase;
    this.deadline = Date.now() + timeoutMs;
  }

  /** Serves one request; false when the connection must close afterwards. */
  private async serveOne(): Promise<boolean> {
    if (this.length === 0) this.setPhase("idle", this.limits.idleTimeoutMs);
    else this.setPhase("head", this.limits.headerTimeoutMs);
    let headEnd = findHeadEnd(this.buffer, this.length, 0);
    while (headEnd < 0) {
      if (this.length > this.limits.headerBytes) return await this.refuseLargeHead();
      const scannedTo = this.length;
      if (!(await this.readMore())) return false;
      if (this.phase === "idle") this.setPhase("head", this.limits.headerTimeoutMs);
      headEnd = findHeadEnd(this.buffer, this.length, scannedTo);
    }
    if (headEnd > this.limits.headerBytes + 4) return await this.refuseLargeHead();
    const head = parseHead(this.buffer.subarray(0, headEnd));
    if (isProblem(head)) return await this.refuse(head.status, head.message);
    const framing = bodyFraming(head);
    if (isProblem(framing)) return await this.refuse(framing.status, framing.message);
    this.consume(headEnd);

    let body: Uint8Array<ArrayBuffer> | null = null;
    if (framing.kind !== "none") {
      if (framing.kind === "length" && framing.length > this.limits.bodyBytes) {
        return await this.refuseTooLarge();
      }
      if (expectsContinue(head)) await this.writeAll(Promise.resolve(CONTINUE));
      this.setPhase("body", this.limits.bodyTimeoutMs);
      const read = framing.kind === "length"
        ? await this.readExactly(framing.length)
        : await this.readChunked();
      if (read.kind === "eof") return false;
      if (read.kind === "too_large") return await this.refuseTooLarge();
      if (read.kind === "malformed") return await this.refuse(400, read.message);
      body = read.body;
    }

    const keepAlive = keepsAlive(head);
    this.phase = "busy";
    this.deadline = Infinity;
    const gone = new AbortController();
    this.watchPeer(gone);
    const response = await this.respond(head, body, gone.signal);
    if (isEventStream(response) && head.method !== "HEAD") {
      await this.stream(response, keepAlive, gone.signal);
    } else {
      this.setPhase("writing", this.limits.bodyTimeoutMs);
      await this.writeAll(
        responseBytes(response, {
          head: head.method === "HEAD",
          close: !keepAlive,
          defaults: this.defaults,
          buffers: this.buffers,
        }),
      );
    }
    this.lastActive = Date.now();
    return keepAlive;
  }

  /**
   * Writes an event stream as its events come (MCP's server-to-client
   * messages): the connection stays busy, each write bounded by the body
   * timeout, until the stream ends or the client goes.
   */
  private async stream(response: Response, keepAlive: boolean, gone: AbortSignal): Promise<void> {
    const reader = response.body!.getReader();
    const cancel = () => reader.cancel().catch(() => {});
    gone.addEventListener("abort", cancel, { once: true });
    try {
      await this.writeAll(
        Promise.resolve(streamedHead(response, { close: !keepAlive, defaults: this.defaults })),
      );
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.setPhase("writing", this.limits.bodyTimeoutMs);
        await this.writeAll(Promise.resolve(chunk(value)));
        this.phase = "busy";
        this.deadline = Infinity;
      }
      await this.writeAll(Promise.resolve(chunk(new Uint8Array(0))));
    } finally {
      gone.removeEventListener("abort", cancel);
      await cancel();
    }
  }

  /**
   * While the application works on a request, one read stays open: the end
   * of the stream means the client has gone, and the request's signal aborts
   * (long tools stop); bytes that arrive instead (a pipelined request) are
   * kept for the next request, and the next read takes this one's result.
   */
  private watchPeer(gone: AbortController): void {
    this.pendingRead = this.readMore().then((more) => {
      if (!more) gone.abort(new Error("the client closed the connection"));
      return more;
    });
  }

  private async respond(
    head: RequestHead,
    body: Uint8Array<ArrayBuffer> | null,
    signal: AbortSignal,
  ): Promise<Response> {
    let request: Request;
    try {
      const target = head.target.startsWith("/") ? head.target : null;
      if (target === null) {
        return this.error(400, "BadRequest", "request target must be a path (origin-form)");
      }
      const url = this.origin + target;
      // HEAD is GET without the body (Hono would answer it with a null body and no length).
      const asGet = head.method === "GET" || head.method === "HEAD";
      // Without an init a Request takes a fifth less time to make, and a GET needs none.
      request = asGet ? new Request(url) : new Request(url, {
        method: head.method,
        body: body ?? undefined,
      });
      // Not the request's own signal: a Request made with one costs twice as much, and few
      // handlers listen (withClientSignal).
      clientSignals.set(request, signal);
      // Appending is about half the cost of a headers init (which copies and re-validates).
      for (const [name, value] of head.headers) request.headers.append(name, value);
    } catch (e) {
      return this.error(400, "BadRequest", `malformed request: ${(e as Error).message}`);
    }
    try {
      return await this.handler(request);
    } catch (e) {
      return this.error(500, "Internal", `${(e as Error).name}: ${(e as Error).message}`);
    }
  }

  private error(
    status: number,
    code: ErrorCode,
    message: string,
    context: Record<string, unknown> = {},
  ): Response {
    return transportError(status, code, message, context);
  }

  private refuseLargeHead(): Promise<boolean> {
    const lineDone = hasRequestLine(this.buffer, Math.min(this.length, this.limits.headerBytes));
    return this.refuse(
      lineDone ? 431 : 414,
      lineDone ? "request header fields too large" : "request line too long",
      { limit_bytes: this.limits.headerBytes, config_key: "limits.header_bytes" },
    );
  }

  private refuseTooLarge(): Promise<boolean> {
    return this.refuse(413, `request body too large (limit ${this.limits.bodyBytes} bytes)`, {
      limit_bytes: this.limits.bodyBytes,
      config_key: "limits.body_bytes",
    });
  }

  /** Answers a request the transport cannot take, then closes (the stream is out of sync). */
  private async refuse(
    status: number,
    message: string,
    context: Record<string, unknown> = {},
  ): Promise<false> {
    this.setPhase("writing", 1000);
    const code: ErrorCode = status === 501 || status === 505 ? "PlatformUnsupported" : "BadRequest";
    await this.writeAll(
      responseBytes(this.error(status, code, message, context), {
        head: false,
        close: true,
        defaults: this.defaults,
        buffers: this.buffers,
      }),
    ).catch(() => {});
    return false;
  }

  private async writeAll(bytesPromise: Promise<Uint8Array>): Promise<void> {
    const bytes = await bytesPromise;
    if (!this.noDelay) {
      // Answers go out in one write; Nagle's algorithm would hold each for an ACK.
      // Set at the first answer, not at accept: a flood of silent connections costs less.
      (this.conn as Deno.TcpConn).setNoDelay?.(true);
      this.noDelay = true;
    }
    try {
      let offset = 0;
      while (offset < bytes.length) {
        if (this.closed) throw new Error("connection closed");
        offset += await this.conn.write(bytes.subarray(offset));
      }
    } finally {
      // Each write has ended (written, failed or cancelled): nothing reads the bytes any more.
      this.buffers?.give(bytes);
    }
  }

  /** Reads into the buffer; false at end of stream or when closed. */
  private readMore(): Promise<boolean> {
    const pending = this.pendingRead;
    if (pending === null) return this.readNow();
    this.pendingRead = null;
    return pending;
  }

  private async readNow(): Promise<boolean> {
    if (this.closed) return false;
    // Heads arrive in small reads; bodies in large ones (a 2 KiB read per op would be slow).
    const want = this.phase === "body" ? 64 * 1024 : 1024;
    if (this.buffer.length - this.length < want) {
      this.grow(Math.max(this.buffer.length * 2, this.length + want));
    }
    let n: number | null;
    try {
      n = await this.conn.read(this.buffer.subarray(this.length));
    } catch {
      return false;
    }
    if (n === null || this.closed) return false;
    this.length += n;
    this.lastActive = Date.now();
    return true;
  }

  private grow(size: number): void {
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
  }

  private consume(count: number): void {
    this.buffer.copyWithin(0, count, this.length);
    this.length -= count;
  }

  private async readExactly(count: number): Promise<BodyRead> {
    if (this.buffer.length < count) this.grow(count);
    while (this.length < count) {
      if (!(await this.readMore())) return { kind: "eof" };
    }
    const body = this.buffer.slice(0, count);
    this.consume(count);
    this.shrink();
    return { kind: "ok", body };
  }

  private async readChunked(): Promise<BodyRead> {
    const decoder = new ChunkedDecoder(this.limits.bodyBytes);
    for (;;) {
      const step = decoder.step(this.buffer, this.length);
      if (step.kind === "done") {
        this.consume(step.consumed);
        this.shrink();
        return { kind: "ok", body: step.body };
      }
      if (step.kind !== "more") return step;
      this.consume(step.consumed);
      if (!(await this.readMore())) return { kind: "eof" };
    }
  }

  /** After a large body, give the memory back. */
  private shrink(): void {
    if (this.buffer.length > 64 * 1024 && this.length < 2048) {
      const smaller = new Uint8Array(2048);
      smaller.set(this.buffer.subarray(0, this.length));
      this.buffer = smaller;
    }
  }
}

type BodyRead =
  | { kind: "ok"; body: Uint8Array<ArrayBuffer> }
  | { kind: "eof" }
  | { kind: "too_large" }
  | { kind: "malformed"; message: string };
