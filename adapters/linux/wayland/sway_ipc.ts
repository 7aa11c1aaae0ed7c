// sway's IPC (the i3 protocol) on its Unix socket: "i3-ipc", the payload's
// length and the message type as little-endian 32-bit integers, then the
// JSON payload; replies come back in order, events (high bit set in the type)
// only on a connection that subscribed.

const MAGIC = new TextEncoder().encode("i3-ipc");
const HEADER = MAGIC.length + 8;
const EVENT_BIT = 0x80000000;

export const MessageType = {
  RUN_COMMAND: 0,
  GET_WORKSPACES: 1,
  SUBSCRIBE: 2,
  GET_OUTPUTS: 3,
  GET_TREE: 4,
  GET_VERSION: 7,
  GET_SEATS: 101,
} as const;

export class SwayIpcError extends Error {}

/** One request and its reply at a time (callers queue behind each other). */
export class SwayIpc {
  private queue: Promise<unknown> = Promise.resolve();
  private buffered = new Uint8Array(0);

  private constructor(private readonly conn: Deno.UnixConn) {}

  static async connect(path: string): Promise<SwayIpc> {
    try {
      return new SwayIpc(await Deno.connect({ transport: "unix", path }));
    } catch (e) {
      throw new SwayIpcError(`cannot reach sway's IPC socket ${path}: ${(e as Error).message}`);
    }
  }

  /** Sends a message and returns its reply's JSON. */
  request<T>(type: number, payload = ""): Promise<T> {
    const run = this.queue.then(() => this.exchange<T>(type, payload));
    this.queue = run.catch(() => {});
    return run;
  }

  /** A command list (`[con_id=5] focus`); throws with sway's error when one fails. */
  async command(text: string): Promise<void> {
    const results = await this.request<Array<{ success: boolean; error?: string }>>(
      MessageType.RUN_COMMAND,
      text,
    );
    const failed = results.find((r) => !r.success);
    if (failed) throw new SwayIpcError(`sway refused '${text}': ${failed.error ?? "no reason"}`);
  }

  private async exchange<T>(type: number, payload: string): Promise<T> {
    const body = new TextEncoder().encode(payload);
    const message = new Uint8Array(HEADER + body.length);
    message.set(MAGIC, 0);
    const view = new DataView(message.buffer);
    view.setUint32(MAGIC.length, body.length, true);
    view.setUint32(MAGIC.length + 4, type, true);
    message.set(body, HEADER);
    await writeAll(this.conn, message);
    for (;;) {
      const head = await this.read(HEADER);
      const headView = new DataView(head.buffer, head.byteOffset);
      const length = headView.getUint32(MAGIC.length, true);
      const replyType = headView.getUint32(MAGIC.length + 4, true);
      const reply = await this.read(length);
      if ((replyType & EVENT_BIT) !== 0) continue; // not ours to answer
      if (replyType !== type) {
        throw new SwayIpcError(`sway answered message ${replyType} to message ${type}`);
      }
      return JSON.parse(new TextDecoder().decode(reply)) as T;
    }
  }

  private async read(count: number): Promise<Uint8Array> {
    while (this.buffered.length < count) {
      const chunk = new Uint8Array(65536);
      const n = await this.conn.read(chunk);
      if (n === null) throw new SwayIpcError("sway closed its IPC connection");
      const joined = new Uint8Array(this.buffered.length + n);
      joined.set(this.buffered, 0);
      joined.set(chunk.subarray(0, n), this.buffered.length);
      this.buffered = joined;
    }
    const out = this.buffered.slice(0, count);
    this.buffered = this.buffered.slice(count);
    return out;
  }

  close(): void {
    try {
      this.conn.close();
    } catch {
      // already closed
    }
  }
}

async function writeAll(conn: Deno.UnixConn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}
