// A tool result as an MCP CallToolResult: the JSON as text (2-space indented)
// and `isError` when the envelope says ok: false. A screenshot's PNG, wherever
// it sits in the result, travels once, as image content a vision model can
// see: in the text its `data` (and `encoding`) give way to `image_content`,
// the image's index in `content`, and the PNG's width and height.

import type { ToolResult } from "../tools/registry.ts";
import type { CallToolResult } from "./sdk.ts";

type ImageContent = { type: "image"; data: string; mimeType: string };

interface Png {
  format: "png";
  encoding: "base64";
  data: string;
}

function isPng(value: unknown): value is Png {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.format === "png" && v.encoding === "base64" && typeof v.data === "string";
}

/** Whether a PNG is anywhere in the value (checked before paying for a replacer). */
function containsPng(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (isPng(value)) return true;
  return Object.values(value).some(containsPng);
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Width and height from the IHDR chunk, which a PNG starts with; null when the data is no PNG. */
export function pngSize(base64: string): { width: number; height: number } | null {
  let head: string;
  try {
    head = atob(base64.slice(0, 32));
  } catch {
    return null;
  }
  if (head.length < 24) return null;
  const bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  if (SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The result's JSON with every PNG's pixels moved out into `images`. */
function textAndImages(result: ToolResult): { text: string; images: ImageContent[] } {
  const images: ImageContent[] = [];
  if (!containsPng(result)) return { text: JSON.stringify(result, null, 2), images };
  const text = JSON.stringify(result, (_key, value: unknown) => {
    if (!isPng(value)) return value;
    const { data, encoding: _encoding, ...metadata } = value;
    images.push({ type: "image", data, mimeType: "image/png" });
    // Content 0 is this text, so the n-th image is content n.
    return { ...metadata, ...pngSize(data), image_content: images.length };
  }, 2);
  return { text, images };
}

export function toCallToolResult(result: ToolResult): CallToolResult {
  const { text, images } = textAndImages(result);
  return {
    content: [{ type: "text", text }, ...images],
    ...(result.ok === false ? { isError: true } : {}),
  };
}
