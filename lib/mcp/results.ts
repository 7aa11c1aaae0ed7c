// A tool result as an MCP CallToolResult: the JSON as text (2-space indented),
// `isError` when the envelope says ok: false, and a screenshot's PNG also as
// image content so a vision model can see it.

import type { ToolResult } from "../tools/registry.ts";
import type { CallToolResult } from "./sdk.ts";

function pngOf(result: ToolResult): string | null {
  const isPng = result.format === "png" && result.encoding === "base64";
  return isPng && typeof result.data === "string" ? result.data : null;
}

export function toCallToolResult(result: ToolResult): CallToolResult {
  const png = pngOf(result);
  return {
    content: [
      { type: "text", text: JSON.stringify(result, null, 2) },
      ...(png === null ? [] : [{ type: "image" as const, data: png, mimeType: "image/png" }]),
    ],
    ...(result.ok === false ? { isError: true } : {}),
  };
}
