// A result's JSON text, reusing the text of values served before unchanged.
// A view made once (lib/formats/views/reuse.ts) is registered here: its text is made
// the first time a result carries it and reused after (a 260-node tree's JSON
// takes ~0.3 ms, most of a repeated observe's own work). A registered element
// tree some of whose subtrees were served before (a part of it asked for
// alone) is written from their kept text and its own nodes; one none of whose
// children has kept text is written whole, which is six times faster than
// node by node. A tree that arrived as JSON (from the AT-SPI host, through
// the worker) lends that JSON, text and UTF-8, once its holder vouches that
// redaction left it as it came. Registered values are never changed once
// made, so their text stays theirs.

import type { Element } from "./tree.ts";
import { concatBytes } from "./bytes.ts";

const reusable = new WeakSet<object>();
const trees = new WeakSet<object>();
const texts = new WeakMap<object, string>();
/** The UTF-8 of served values' text, kept like the text (screen text is rarely Latin-1 only). */
const utf8 = new WeakMap<object, Uint8Array>();
const encoder = new TextEncoder();

/** Marks a value whose JSON text may be kept and reused as long as the value lives. */
export function reuseJsonOf(value: object): void {
  reusable.add(value);
}

/** As reuseJsonOf, for an element tree whose registered subtrees lend it their text. */
export function reuseTreeJsonOf(tree: Element): void {
  reusable.add(tree);
  trees.add(tree);
}

const isReusable = (value: unknown): value is object =>
  typeof value === "object" && value !== null && reusable.has(value);

/** Stands for a node's children while its own fields are written; no screen text is this. */
const CHILDREN = `\u0001children-${crypto.randomUUID()}`;
const CHILDREN_TEXT = JSON.stringify(CHILDREN);

/**
 * Only subtrees whose text is at most this long keep it, flat (text joined
 * with + would be a rope of thousands of pieces, copied out again whenever it
 * is written): a tree's kept text stays close to its own size, and a bigger
 * subtree is joined again from its children's text. A served value always
 * keeps its text.
 */
const KEEP_AT_MOST = 16_384;

function textOf(value: object, served = true): string {
  let text = texts.get(value);
  if (text !== undefined) return text;
  text = trees.has(value) ? treeText(value as Element) : JSON.stringify(value);
  if (served || text.length <= KEEP_AT_MOST) texts.set(value, text);
  return text;
}

/**
 * A tree's JSON, its children's (kept) text written in their place among its
 * fields. A tree none of whose children has kept text (a fresh capture, or a
 * patched one whose parts were never served alone) is written whole: six
 * times faster than node by node.
 */
function treeText(node: Element): string {
  if (node.children.every((child) => !texts.has(child))) return JSON.stringify(node);
  const children = node.children.map((child) =>
    isReusable(child) ? textOf(child, false) : JSON.stringify(child)
  );
  const own = JSON.stringify({ ...node, children: CHILDREN });
  const at = own.indexOf(CHILDREN_TEXT);
  return [own.slice(0, at), "[", children.join(","), "]", own.slice(at + CHILDREN_TEXT.length)]
    .join("");
}

/** JSON as it arrived from another thread or process: its text and its UTF-8. */
export interface ArrivedJson {
  text: string;
  utf8: Uint8Array;
}

/**
 * The JSON values arrived as, held until their holder vouches that they
 * were not changed since (keepArrivedJson): a tree is redacted in place
 * after it arrives.
 */
const arrived = new WeakMap<object, ArrivedJson>();

/** Notes JSON, as JSON.stringify wrote it of a value equal to `value`, as `value`'s arrived JSON. */
export function noteArrivedJson(value: object, json: ArrivedJson): void {
  arrived.set(value, json);
}

/**
 * Keeps `value`'s arrived JSON as its text and UTF-8, for when it is
 * registered (reuseTreeJsonOf): its holder vouches that it is unchanged since
 * it arrived and will stay so. A 1,000-node tree's JSON then costs nothing,
 * and its UTF-8 goes out as it came.
 */
export function keepArrivedJson(value: object): void {
  const json = arrived.get(value);
  if (json === undefined) return;
  arrived.delete(value);
  texts.set(value, json.text);
  utf8.set(value, json.utf8);
}

/** Forgets the kept text of a tree's nodes: the tree was changed in place (redacted) after all. */
export function forgetTreeJson(root: Element): void {
  texts.delete(root);
  utf8.delete(root);
  arrived.delete(root);
  for (const child of root.children) forgetTreeJson(child);
}

/**
 * The JSON of `value[key]` inside `json`, which JSON.stringify wrote of
 * `value` with `key` its first field; null when it is not so written.
 */
export function firstFieldJson(
  json: ArrivedJson,
  value: Record<string, unknown>,
  key: string,
): ArrivedJson | null {
  const { text } = json;
  const head = `{${JSON.stringify(key)}:`;
  const rest = JSON.stringify({ ...value, [key]: undefined });
  const tail = rest === "{}" ? "}" : `,${rest.slice(1)}`;
  if (!text.startsWith(head) || !text.endsWith(tail)) return null;
  if (text.length <= head.length + tail.length) return null;
  const [headBytes, tailBytes] = [encoder.encode(head).length, encoder.encode(tail).length];
  return {
    text: text.slice(head.length, text.length - tail.length),
    utf8: json.utf8.subarray(headBytes, json.utf8.length - tailBytes),
  };
}

/** `JSON.stringify(body)`, with the kept text of registered values among its fields. */
export function resultJson(body: Record<string, unknown>): string {
  const values = Object.values(body);
  if (!values.some(isReusable)) return JSON.stringify(body);
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const text = isReusable(value) ? textOf(value) : JSON.stringify(value);
    // As JSON.stringify does: fields whose value has no JSON (undefined, functions) are left out.
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(",")}}`;
}

/** Kept text this long or longer is kept as UTF-8 too, and joined as bytes (each encode costs ~0.6 µs). */
const JOIN_BYTES_FROM = 4096;

/**
 * The answer's body: resultJson's text, or its UTF-8 when it carries kept text
 * long enough to join as bytes (their UTF-8 is encoded once and copied after,
 * so an unchanged tree is not encoded again on every answer). Text goes out
 * encoded once, straight into the buffer the answer is written from.
 */
export function resultJsonBody(body: Record<string, unknown>): string | Uint8Array {
  const values = Object.values(body);
  // Encoding a small answer whole costs less than joining the bytes of its parts.
  if (!values.some((v) => isReusable(v) && textOf(v).length > JOIN_BYTES_FROM)) {
    return resultJson(body);
  }
  const parts: Uint8Array[] = [];
  let pending = "{";
  for (const [key, value] of Object.entries(body)) {
    if (!isReusable(value)) {
      const text = JSON.stringify(value);
      if (text !== undefined) {
        pending += `${pending === "{" ? "" : ","}${JSON.stringify(key)}:${text}`;
      }
      continue;
    }
    let bytes = utf8.get(value);
    if (bytes === undefined) utf8.set(value, bytes = encoder.encode(textOf(value)));
    parts.push(encoder.encode(`${pending}${pending === "{" ? "" : ","}${JSON.stringify(key)}:`));
    parts.push(bytes);
    pending = "";
  }
  parts.push(encoder.encode(`${pending}}`));
  return concatBytes(parts);
}
