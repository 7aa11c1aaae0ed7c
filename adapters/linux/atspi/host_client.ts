// The worker's side of the AT-SPI host (adapters/linux/atspi/host.ts): starts the host
// process, sends it requests and, once a host has lost the accessibility bus
// or died, starts a fresh one on the next request. That is how trees come
// back when the bus returns: libatspi cannot reconnect within a process.

import {
  ATSPI_HOST_FLAG,
  type HostCall,
  type HostMessage,
  type HostReply,
  type HostStartup,
  messagesOf,
  readsOf,
  writeAll,
} from "./host_protocol.ts";
import { AppNotRespondingError } from "../../types.ts";
import { ReplyRoom } from "../../reply_room.ts";
import type { TreeLayout } from "../../../lib/model/tree_json_pieces.ts";

const HOST_MODULE = new URL("./host.ts", import.meta.url).href;
/** A reply as its caller gets it: the bytes that followed its line are its value's `json`. */
type Settled =
  | Exclude<HostReply, { bytesFollow: number }>
  | { id: number; value: { json: Uint8Array<ArrayBuffer>; layout: TreeLayout } };

/** A hang guard for the host's start (see STARTUP_TIMEOUT_MS in adapters/worker_adapter.ts). */
const STARTUP_TIMEOUT_MS = 60_000;
/** While the bus stays away, a new host is tried at most this often. */
const RETRY_INTERVAL_MS = 1_000;

/**
 * `deno run` of the host module (a compiled service binary runs itself as the
 * host), to connect to the worker's `socket`.
 */
function hostCommand(socket: string): Deno.Command {
  const args = Deno.build.standalone ? [ATSPI_HOST_FLAG, socket] : [
    "run",
    "--allow-ffi",
    // Where its own bus connection goes (see accessibilityBusAddress).
    "--allow-env=AT_SPI_BUS_ADDRESS,DBUS_SESSION_BUS_ADDRESS",
    "--no-prompt",
    "--quiet",
    HOST_MODULE,
    socket,
  ];
  return new Deno.Command(Deno.execPath(), {
    args,
    stdin: "null",
    stdout: "null",
    stderr: "inherit",
  });
}

/**
 * A socket only this user can reach (a directory of its own, mode 0700), for
 * one host to connect to; the caller removes `dir` once connected.
 */
function hostSocket(): { dir: string; path: string; listener: Deno.Listener } {
  const dir = Deno.makeTempDirSync({ prefix: "oso-atspi-" });
  const path = `${dir}/host.sock`;
  return { dir, path, listener: Deno.listen({ transport: "unix", path }) };
}

class HostProcess {
  exited = false;
  private readonly pending = new Map<number, (reply: Settled | Error) => void>();
  private nextId = 0;
  /** Requests are written one after another: two writes at once could interleave. */
  private writing: Promise<void> = Promise.resolve();
  private readonly encoder = new TextEncoder();

  private constructor(
    private readonly child: Deno.ChildProcess,
    private readonly conn: Deno.Conn,
    replies: AsyncGenerator<HostMessage>,
    /** The accessibility bus the host joined. */
    readonly busAddress: string,
  ) {
    this.receive(replies);
  }

  /**
   * A host that owns a libatspi connection, its trees' bytes written in
   * `room`; throws the host's reason when it has none.
   */
  static async start(room: ReplyRoom): Promise<HostProcess> {
    const { dir, path, listener } = hostSocket();
    const child = hostCommand(path).spawn();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), STARTUP_TIMEOUT_MS);
    });
    // Null once the listener is closed below without the host having connected.
    const accepted = listener.accept().catch(() => null);
    const ended = child.status.then(() => "ended" as const);
    const gone = () => new Error("the AT-SPI host process ended while starting");
    try {
      const conn = await Promise.race([accepted, ended, timeout]);
      if (conn === "timeout") throw startTimeout();
      if (conn === "ended" || conn === null) throw gone();
      const replies = messagesOf(readsOf(conn), (length) => room.take(length));
      const first = await Promise.race([replies.next(), timeout]);
      if (first === "timeout") throw startTimeout();
      if (first.done) throw gone();
      const startup = first.value.line as HostStartup;
      if (!startup.ready) throw new Error(startup.message);
      return new HostProcess(child, conn, replies, startup.bus_address);
    } catch (e) {
      accepted.then((conn) => conn?.close()).catch(() => {}); // closed already
      kill(child);
      throw e;
    } finally {
      clearTimeout(timer);
      listener.close();
      // Connected or not, the socket's name is no longer needed.
      Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  }

  private async receive(replies: AsyncGenerator<HostMessage>): Promise<void> {
    try {
      for await (const { line, bytes } of replies) {
        const header = line as HostReply;
        const reply: Settled = bytes === null || !("bytesFollow" in header)
          ? header as Settled
          : { id: header.id, value: { json: bytes, layout: header.layout } };
        this.pending.get(reply.id)?.(reply);
        this.pending.delete(reply.id);
      }
    } catch {
      // a broken connection ends the host like an exit
    }
    this.exited = true;
    for (const settle of this.pending.values()) {
      settle(new Error("the AT-SPI host process ended unexpectedly"));
    }
    this.pending.clear();
  }

  async request(call: HostCall): Promise<Settled> {
    const id = this.nextId++;
    const reply = new Promise<Settled | Error>((resolve) => this.pending.set(id, resolve));
    const line = this.encoder.encode(JSON.stringify({ ...call, id }) + "\n");
    // A dead host is noticed by receive, which settles the reply.
    this.writing = this.writing.then(() => writeAll(this.conn, line)).catch(() => {});
    const settled = await reply;
    if (settled instanceof Error) throw settled;
    return settled;
  }

  stop(): void {
    kill(this.child);
    try {
      this.conn.close();
    } catch {
      // closed already
    }
  }
}

function startTimeout(): Error {
  return new Error(`the AT-SPI host did not start within ${STARTUP_TIMEOUT_MS} ms`);
}

function kill(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGTERM");
  } catch {
    // already exited and reaped
  }
}

export class AtspiHostClient {
  private host: HostProcess | null = null;
  private lastFailure: { message: string; at: number } | null = null;
  private busLost = false;
  /** Where the hosts' trees are written as they arrive (offered by the main thread). */
  readonly replyRoom = new ReplyRoom();

  /** `joined` hears the accessibility bus's address each time a host starts on it. */
  constructor(private readonly joined: (busAddress: string) => void = () => {}) {}

  /** Starts the first host; throws why libatspi cannot connect (no bus, no library...). */
  async start(): Promise<void> {
    this.host = await HostProcess.start(this.replyRoom);
    this.joined(this.host.busAddress);
  }

  /** The request's value from a running host, started anew after a lost bus. */
  async call(request: HostCall): Promise<unknown> {
    const host = await this.running();
    const reply = await host.request(request);
    if ("value" in reply) return reply.value;
    if (reply.error.kind === "bus_lost") {
      this.busLost = true;
      this.drop();
    }
    if (reply.error.kind === "not_responding") throw new AppNotRespondingError(reply.error.message);
    throw new Error(reply.error.message);
  }

  private async running(): Promise<HostProcess> {
    if (this.host !== null && !this.host.exited) return this.host;
    this.drop();
    const last = this.lastFailure;
    if (last !== null && Date.now() - last.at < RETRY_INTERVAL_MS) throw new Error(last.message);
    try {
      this.host = await HostProcess.start(this.replyRoom);
      this.joined(this.host.busAddress);
      this.lastFailure = null;
      this.busLost = false;
      return this.host;
    } catch (e) {
      const reason = (e as Error).message;
      const message = this.busLost
        ? `the connection to the accessibility bus was lost and it is not back yet (${reason}); ` +
          "window lists and screenshots still work"
        : reason;
      this.lastFailure = { message, at: Date.now() };
      throw new Error(message);
    }
  }

  private drop(): void {
    this.host?.stop();
    this.host = null;
  }

  close(): void {
    this.drop();
  }
}
