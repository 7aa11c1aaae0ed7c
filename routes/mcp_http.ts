// MCP over the streamable HTTP transport at /mcp, on the REST server's port
// and behind its guards and token: the same tools, dispatch and session
// state as REST and stdio. Each MCP session (Mcp-Session-Id) has a server of
// its own; in stateless mode (mcp.http_stateless) every request does.

import type { Context, Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { type CarrierSignal, createMcpServer } from "../lib/interfaces/mcp/server.ts";
import { WebStandardStreamableHTTPServerTransport } from "../lib/interfaces/mcp/sdk.ts";
import { envelope } from "../lib/model/errors.ts";
import { withClientSignal } from "../lib/interfaces/http/connection.ts";

/** Open MCP sessions at most; a new one beyond is refused until one ends. */
const MAX_SESSIONS = 64;

function jsonRpcError(c: Context, status: number, message: string): Response {
  // deno-lint-ignore no-explicit-any
  return c.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, status as any);
}

/**
 * The HTTP requests that carry calls, by the calls' JSON-RPC ids (one map per
 * MCP session: ids are the client's): a request whose client hangs up aborts
 * the calls it carried, as notifications/cancelled would.
 */
class Carriers {
  private readonly signals = new Map<string | number, AbortSignal>();
  readonly signalOf: CarrierSignal = (id) => this.signals.get(id);

  /** Hands `request` to the transport with its calls' ids noted while it is served. */
  async carry(
    request: Request,
    transport: WebStandardStreamableHTTPServerTransport,
  ): Promise<Response> {
    const body = request.method === "POST" ? await request.clone().json().catch(() => null) : null;
    const ids = (Array.isArray(body) ? body : [body])
      .filter((m) => m !== null && typeof m === "object" && "method" in m && "id" in m)
      .map((m) => m.id as string | number);
    for (const id of ids) this.signals.set(id, request.signal);
    try {
      return await transport.handleRequest(request);
    } finally {
      for (const id of ids) if (this.signals.get(id) === request.signal) this.signals.delete(id);
    }
  }
}

async function stateless(session: Session, request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const carriers = new Carriers();
  const server = createMcpServer(session, TOOLS, carriers.signalOf);
  await server.connect(transport);
  try {
    return await carriers.carry(request, transport);
  } finally {
    await server.close();
  }
}

export function mcpHttpRoutes(app: Hono, session: Session): void {
  const open = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; carriers: Carriers }
  >();

  async function stateful(c: Context, request: Request): Promise<Response> {
    const id = c.req.header("mcp-session-id");
    if (id !== undefined) {
      const known = open.get(id);
      return known
        ? await known.carriers.carry(request, known.transport)
        : jsonRpcError(c, 404, `no MCP session ${id}: initialize a new one`);
    }
    if (open.size >= MAX_SESSIONS) {
      return c.json(
        envelope("ServiceBusy", `${MAX_SESSIONS} MCP sessions are open: end one (DELETE /mcp)`),
        503,
      );
    }
    const carriers = new Carriers();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid) => void open.set(sid, { transport, carriers }),
      onsessionclosed: (sid) => void open.delete(sid),
    });
    transport.onclose = () => {
      if (transport.sessionId) open.delete(transport.sessionId);
    };
    await createMcpServer(session, TOOLS, carriers.signalOf).connect(transport);
    // Anything but an initialize is refused by the transport (400) and leaves no session.
    return await transport.handleRequest(request);
  }

  app.all("/mcp", (c) => {
    // A call's request aborts when its client hangs up (Carriers).
    const request = withClientSignal(c.req.raw);
    return session.config.mcp.http_stateless ? stateless(session, request) : stateful(c, request);
  });
}
