// The official MCP SDK client, pinned in one place for the tests. The SDK's
// wildcard export maps `x.js` to a non-existent `x.js.d.ts`, hence @ts-types
// naming the extensionless path, whose types do resolve.

export { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/stdio"
export {
  getDefaultEnvironment,
  StdioClientTransport,
} from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp"
export { StreamableHTTPClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"
export {
  type CallToolResult,
  EmptyResultSchema,
  McpError,
} from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/inMemory"
export { InMemoryTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/inMemory.js";
