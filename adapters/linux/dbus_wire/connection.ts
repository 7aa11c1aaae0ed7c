// The AT-SPI host's own connection to the accessibility bus, for reads asked
// many at a time. libdbus writes each message with its own system call as it
// is queued and takes ~10 library calls per message from here; a capture asks
// hundreds of questions, so they are written here in one buffer with one
// write, and the replies are read in bulk and matched by serial.

import { type Libc } from "../ffi/libc.ts";
import { unixSockets } from "./address.ts";
import { type MethodCall, WireWriter } from "./marshal.ts";
import { SocketClosedError, UnixSocket } from "./socket.ts";
import {
  decodeMessage,
  MESSAGE_ERROR,
  MESSAGE_METHOD_RETURN,
  MESSAGE_SIGNAL,
  messageLength,
  WireFormatError,
  type WireMessage,
  type WireValue,
} from "./unmarshal.ts";

export type Reply =
  | { ok: true; signature: string; body: WireValue[] }
  | {
    ok: false;
    /** The D-Bus error name ("org.freedesktop.DBus.Error.UnknownMethod"). */
    error: string;
    /** Whether no answer came within the call's timeout. */
    timedOut: boolean;
  };

const NO_REPLY = "org.freedesktop.DBus.Error.NoReply";
const MAX_QUEUED_SIGNALS = 256;
const DISCONNECTED = "org.freedesktop.DBus.Error.Disconnected";
/** Our name for a call not written because its batch's time was up (see callMany). */
export const NOT_SENT = "oso.Error.NotSent";
/** Our name for a reply whose body does not match its signature. */
const MALFORMED = "org.freedesktop.DBus.Error.InvalidArgs";

/**
 * Above this many replies due, the next read waits GATHER_US first. Measured
 * on GTK 3 and LibreOffice under Xvfb: a capture's 1,200–6,000 calls were
 * answered with a third less CPU (300–1,000 µs were alike; 150 µs half as good).
 */
const GATHER_ABOVE = 16;
const GATHER_US = 400;

export class WireConnection {
  private serial = 0;
  private inbox = new Uint8Array(64 * 1024);
  /** Unread bytes are inbox[start, end). */
  private start = 0;
  private end = 0;
  private readonly writer = new WireWriter();
  /** Signals read while waiting for replies, for waitForSignal. */
  private readonly signals: WireMessage[] = [];
  /** The bus's name for this connection (":1.42"), from Hello; "" on a peer connection. */
  uniqueName = "";

  private constructor(private readonly socket: UnixSocket) {}

  /**
   * Connects to the bus (or, with `peer`, the single application) at
   * `address` and authenticates as this process's user, within `timeoutMs`;
   * on a bus, says Hello. Throws SocketClosedError saying why not.
   */
  static open(libc: Libc, address: string, timeoutMs: number, peer = false): WireConnection {
    const sockets = unixSockets(address);
    if (sockets.length === 0) throw new SocketClosedError(`no Unix socket in ${address}`);
    let lastProblem = "";
    for (const target of sockets) {
      let socket: UnixSocket;
      try {
        socket = UnixSocket.connect(libc, target);
      } catch (e) {
        lastProblem = (e as Error).message;
        continue;
      }
      const connection = new WireConnection(socket);
      try {
        connection.authenticate(libc.getuid(), performance.now() + timeoutMs);
        if (peer) return connection;
        const [hello] = connection.callMany([{
          destination: "org.freedesktop.DBus",
          path: "/org/freedesktop/DBus",
          iface: "org.freedesktop.DBus",
          member: "Hello",
          args: [],
        }], timeoutMs);
        if (!hello.ok) throw new SocketClosedError(`the bus refused Hello: ${hello.error}`);
        connection.uniqueName = String(hello.body[0] ?? "");
        return connection;
      } catch (e) {
        socket.close();
        lastProblem = (e as Error).message;
      }
    }
    throw new SocketClosedError(`cannot open a connection to ${address}: ${lastProblem}`);
  }

  get isOpen(): boolean {
    return !this.socket.isClosed;
  }

  close(): void {
    this.socket.close();
  }

  /** SASL EXTERNAL: the kernel vouches for our user id. */
  private authenticate(uid: number, deadline: number): void {
    const hexUid = [...String(uid)].map((c) => c.charCodeAt(0).toString(16)).join("");
    this.socket.writeAll(new TextEncoder().encode(`\0AUTH EXTERNAL ${hexUid}\r\n`));
    const line = this.readLine(deadline);
    if (!line.startsWith("OK ")) throw new SocketClosedError(`authentication refused: ${line}`);
    this.socket.writeAll(new TextEncoder().encode("BEGIN\r\n"));
  }

  private readLine(deadline: number): string {
    for (;;) {
      const text = new TextDecoder().decode(this.inbox.subarray(this.start, this.end));
      const eol = text.indexOf("\r\n");
      if (eol >= 0) {
        this.start += eol + 2;
        return text.slice(0, eol);
      }
      if (!this.fill(deadline)) throw new SocketClosedError("no answer to authentication");
    }
  }

  /** Reads more bytes into the inbox; false when the deadline passed first. */
  private fill(deadline: number): boolean {
    if (this.start === this.end) this.start = this.end = 0;
    if (this.inbox.length - this.end < 16 * 1024) {
      const unread = this.inbox.subarray(this.start, this.end);
      const size = unread.length + 16 * 1024 > this.inbox.length / 2
        ? this.inbox.length * 2
        : this.inbox.length;
      const next = new Uint8Array(size);
      next.set(unread);
      this.inbox = next;
      this.end = unread.length;
      this.start = 0;
    }
    const n = this.socket.readSome(this.inbox.subarray(this.end), deadline);
    this.end += n;
    return n > 0;
  }

  /**
   * Sends the calls and returns their replies in order. At most `inFlight`
   * calls await replies at once (a huge batch cannot queue unbounded
   * messages), and more are written as replies come in, so the peer always
   * has work queued. Calls left when the peer has been silent for `timeoutMs`
   * are NoReply with `timedOut`; calls not yet written at `sendBy`
   * (performance.now()) are not written and fail with NOT_SENT. A lost
   * connection fails the calls left with Disconnected.
   */
  callMany(
    calls: readonly MethodCall[],
    timeoutMs: number,
    { inFlight = Infinity, sendBy = Infinity }: { inFlight?: number; sendBy?: number } = {},
  ): Reply[] {
    const replies: Array<Reply | null> = new Array(calls.length).fill(null);
    try {
      this.exchange(calls, timeoutMs, replies, inFlight, sendBy);
    } catch (e) {
      if (!(e instanceof SocketClosedError)) throw e;
    }
    return replies.map((r) => r ?? { ok: false, error: DISCONNECTED, timedOut: false });
  }

  private exchange(
    calls: readonly MethodCall[],
    timeoutMs: number,
    replies: Array<Reply | null>,
    inFlight: number,
    sendBy: number,
  ): void {
    const waiting = new Map<number, number>(); // serial → index in calls
    let next = 0; // the first call not written yet
    // Writing a quarter of the window at a time keeps system calls few.
    const refill = Math.max(1, Math.floor(inFlight / 4));
    const failUnsent = (reply: Reply) => {
      for (; next < calls.length; next++) replies[next] = reply;
    };
    const send = () => {
      const room = Math.min(inFlight - waiting.size, calls.length - next);
      if (room <= 0 || (room < refill && next + room < calls.length)) return;
      if (performance.now() > sendBy) {
        failUnsent({ ok: false, error: NOT_SENT, timedOut: false });
        return;
      }
      this.writer.reset();
      for (const end = next + room; next < end; next++) {
        // Serials are non-zero uint32s; wrapping after 4 billion calls is harmless.
        this.serial = this.serial >= 0xffffffff ? 1 : this.serial + 1;
        this.writer.call(calls[next], this.serial);
        waiting.set(this.serial, next);
      }
      this.socket.writeAll(this.writer.written);
    };
    send();
    let deadline = performance.now() + timeoutMs;
    while (waiting.size > 0) {
      const before = waiting.size;
      this.takeMessages(waiting, replies);
      // Silence, not queueing, is a timeout: a peer answering in order on a busy
      // machine takes longer than `timeoutMs` for the last of many calls.
      if (waiting.size < before) {
        deadline = performance.now() + timeoutMs;
        send();
      }
      if (waiting.size === 0) break;
      // A peer that finds us waiting on the socket wakes us with every reply,
      // and each wake-up costs it a trip through the scheduler: with many
      // replies due, a short pause lets them pile up to be read at once.
      if (waiting.size > GATHER_ABOVE) this.socket.pause(GATHER_US);
      if (!this.fill(deadline)) {
        const silence: Reply = { ok: false, error: NO_REPLY, timedOut: true };
        for (const index of waiting.values()) replies[index] = silence;
        failUnsent(silence);
        return;
      }
    }
  }

  /**
   * The first signal (read already, or arriving within `timeoutMs`) that
   * `matches`, taken from the queue; null when none came. Only signals the
   * bus routes here arrive: ask with AddMatch first.
   */
  waitForSignal(matches: (signal: WireMessage) => boolean, timeoutMs: number): WireMessage | null {
    const deadline = performance.now() + timeoutMs;
    const none = new Map<number, number>();
    for (;;) {
      const at = this.signals.findIndex(matches);
      if (at >= 0) return this.signals.splice(at, 1)[0];
      try {
        this.takeMessages(none, []);
        if (this.signals.some(matches)) continue;
        if (!this.fill(deadline)) return null;
      } catch (e) {
        if (e instanceof SocketClosedError) return null;
        throw e;
      }
    }
  }

  /** Decodes the complete messages in the inbox; replies to waiting calls are kept, signals queued. */
  private takeMessages(waiting: Map<number, number>, replies: Array<Reply | null>): void {
    for (;;) {
      let length: number | null;
      let message: WireMessage;
      try {
        length = messageLength(this.inbox, this.start, this.end);
        if (length === null || this.start + length > this.end) return;
        message = decodeMessage(this.inbox, this.start, length);
      } catch (e) {
        if (!(e instanceof WireFormatError)) throw e;
        // The stream cannot be followed past a broken header.
        this.socket.close();
        throw new SocketClosedError(`malformed message from the bus: ${e.message}`);
      }
      this.start += length;
      if (message.type === MESSAGE_SIGNAL) {
        // Signals nobody waits for (NameAcquired...) are not kept for ever.
        if (this.signals.push(message) > MAX_QUEUED_SIGNALS) this.signals.shift();
        continue;
      }
      const index = waiting.get(message.replySerial);
      if (index === undefined) continue; // a reply that came too late
      waiting.delete(message.replySerial);
      if (message.malformed !== null) {
        replies[index] = { ok: false, error: MALFORMED, timedOut: false };
      } else if (message.type === MESSAGE_METHOD_RETURN) {
        replies[index] = { ok: true, signature: message.signature, body: message.body };
      } else if (message.type === MESSAGE_ERROR) {
        replies[index] = { ok: false, error: message.errorName ?? "unknown", timedOut: false };
      }
    }
  }
}
