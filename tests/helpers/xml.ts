// A strict parse of the service's XML into a small DOM (saxes checks
// well-formedness, XML 1.0 characters and names, and that every prefix is
// declared).

import { strict as assert } from "node:assert";
import { SaxesParser } from "saxes";
import { TABLE_HEADER } from "../../lib/osworld/formats/table.ts";

export interface XNode {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  children: XNode[];
}

export function parseXml(xml: string): XNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XNode[] = [];
  let root: XNode | null = null;
  let error: Error | null = null;
  parser.on("error", (e) => (error ??= e));
  parser.on("opentag", (tag) => {
    const attrs: Record<string, string> = {};
    for (const [name, attr] of Object.entries(tag.attributes)) {
      if (!name.startsWith("xmlns")) attrs[name] = attr.value;
    }
    const node: XNode = { tag: tag.name, attrs, text: "", children: [] };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("text", (text) => {
    // Only text before the first child counts, as ElementTree's `.text`.
    const top = stack[stack.length - 1];
    if (top && top.children.length === 0) top.text += text;
  });
  parser.on("closetag", () => stack.pop());
  parser.write(xml).close();
  if (error) throw error;
  assert.ok(root, "no root element");
  return root;
}

export function preorder(node: XNode): XNode[] {
  return [node, ...node.children.flatMap(preorder)];
}

/** OSWorld's Linux linearization, on the parsed XML: the oracle for linearizedTable. */
export function osworldTable(xml: string): string {
  const kept = new Set([
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
  const suffixes =
    /(item|button|heading|label|scrollbar|searchbox|textbox|link|tabelement|textfield|textarea|menu)$/;
  const pair = (s: string | undefined) => (s ?? "(-1, -1)").slice(1, -1).split(", ").map(Number);
  const lines = [TABLE_HEADER];
  for (const xn of preorder(parseXml(xml))) {
    const st = (s: string) => xn.attrs[`st:${s}`] === "true";
    const [x, y] = pair(xn.attrs["cp:screencoord"]);
    const [w, h] = pair(xn.attrs["cp:size"]);
    const keep = (xn.tag.startsWith("document") || suffixes.test(xn.tag) || kept.has(xn.tag)) &&
      st("showing") && st("visible") &&
      (st("enabled") || st("editable") || st("expandable") || st("checkable")) &&
      ((xn.attrs.name ?? "") !== "" || xn.text.length > 0) &&
      x >= 0 && y >= 0 && w > 0 && h > 0;
    if (!keep) continue;
    const text = xn.text === ""
      ? '""'
      : xn.text.includes('"')
      ? `"${xn.text.replaceAll('"', '""')}"`
      : xn.text;
    const { name } = xn.attrs;
    const [coord, size] = [xn.attrs["cp:screencoord"], xn.attrs["cp:size"]];
    lines.push([xn.tag, name, text, "", "", coord, size].join("\t"));
  }
  return lines.join("\n");
}
