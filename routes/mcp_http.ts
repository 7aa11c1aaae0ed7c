// MCP over the streamable HTTP transport at /mcp, on the REST server's port
// and behind its guards and token: the same tools, dispatch and session
// state as REST and stdio. Each MCP session (Mcp-Session-Id) has a server of
// its own; in stateless mode (mcp.http_stateless) every request does.

import type { Context, Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { createMcpServer } from "../lib/interfaces/mcp/server.ts";
import { WebStandardStreamableHTTPServerTransport } from "../lib/interfaces/mcp/sdk.ts";
import { envelope } from "../lib/model/errors.ts";

/** Open MCP sessions at most; a new one beyond is refused until one ends. */
const MAX_SESSIONS = 64;

function jsonRpcError(c: Context, status: number, message: string): Response {
  // deno-lint-ignore no-explicit-any
  return c.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, status as any);
}

async function stateless(session: Session, request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createMcpServer(session, TOOLS);
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

export function mcpHttpRoutes(app: Hono, session: Session): void {
  const open = new Map<string, WebStandardStreamableHTTPServerTransport>();

  async function stateful(c: Context): Promise<Response> {
    const id = c.req.header("mcp-session-id");
    if (id !== undefined) {
      const transport = open.get(id);
      return transport
        ? await transport.handleRequest(c.req.raw)
        : jsonRpcError(c, 404, `no MCP session ${id}: initialize a new one`);
    }
    if (open.size >= MAX_SESSIONS) {
      return c.json(
        envelope("ServiceBusy", `${MAX_SESSIONS} MCP sessions are open: end one (DELETE /mcp)`),
        503,
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid) => void open.set(sid, transport),
      onsessionclosed: (sid) => void open.delete(sid),
    });
    transport.onclose = () => {
      if (transport.sessionId) open.delete(transport.sessionId);
    };
    await createMcpServer(session, TOOLS).connect(transport);
    // Anything but an initialize is refused by the transport (400) and leaves no session.
    return await transport.handleRequest(c.req.raw);
  }

  app.all(
    "/mcp",
    (c) => session.config.mcp.http_stateless ? stateless(session, c.req.raw) : stateful(c),
  );
}
