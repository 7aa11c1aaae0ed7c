// The one place the server pins the MCP SDK (deno.json has no import-map entry
// for it). The SDK's wildcard export maps `x.js` to a non-existent `x.js.d.ts`,
// hence @ts-types naming the extensionless path, whose types do resolve.

export { Server } from "npm:@modelcontextprotocol/sdk@1.32.2/server";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp"
export { WebStandardStreamableHTTPServerTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/shared/transport"
export type { Transport } from "npm:@modelcontextprotocol/sdk@1.32.2/shared/transport.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"
export {
  CallToolRequestSchema,
  type CallToolResult,
  CancelledNotificationSchema,
  ErrorCode,
  InitializedNotificationSchema,
  InitializeRequestSchema,
  type JSONRPCMessage,
  type JSONRPCNotification,
  JSONRPCNotificationSchema,
  type JSONRPCRequest,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ProgressNotificationSchema,
  type RequestId,
  type Tool as McpTool,
} from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
