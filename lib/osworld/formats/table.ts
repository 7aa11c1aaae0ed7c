// The table OSWorld's agents make of the Linux accessibility XML (filter the
// nodes, one tab-separated line each, cut to a token budget), computed from
// the Element tree with the same tag, state and text rules as lib/osworld/formats/xml.ts.

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
import { cutTable, type LinearizedTable } from "../../formats/tokens/cut_table.ts";

export const TABLE_HEADER =
  "tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)";

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

/** The linearized table of the tree's accessibility XML, cut to `maxTokens` cl100k_base tokens. */
export function linearizedTable(root: Element, maxTokens: number): LinearizedTable {
  return cutTable(tableLines(root), maxTokens, cl100k());
}
