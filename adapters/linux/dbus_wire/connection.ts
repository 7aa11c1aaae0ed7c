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

/** Whether the peer itself answered (a value or an error), not our timeout, send limit or hang-up. */
export function answeredByPeer(reply: Reply): boolean {
  return reply.ok || (!reply.timedOut && reply.error !== NOT_SENT && reply.error !== DISCONNECTED);
}

/**
 * Above this many replies due, the next read waits GATHER_US first. Measured
 * on GTK 3 and LibreOffice under Xvfb: a capture's 1,200–6,000 calls were
 * answered with a third less CPU (300–1,000 µs were alike; 150 µs half as good).
 */
const GATHER_ABOVE = 16;
const GATHER_US = 400;

export interface PostOptions {
  inFlight?: number;
  sendBy?: number;
}

/** Calls posted together: their replies, in order, filled in as they come. */
export class Posted {
  readonly replies: Array<Reply | null>;
  /** Replies still due. */
  left: number;

  constructor(count: number) {
    this.replies = new Array(count).fill(null);
    this.left = count;
  }

  fill(index: number, reply: Reply): void {
    if (this.replies[index] === null) this.left--;
    this.replies[index] = reply;
  }
}

interface Unsent {
  call: MethodCall;
  posted: Posted;
  index: number;
  inFlight: number;
  sendBy: number;
}

export class WireConnection {
  private serial = 0;
  private inbox = new Uint8Array(64 * 1024);
  /** Unread bytes are inbox[start, end). */
  private start = 0;
  private end = 0;
  private readonly writer = new WireWriter();
  /** Calls written and not answered yet, by serial. */
  private readonly waiting = new Map<number, { posted: Posted; index: number }>();
  /** Calls posted and not written yet: unsent[unsentFrom...], in order. */
  private unsent: Unsent[] = [];
  private unsentFrom = 0;
  /**
   * Milliseconds the peer had calls written here and unanswered, summed: from
   * a call written while none was waiting to the read of the last reply. The
   * time the caller works between its calls here counts only when replies
   * were still due when it came back (see enter): a peer answers pipelined
   * calls without a break, but may have finished meanwhile.
   */
  busyMs = 0;
  private busySince: number | null = null;
  /** When the last call into this connection handed control back to its caller. */
  private returnedAt = 0;
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
   * Sends the calls and returns their replies in order: post, then settle
   * (see both). A lost connection fails the calls left with Disconnected.
   */
  callMany(
    calls: readonly MethodCall[],
    timeoutMs: number,
    options: PostOptions = {},
  ): Reply[] {
    const posted = this.post(calls, options);
    this.settle(posted, timeoutMs);
    return posted.replies as Reply[];
  }

  /**
   * Queues the calls behind those posted before and writes what the window
   * allows; their replies are filled in by later reads (settle), in
   * whatever order the caller waits. At most `inFlight` calls await replies
   * at once (a huge batch cannot queue unbounded messages), and more are
   * written as replies come in, so the peer always has work queued; calls
   * not yet written at `sendBy` (performance.now()) are not written and fail
   * with NOT_SENT.
   */
  post(
    calls: readonly MethodCall[],
    { inFlight = Infinity, sendBy = Infinity }: PostOptions = {},
  ): Posted {
    const posted = new Posted(calls.length);
    calls.forEach((call, index) => this.unsent.push({ call, posted, index, inFlight, sendBy }));
    this.guarded(() => {
      this.enter();
      this.send();
    });
    return posted;
  }

  /**
   * Back from the caller's work: reads the replies that came meanwhile. When
   * none is due any more, the peer finished at some point of that work, so
   * its busy time ends where that work began.
   */
  private enter(): void {
    if (this.busySince === null) return;
    while (this.fill(0)) this.takeMessages();
    this.takeMessages();
    if (this.waiting.size === 0) this.idleAt(this.returnedAt);
  }

  /** Ends the busy time at `at`, as the last reply due was read. */
  private idleAt(at: number): void {
    if (this.busySince === null) return;
    this.busyMs += Math.max(0, at - this.busySince);
    this.busySince = null;
  }

  /**
   * Reads replies (and writes queued calls) until every call of `posted` is
   * answered. Calls left when the peer has been silent for `timeoutMs` are
   * NoReply with `timedOut`, every call posted here and left, not only
   * `posted`'s: a silent peer answers none of them.
   */
  settle(posted: Posted, timeoutMs: number): void {
    this.guarded(() => {
      this.enter();
      this.send();
      let deadline = performance.now() + timeoutMs;
      for (;;) {
        const before = this.waiting.size;
        this.takeMessages();
        // Silence, not queueing, is a timeout: a peer answering in order on a busy
        // machine takes longer than `timeoutMs` for the last of many calls.
        if (this.waiting.size < before) {
          deadline = performance.now() + timeoutMs;
          if (this.waiting.size === 0) this.idleAt(performance.now());
          this.send();
        }
        if (posted.left === 0) return;
        // A peer that finds us waiting on the socket wakes us with every reply,
        // and each wake-up costs it a trip through the scheduler: with many
        // replies due, a short pause lets them pile up to be read at once.
        if (this.waiting.size > GATHER_ABOVE) this.socket.pause(GATHER_US);
        if (!this.fill(deadline)) {
          this.failAll({ ok: false, error: NO_REPLY, timedOut: true });
          return;
        }
      }
    });
  }

  /**
   * Runs `step`, then hands control back to the caller; a lost connection
   * fails every call left with Disconnected.
   */
  private guarded(step: () => void): void {
    try {
      step();
    } catch (e) {
      if (!(e instanceof SocketClosedError)) throw e;
      this.failAll({ ok: false, error: DISCONNECTED, timedOut: false });
    }
    this.returnedAt = performance.now();
  }

  /** Answers every call waiting or queued with `reply`. */
  private failAll(reply: Reply): void {
    for (const { posted, index } of this.waiting.values()) posted.fill(index, reply);
    this.waiting.clear();
    this.idleAt(performance.now());
    this.failUnsent(reply);
  }

  private failUnsent(reply: Reply): void {
    for (; this.unsentFrom < this.unsent.length; this.unsentFrom++) {
      const { posted, index } = this.unsent[this.unsentFrom];
      posted.fill(index, reply);
    }
    this.unsent = [];
    this.unsentFrom = 0;
  }

  /**
   * Gives up the calls posted and not written yet (NOT_SENT): a walk stopped
   * halfway leaves the peer only what it has been asked already. Replies to
   * those still come, and are read past.
   */
  dropUnsent(): void {
    this.failUnsent({ ok: false, error: NOT_SENT, timedOut: false });
  }

  /**
   * Writes queued calls, as many as the first one's window allows; those due
   * after their `sendBy` fail with NOT_SENT instead.
   */
  private send(): void {
    const queued = this.unsent.length - this.unsentFrom;
    if (queued === 0) return;
    const { inFlight } = this.unsent[this.unsentFrom];
    // Writing a quarter of the window at a time keeps system calls few.
    const refill = Math.max(1, Math.floor(inFlight / 4));
    let room = Math.min(inFlight - this.waiting.size, queued);
    if (room <= 0 || (room < refill && room < queued)) return;
    const now = performance.now();
    this.writer.reset();
    for (; room > 0 && this.unsentFrom < this.unsent.length; this.unsentFrom++) {
      const { call, posted, index, sendBy } = this.unsent[this.unsentFrom];
      if (now > sendBy) {
        posted.fill(index, { ok: false, error: NOT_SENT, timedOut: false });
        continue;
      }
      // Serials are non-zero uint32s; wrapping after 4 billion calls is harmless.
      this.serial = this.serial >= 0xffffffff ? 1 : this.serial + 1;
      this.writer.call(call, this.serial);
      this.waiting.set(this.serial, { posted, index });
      room--;
    }
    if (this.unsentFrom === this.unsent.length) {
      this.unsent = [];
      this.unsentFrom = 0;
    }
    if (this.writer.written.length === 0) return;
    this.busySince ??= now;
    this.socket.writeAll(this.writer.written);
  }

  /**
   * The first signal (read already, or arriving within `timeoutMs`) that
   * `matches`, taken from the queue; null when none came. Only signals the
   * bus routes here arrive: ask with AddMatch first.
   */
  waitForSignal(matches: (signal: WireMessage) => boolean, timeoutMs: number): WireMessage | null {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const at = this.signals.findIndex(matches);
      if (at >= 0) return this.signals.splice(at, 1)[0];
      try {
        this.takeMessages();
        if (this.signals.some(matches)) continue;
        if (!this.fill(deadline)) return null;
      } catch (e) {
        if (e instanceof SocketClosedError) return null;
        throw e;
      }
    }
  }

  /** Decodes the complete messages in the inbox; replies to waiting calls are kept, signals queued. */
  private takeMessages(): void {
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
      const waiting = this.waiting.get(message.replySerial);
      if (waiting === undefined) continue; // a reply that came too late
      this.waiting.delete(message.replySerial);
      const { posted, index } = waiting;
      if (message.malformed !== null) {
        posted.fill(index, { ok: false, error: MALFORMED, timedOut: false });
      } else if (message.type === MESSAGE_METHOD_RETURN) {
        posted.fill(index, { ok: true, signature: message.signature, body: message.body });
      } else if (message.type === MESSAGE_ERROR) {
        posted.fill(index, { ok: false, error: message.errorName ?? "unknown", timedOut: false });
      }
    }
  }
}
