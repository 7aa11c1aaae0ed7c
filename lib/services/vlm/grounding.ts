// Grounding blocks: what the service already knows about the window, given to
// the model as tagged text so it names controls as the accessibility tree
// does and quotes text as OCR read it. Pure: the parts are gathered by
// lib/services/vlm/gather.ts.

import type { Element } from "../../model/tree.ts";
import type { VlmConfig } from "../../formats/config/vlm.ts";

export interface GroundingParts {
  /** Accessibility prose (lib/formats/describe/prose.ts). */
  tree: string | null;
  /** OCR text, or the bracketed message OCR gave instead (dropped here). */
  ocr: string | null;
  /** The ASCII sketch with its legend. */
  sketch: string | null;
  /** The focused element's line (focusLine). */
  focus: string | null;
}

export const EMPTY_GROUNDING: GroundingParts = { tree: null, ocr: null, sketch: null, focus: null };

export interface GroundingLimits {
  treeMaxLines: number;
  ocrMaxChars: number;
  sketchMaxChars: number;
}

export function groundingLimits(settings: VlmConfig): GroundingLimits {
  return {
    treeMaxLines: settings.tree_max_lines,
    ocrMaxChars: settings.ocr_max_chars,
    sketchMaxChars: settings.sketch_max_chars,
  };
}

/** The first `max` lines, and a note when there were more. */
export function cutLines(text: string, max: number): string {
  const lines = text.split("\n");
  if (lines.length <= max) return text;
  return [...lines.slice(0, max), `… [tree truncated to ${max} lines]`].join("\n");
}

/** The first `max` characters (code points) and `marker` when there were more. */
export function cutChars(text: string, max: number, marker: string): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("") + marker;
}

/** `<TAG>`, the content, `</TAG>`, each on its own line. */
export function taggedBlock(tag: string, content: string): string {
  return `<${tag}>\n${content}\n</${tag}>`;
}

/** OCR text worth showing: not empty and not one of OCR's `[...]` messages. */
export function usableOcr(text: string | null): string | null {
  const trimmed = text?.trim() ?? "";
  return trimmed === "" || trimmed.startsWith("[") ? null : trimmed;
}

/** `<role> "<name>" tree_id=<id>` (the name only when there is one). */
export function focusLine(element: Element): string {
  const name = element.name ? ` "${element.name}"` : "";
  return `${element.role}${name} tree_id=${element.id}`;
}

/** The blocks in prompt order; empty parts are left out. */
export function groundingBlocks(parts: GroundingParts, limits: GroundingLimits): string[] {
  const blocks: string[] = [];
  const add = (tag: string, content: string | null) => {
    if (content !== null && content.trim() !== "") blocks.push(taggedBlock(tag, content));
  };
  add("ACCESSIBILITY_TREE", parts.tree === null ? null : cutLines(parts.tree, limits.treeMaxLines));
  const ocr = usableOcr(parts.ocr);
  add("OCR_TEXT", ocr === null ? null : cutChars(ocr, limits.ocrMaxChars, "… [truncated]"));
  add(
    "ASCII_SKETCH",
    parts.sketch === null
      ? null
      : cutChars(parts.sketch, limits.sketchMaxChars, "… [sketch truncated]"),
  );
  add("FOCUSED_ELEMENT", parts.focus);
  return blocks;
}
