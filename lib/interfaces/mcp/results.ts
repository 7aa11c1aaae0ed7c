// A tool result as an MCP CallToolResult: the JSON as compact text, the same
// object as `structuredContent` (it fits the tool's outputSchema) on success,
// and `isError` when the envelope says ok: false. A screenshot (PNG or JPEG),
// wherever it sits in the result, travels once, as image content a vision
// model can see: in the result its `data` (and `encoding`) give way to
// `image_content`, the image's index in `content`, and its width and height.

import { fromBase64 } from "../../model/base64.ts";
import { own } from "../../model/own.ts";
import { resultJson } from "../../model/json_text.ts";
import { type ImageFormat, MIME_TYPES } from "../../formats/image/formats.ts";
import { pixelSize } from "../../formats/image/pixel_size.ts";
import type { ToolResult } from "../../runtime/registry.ts";
import type { CallToolResult } from "./sdk.ts";

type ImageContent = { type: "image"; data: string; mimeType: string };

interface EncodedImage {
  format: ImageFormat;
  encoding: "base64";
  data: string;
}

function isImage(value: unknown): value is EncodedImage {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.format === "string" && own(MIME_TYPES, v.format) !== undefined &&
    v.encoding === "base64" && typeof v.data === "string";
}

/** Whether an image is anywhere in the value (checked before paying for a replacer). */
function containsImage(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (isImage(value)) return true;
  return Object.values(value).some(containsImage);
}

/**
 * Base64 characters decoded to find the size: a PNG's IHDR is in its first
 * 24 bytes; a JPEG's frame header follows its tables, within a few hundred.
 */
const HEADER_CHARS = 4096;

/** Width and height from the image's header; null when it is not the format it claims. */
function sizeOf(image: EncodedImage): { width: number; height: number } | null {
  try {
    return pixelSize(fromBase64(image.data.slice(0, HEADER_CHARS)), image.format);
  } catch {
    return null; // not base64
  }
}

/** The result with every image's pixels moved out into `images`. */
function withoutPixels(result: ToolResult): { shown: ToolResult; images: ImageContent[] } {
  const images: ImageContent[] = [];
  if (!containsImage(result)) return { shown: result, images };
  // Only what holds an image is copied: a tree beside it keeps its reused text.
  const move = (value: unknown): unknown => {
    if (!containsImage(value)) return value;
    if (Array.isArray(value)) return value.map(move);
    if (isImage(value)) {
      const { data, encoding: _encoding, ...metadata } = value;
      images.push({ type: "image", data, mimeType: MIME_TYPES[value.format] });
      // Content 0 is the text, so the n-th image is content n.
      return { ...metadata, ...sizeOf(value), image_content: images.length };
    }
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, move(v)]));
  };
  return { shown: move(result) as ToolResult, images };
}

export function toCallToolResult(result: ToolResult): CallToolResult {
  const { shown, images } = withoutPixels(result);
  // Compact: indentation costs a model tokens and says nothing (bench/mcp_text.ts measures it).
  const content = [{ type: "text" as const, text: resultJson(shown) }, ...images];
  // An error is not the tool's answer: it has no structured form to fit the outputSchema.
  return result.ok === false ? { content, isError: true } : { content, structuredContent: shown };
}
