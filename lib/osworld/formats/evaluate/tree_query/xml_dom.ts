// A small namespace-aware DOM of the accessibility XML, enough for XPath 1.0's
// data model (root, elements, attributes, text) and ElementTree's `.text`.
// Every node carries its document-order index so node-sets sort cheaply.
// Comments and processing instructions are not kept, but they end a text run
// (and ElementTree's `.text`) as they do in lxml.

import { SaxesParser } from "saxes";

export interface XmlRoot {
  readonly kind: "root";
  readonly order: number;
  readonly parent: null;
  element: XmlElement;
}

export interface XmlElement {
  readonly kind: "element";
  readonly order: number;
  readonly parent: XmlElement | XmlRoot;
  /** Namespace URI, "" when none. */
  readonly uri: string;
  readonly local: string;
  readonly prefix: string;
  readonly attributes: XmlAttribute[];
  /** Element and text children, in document order. */
  readonly content: Array<XmlElement | XmlText>;
  readonly children: XmlElement[];
  /** ElementTree's `.text`: the text before the first child node, null when empty. */
  text: string | null;
}

export interface XmlAttribute {
  readonly kind: "attribute";
  readonly order: number;
  readonly parent: XmlElement;
  readonly uri: string;
  readonly local: string;
  readonly prefix: string;
  readonly value: string;
}

export interface XmlText {
  readonly kind: "text";
  readonly order: number;
  readonly parent: XmlElement;
  value: string;
}

export type XmlNode = XmlRoot | XmlElement | XmlAttribute | XmlText;

/** The XML is not well-formed (lxml would raise XMLSyntaxError). */
export class MalformedXml extends Error {}

const XMLNS_URI = "http://www.w3.org/2000/xmlns/";

interface Open {
  element: XmlElement;
  /** Still before the first child node: text goes to `.text`. */
  leading: boolean;
  /** The text node a further text event extends, if no markup came between. */
  run: XmlText | null;
}

/** Parses `xml` strictly (saxes: well-formedness, declared prefixes); throws MalformedXml. */
export function parseXmlDom(xml: string): XmlRoot {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlRoot = { kind: "root", order: 0, parent: null, element: undefined! };
  const stack: Open[] = [];
  let order = 1;
  let error: Error | null = null;
  let seenRoot = false;

  const top = (): Open | undefined => stack[stack.length - 1];
  const endRun = () => {
    const open = top();
    if (open) {
      open.run = null;
      open.leading = false;
    }
  };
  const addText = (value: string) => {
    const open = top();
    if (!open || value === "") return;
    if (open.leading) open.element.text = (open.element.text ?? "") + value;
    if (open.run) {
      open.run.value += value;
      return;
    }
    open.run = { kind: "text", order: order++, parent: open.element, value };
    open.element.content.push(open.run);
  };

  parser.on("error", (e) => (error ??= e));
  parser.on("opentag", (tag) => {
    const parent = top();
    if (!parent && seenRoot) return; // saxes reports the second root as an error
    const element: XmlElement = {
      kind: "element",
      order: order++,
      parent: parent ? parent.element : root,
      uri: tag.uri ?? "",
      local: tag.local ?? tag.name,
      prefix: tag.prefix ?? "",
      attributes: [],
      content: [],
      children: [],
      text: null,
    };
    for (const attr of Object.values(tag.attributes)) {
      if (attr.uri === XMLNS_URI || attr.name === "xmlns") continue;
      element.attributes.push({
        kind: "attribute",
        order: order++,
        parent: element,
        uri: attr.uri ?? "",
        local: attr.local ?? attr.name,
        prefix: attr.prefix ?? "",
        value: attr.value,
      });
    }
    if (parent) {
      endRun();
      parent.element.content.push(element);
      parent.element.children.push(element);
    } else {
      root.element = element;
      seenRoot = true;
    }
    stack.push({ element, leading: true, run: null });
  });
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("comment", endRun);
  parser.on("processinginstruction", endRun);
  parser.on("closetag", () => stack.pop());
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= e instanceof Error ? e : new Error(String(e));
  }
  if (error) throw new MalformedXml((error as Error).message);
  if (!seenRoot) throw new MalformedXml("no root element");
  return root;
}

/** The element and its descendants, in document order. */
export function elementsUnder(element: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    out.push(el);
    for (const child of el.children) walk(child);
  };
  walk(element);
  return out;
}

/** XPath's string-value: all descendant text for roots and elements. */
export function stringValue(node: XmlNode): string {
  switch (node.kind) {
    case "attribute":
    case "text":
      return node.value;
    case "root":
      return stringValue(node.element);
    case "element":
      return node.content.map(stringValue).join("");
  }
}

/** The attribute's value, or undefined when the element has none by that name. */
export function attributeValue(el: XmlElement, uri: string, local: string): string | undefined {
  return el.attributes.find((a) => a.uri === uri && a.local === local)?.value;
}

/** The element's element siblings, itself included. */
export function siblingsOf(el: XmlElement): XmlElement[] {
  return el.parent.kind === "element" ? el.parent.children : [el];
}
