// The accessibility XML OSWorld's in-VM server returns on Linux (AT-SPI),
// rendered from an Element tree: same tags, namespaces, attribute order and
// limits, so agents written for OSWorld read it unchanged. No indentation:
// the server emits none, and whitespace would become the text of nodes that
// have children, which OSWorld's table filter reads.

import type { Element } from "../../model/tree.ts";
import {
  childrenOf,
  DESKTOP_TAG,
  interfacesOf,
  placementOf,
  pythonPair,
  tagOf,
  textOf,
  topLevel,
  trueStates,
  xmlChars,
  xmlName,
} from "./node.ts";

/** OSWorld's namespace paths, shared by both platforms' maps, in its order. */
const NS_PATHS: ReadonlyArray<[string, string]> = [
  ["st", "state"],
  ["attr", "attributes"],
  ["cp", "component"],
  ["doc", "document"],
  ["docattr", "document/attributes"],
  ["txt", "text"],
  ["val", "value"],
  ["act", "action"],
];

const namespacesUnder = (base: string): Array<[string, string]> =>
  NS_PATHS.map(([prefix, path]) => [prefix, `${base}/${path}`]);

/** OSWorld's namespace prefixes for Linux (its NS_MAP), in its order. */
export const NAMESPACES: ReadonlyArray<[string, string]> = namespacesUnder(
  "https://accessibility.ubuntu.example.org/ns",
);

/** OSWorld's namespace prefixes for Windows: the same paths plus `class`. */
export const WINDOWS_NAMESPACES: ReadonlyArray<[string, string]> = [
  ...namespacesUnder("https://accessibility.windows.example.org/ns"),
  ["class", "https://accessibility.windows.example.org/ns/class"],
];

// Tab, LF and CR as references so a parser's attribute-value normalisation
// gives them back instead of spaces (lxml writes them the same way).
const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

function escapeAttribute(value: string): string {
  return xmlChars(value).replace(/[&<>"\t\n\r]/g, (ch) => ESCAPES[ch]);
}

/** `text` must already be free of forbidden characters (textOf does that). */
function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (ch) => ESCAPES[ch]);
}

/** A double as Python's str() prints it ("40.0", "1e-05", "1e+16"), as the server writes values. */
export function pythonFloat(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  if (Object.is(n, -0)) return "-0.0";
  const [mantissa, exponent] = n.toExponential().split("e");
  const e = Number(exponent);
  if (e < -4 || e >= 16) {
    return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  // JavaScript prints fixed notation across this whole range.
  const fixed = String(n);
  return fixed.includes(".") ? fixed : `${fixed}.0`;
}

/**
 * The node's attributes in the server's order. A Map because, like the
 * server's dict, a repeated key (two names that sanitise alike) keeps its
 * first place and takes the last value — and XML forbids repeats.
 */
function attributesOf(el: Element): Map<string, string> {
  const out = new Map<string, string>([["name", el.name]]);
  const states = trueStates(el);
  for (const state of states) out.set(`st:${state}`, "true");
  for (const [key, value] of Object.entries(el.attributes ?? {})) {
    if (key !== "") out.set(`attr:${xmlName(key)}`, value);
  }
  const placement = placementOf(el, states);
  if (placement) {
    out.set("cp:screencoord", pythonPair(placement.x, placement.y));
    out.set("cp:size", pythonPair(placement.width, placement.height));
  }
  const interfaces = interfacesOf(el);
  if (interfaces.includes("image")) out.set("image", "true");
  if (interfaces.includes("selection")) out.set("selection", "true");
  const values: Array<[string, number | undefined]> = [
    ["value", el.value_now],
    ["min", el.value_min],
    ["max", el.value_max],
    ["step", el.value_step],
  ];
  for (const [key, n] of values) if (n !== undefined) out.set(`val:${key}`, pythonFloat(n));
  for (const action of el.actions ?? []) {
    const name = action.name.replaceAll(" ", "-");
    out.set(`act:${xmlName(`${name}_desc`)}`, action.description);
    out.set(`act:${xmlName(`${name}_kb`)}`, action.key_binding);
  }
  return out;
}

function render(el: Element, depth: number, out: string[]): void {
  const tag = tagOf(el);
  out.push(`<${tag}`);
  for (const [key, value] of attributesOf(el)) out.push(` ${key}="${escapeAttribute(value)}"`);
  const text = textOf(el);
  const children = childrenOf(el, depth);
  if (text === "" && children.length === 0) {
    out.push("/>");
    return;
  }
  out.push(">", escapeText(text));
  for (const child of children) render(child, depth + 1, out);
  out.push(`</${tag}>`);
}

/**
 * The tree as OSWorld's Linux accessibility XML. A desktop root becomes the
 * bare `desktop-frame` element (the server writes no attributes on it); any
 * other root is placed under one, as if it were an application.
 */
export function accessibilityXml(root: Element): string {
  const declarations = NAMESPACES.map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join("");
  const out = [`<${DESKTOP_TAG}${declarations}>`];
  for (const node of topLevel(root)) render(node, 1, out);
  out.push(`</${DESKTOP_TAG}>`);
  return out.join("");
}
