// The table OSWorld's agents make of the Linux accessibility XML (filter the
// nodes, one tab-separated line each, cut to a token budget), computed from
// the Element tree with the same tag, state and text rules as lib/osworld/formats/xml.ts.

import type { Tiktoken } from "js-tiktoken/lite";
import { cl100k } from "../../formats/tokens/cl100k.ts";
import type { Bounds, Element } from "../../model/tree.ts";
import {
  childrenOf,
  interfacesOf,
  placementOf,
  pythonPair,
  tagOf,
  textOf,
  topLevel,
  trueStates,
  xmlChars,
} from "./node.ts";

export const TABLE_HEADER =
  "tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)";

/**
 * What OSWorld appends to a cut table. Like OSWorld, it comes on top of the
 * budget: the text before it is at most `maxTokens` tokens.
 */
export const CUT_MARKER = "[...]\n";

const KEPT_SUFFIXES = [
  "item",
  "button",
  "heading",
  "label",
  "scrollbar",
  "searchbox",
  "textbox",
  "link",
  "tabelement",
  "textfield",
  "textarea",
  "menu",
];

const KEPT_TAGS = new Set([
  "alert",
  "canvas",
  "check-box",
  "combo-box",
  "entry",
  "icon",
  "image",
  "paragraph",
  "scroll-bar",
  "section",
  "slider",
  "static",
  "table-cell",
  "terminal",
  "text",
]);

/** States of which one must be true for a node to be kept. */
const ACTIONABLE = ["enabled", "editable", "expandable", "checkable"];

export interface LinearizedTable {
  /** Header and rows joined by "\n", plus CUT_MARKER when cut. */
  table: string;
  /** cl100k_base tokens of the table before the marker (≤ maxTokens when cut). */
  tokens: number;
  cut: boolean;
  /** Rows (kept nodes) of the whole table, before any cut; the header not counted. */
  rows: number;
}

/** A text cell as OSWorld writes it: `""` when empty, CSV-quoted when it holds a quote. */
function textCell(text: string): string {
  if (text === "") return '""';
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text;
}

function keptTag(tag: string): boolean {
  return tag.startsWith("document") || KEPT_SUFFIXES.some((s) => tag.endsWith(s)) ||
    KEPT_TAGS.has(tag);
}

/** A node OSWorld's filter keeps, with what its table row and set-of-marks box need. */
export interface KeptNode {
  element: Element;
  tag: string;
  name: string;
  text: string;
  box: Bounds;
}

/**
 * The node as OSWorld's filter keeps it, or null when dropped. `images`: the
 * set-of-marks filter, which also keeps unnamed nodes with the Image interface.
 */
function keptNode(el: Element, images: boolean): KeptNode | null {
  const tag = tagOf(el);
  if (!keptTag(tag)) return null;
  const states = trueStates(el);
  if (!ACTIONABLE.some((s) => states.includes(s))) return null;
  // placementOf is null unless both visible and showing.
  const box = placementOf(el, states);
  if (!box || box.x < 0 || box.y < 0 || box.width <= 0 || box.height <= 0) return null;
  const name = xmlChars(el.name);
  const text = textOf(el);
  const image = images && interfacesOf(el).includes("image");
  if (name === "" && text === "" && !image) return null;
  return { element: el, tag, name, text, box };
}

function collectKept(el: Element, depth: number, images: boolean, kept: KeptNode[]): void {
  const node = keptNode(el, images);
  if (node !== null) kept.push(node);
  for (const child of childrenOf(el, depth)) collectKept(child, depth + 1, images, kept);
}

/** The nodes OSWorld's filter keeps, in document order (`images`: set-of-marks' filter). */
export function keptNodes(root: Element, images = false): KeptNode[] {
  const kept: KeptNode[] = [];
  for (const node of topLevel(root)) collectKept(node, 1, images, kept);
  return kept;
}

/** The table's lines before any cut: the header, then one row per kept node. */
export function tableLines(root: Element): string[] {
  // Class and description stay empty: OSWorld's Linux code reads them from a
  // namespace its XML never uses.
  const rows = keptNodes(root).map(({ tag, name, text, box }) =>
    [
      tag,
      name,
      textCell(text),
      "",
      "",
      pythonPair(box.x, box.y),
      pythonPair(box.width, box.height),
    ].join("\t")
  );
  return [TABLE_HEADER, ...rows];
}

/**
 * The table's `lines` joined and cut to `maxTokens` tokens of `enc` (OSWorld's
 * run.py defaults to 10000). Pure apart from the encoder: the service runs it
 * in a worker (lib/formats/tokens/off_thread.ts), tests call it directly.
 */
export function cutTable(lines: string[], maxTokens: number, enc: Tiktoken): LinearizedTable {
  if (!Number.isInteger(maxTokens) || maxTokens < 0) {
    throw new RangeError(`maxTokens must be a non-negative integer, got ${maxTokens}`);
  }
  const rows = Math.max(0, lines.length - 1);
  // Rows are encoded one at a time and only until the budget is passed, so
  // the cost follows the budget, not the tree. That equals encoding the whole
  // table: every line ends with ")" and the next starts with a tag's letter or
  // "_", and no cl100k_base pre-token spans ")\n" into a letter.
  const tokens: number[] = [];
  let text = "";
  for (let i = 0; i < lines.length && tokens.length <= maxTokens; i++) {
    const line = i < lines.length - 1 ? `${lines[i]}\n` : lines[i];
    // Special-token text ("<|endoftext|>" in a title) is plain text here, not an error.
    for (const token of enc.encode(line, [], [])) tokens.push(token);
    text += line;
  }
  if (tokens.length <= maxTokens) return { table: text, tokens: tokens.length, cut: false, rows };
  // Cut at a token boundary as OSWorld does. A cut inside a multi-byte
  // character decodes to U+FFFD; OSWorld keeps that, we step back to the last
  // whole character.
  let kept = maxTokens;
  let head = enc.decode(tokens.slice(0, kept));
  while (!text.startsWith(head)) head = enc.decode(tokens.slice(0, --kept));
  return { table: head + CUT_MARKER, tokens: kept, cut: true, rows };
}

/** The linearized table of the tree's accessibility XML, cut to `maxTokens` cl100k_base tokens. */
export function linearizedTable(root: Element, maxTokens: number): LinearizedTable {
  return cutTable(tableLines(root), maxTokens, cl100k());
}
