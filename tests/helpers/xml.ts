// A strict parse of the service's XML into a small DOM (saxes checks
// well-formedness, XML 1.0 characters and names, and that every prefix is
// declared).

import { strict as assert } from "node:assert";
import { SaxesParser } from "saxes";

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
