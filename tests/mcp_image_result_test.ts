// Image results over a real MCP session: the pixels travel once, as image
// content; the text keeps only the metadata (no base64 payload in any text).
// tests/mcp_sdk_test.ts checks the same of every tool's result.

import assert from "node:assert/strict";
import { fromBase64 } from "../lib/model/base64.ts";
import { jpegSize } from "../lib/formats/image/pixel_size.ts";
import { assertPixelsOnce, connectSdkClient, resultJson } from "./helpers/mcp.ts";
import type { CallToolResult } from "./helpers/mcp_sdk_client.ts";

Deno.test("get_screenshot over MCP: exactly one image, and the text holds no base64", async () => {
  const mcp = await connectSdkClient();
  try {
    for (const args of [{ window_index: 0 }, {}]) {
      const label = JSON.stringify(args);
      const result = await mcp.client.callTool({
        name: "get_screenshot",
        arguments: args,
      }) as CallToolResult;
      assert.equal(result.isError, undefined, label);
      const images = result.content.filter((c) => c.type === "image");
      assert.equal(images.length, 1, label);
      assert.equal(result.content.length, 2, label);
      assertPixelsOnce(result, label);

      const body = resultJson(result);
      assert.equal(body.data, undefined, label);
      assert.equal(body.format, "png", label);
      assert.equal(typeof body.window, "string", label);
      assert.equal(body.image_content, 1, label);
      // The size in the text is the image's own (its IHDR chunk).
      const image = images[0] as { data: string; mimeType: string };
      assert.equal(image.mimeType, "image/png");
      const bytes = Uint8Array.from(atob(image.data.slice(0, 32)), (c) => c.charCodeAt(0));
      const view = new DataView(bytes.buffer);
      assert.deepEqual([body.width, body.height], [view.getUint32(16), view.getUint32(20)]);
      assert.ok((body.width as number) > 0 && (body.height as number) > 0, label);
    }
  } finally {
    await mcp.close();
  }
});

Deno.test("get_screenshot with format jpeg over MCP: one image/jpeg, its size in the text", async () => {
  const mcp = await connectSdkClient();
  try {
    const result = await mcp.client.callTool({
      name: "get_screenshot",
      arguments: { window_index: 0, format: "jpeg", quality: 70 },
    }) as CallToolResult;
    assert.equal(result.isError, undefined);
    assertPixelsOnce(result, "jpeg");
    const images = result.content.filter((c) => c.type === "image");
    assert.equal(images.length, 1);
    const image = images[0] as { data: string; mimeType: string };
    assert.equal(image.mimeType, "image/jpeg");
    assert.deepEqual(jpegSize(fromBase64(image.data)), { width: 800, height: 600 });

    const body = resultJson(result);
    assert.equal(body.format, "jpeg");
    assert.equal(body.data, undefined);
    assert.equal(body.image_content, 1);
    assert.deepEqual([body.width, body.height], [800, 600]);
  } finally {
    await mcp.close();
  }
});
