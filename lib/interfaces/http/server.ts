// The HTTP/1.1 server the service runs on (Deno.listen + ./connection.ts).
// Deno.serve has no header or idle timeout, no connection cap, and its accept
// loop dies on EMFILE (docs/DECISIONS.md, "Limits"); this one bounds each of
// them and keeps accepting whatever accept() throws.

import { setImmediate } from "node:timers";
import { log } from "../../support/log.ts";
import { Connection, type Handler, type TransportLimits } from "./connection.ts";
import { connectionCap, openFileLimit } from "./fd_limit.ts";
import { AnswerBuffers } from "./answer_buffers.ts";
import { type AnswerFields, responseBytes, transportError } from "./response_bytes.ts";

export interface ServerOptions {
  hostname: string;
  port: number;
  limits: TransportLimits & { connections: number };
  /** Header fields every answer carries unless it sets its own (the application's policy). */
  answerFields?: AnswerFields;
  onListen?: (addr: Deno.NetAddr) => void;
}

export interface HttpServer {
  addr: Deno.NetAddr;
  /** Connections open now (for /api/metrics and tests). */
  connectionCount(): number;
  shutdown(): Promise<void>;
}

const ACCEPT_RETRY_MS = 50;
const EVICTION_GRACE_MS = 100;
/** At the cap, a batch of cap/16 waiting connections is evicted at once. */
const EVICTION_BATCH_DIVISOR = 16;
const SWEEP_EVERY_MS = 50;
const EXPIRIES_PER_TICK = 64;
const ACCEPTS_BETWEEN_YIELDS = 8;

export function serveHttp(options: ServerOptions, handler: Handler): HttpServer {
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr as Deno.NetAddr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const origin = `http://${host}:${addr.port}`;
  const cap = connectionCap(options.limits.connections, openFileLimit());
  const open = new Set<Connection>();
  const buffers = new AnswerBuffers();
  let stopping = false;

  // Expiring many connections at once (a flood that went idle together) is
  // spread over ticks, so no tick holds the event loop for long.
  const sweeper = setInterval(() => {
    const now = Date.now();
    let expired = 0;
    for (const connection of open) {
      if (connection.deadline > now) continue;
      connection.expire();
      if (++expired === EXPIRIES_PER_TICK) break;
    }
  }, SWEEP_EVERY_MS);

  /**
   * Closes up to `count` of the connections that have waited longest without a
   * request in progress; returns how many it closed. One that spoke in the last
   * moment is spared: a client that has just connected and sent its request
   * must not lose to a flood of silent ones. Evicting in batches keeps a flood
   * at the cap from costing a scan of every connection per accept.
   */
  function evictWaiting(count: number): number {
    const now = Date.now();
    const waiting: Connection[] = [];
    for (const c of open) {
      const idle = c.phase === "idle" || c.phase === "head" || c.phase === "body";
      if (idle && now - c.lastActive >= EVICTION_GRACE_MS) waiting.push(c);
    }
    if (waiting.length > count) waiting.sort((a, b) => a.lastActive - b.lastActive);
    const evicted = waiting.slice(0, count);
    for (const c of evicted) {
      c.close();
      open.delete(c);
    }
    return evicted.length;
  }

  async function refuseBusy(conn: Deno.Conn): Promise<void> {
    const response = transportError(
      503,
      "ServiceBusy",
      `too many connections (limit ${cap}, none idle long enough to close for this one)`,
      { limit: cap, config_key: "limits.connections" },
    );
    try {
      await conn.write(
        await responseBytes(response, { head: false, close: true, defaults: options.answerFields }),
      );
    } catch {
      // the client is gone already
    } finally {
      try {
        conn.close();
      } catch {
        // closed
      }
    }
  }

  function start(conn: Deno.Conn): void {
    if (
      open.size >= cap && evictWaiting(Math.max(1, Math.ceil(cap / EVICTION_BATCH_DIVISOR))) === 0
    ) {
      void refuseBusy(conn);
      return;
    }
    const connection = new Connection(
      conn,
      handler,
      options.limits,
      origin,
      options.answerFields,
      buffers,
    );
    open.add(connection);
    connection.serve().finally(() => open.delete(connection));
  }

  let lastAcceptError = 0;
  let accepted = 0;
  const accepting = (async () => {
    while (!stopping) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (e) {
        if (stopping || e instanceof Deno.errors.BadResource) break;
        // EMFILE and friends: free a descriptor if we hold an idle one, wait, go on.
        if (Date.now() - lastAcceptError > 5000) {
          log("WARNING", "http", `accept failed (${(e as Error).message}); still serving`);
        }
        lastAcceptError = Date.now();
        evictWaiting(1);
        await new Promise((r) => setTimeout(r, ACCEPT_RETRY_MS));
        continue;
      }
      start(conn);
      // An accept that completes at once resolves without a trip through the
      // event loop: a flood of connections would starve every read otherwise.
      if (++accepted % ACCEPTS_BETWEEN_YIELDS === 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  })();

  options.onListen?.(addr);
  return {
    addr,
    connectionCount: () => open.size,
    async shutdown() {
      stopping = true;
      clearInterval(sweeper);
      try {
        listener.close();
      } catch {
        // already closed
      }
      for (const c of open) c.close();
      await accepting;
    },
  };
}
