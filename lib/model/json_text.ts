// A result's JSON text, reusing the text of values served before unchanged.
// A view made once (lib/formats/views/reuse.ts) is registered here: its text is made
// the first time a result carries it and reused after (a 260-node tree's JSON
// takes ~0.3 ms, most of a repeated observe's own work). A registered element
// tree some of whose subtrees were served before (a part of it asked for
// alone) is written from their kept text and its own nodes; one none of whose
// children has kept text is written whole, which is six times faster than
// node by node. A tree that arrived as JSON (from the AT-SPI host, through
// the worker) lends its UTF-8, once its holder vouches that
// redaction left it as it came. Registered values are never changed once
// made, so their text stays theirs.

import type { Element } from "./tree.ts";
import { ownFieldsJson } from "./tree_json_pieces.ts";

const reusable = new WeakSet<object>();
const trees = new WeakSet<object>();
const texts = new WeakMap<object, string>();
/** The UTF-8 of served values' text, kept like the text (screen text is rarely Latin-1 only). */
const utf8 = new WeakMap<object, Uint8Array>();
const encoder = new TextEncoder();
const decoder = new TextDecoder();

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
  // Arrived JSON, kept as UTF-8, is decoded only when its text is read (see noteArrivedJson).
  const bytes = utf8.get(value);
  text = bytes !== undefined
    ? decoder.decode(bytes)
    : trees.has(value)
    ? treeText(value as Element)
    : JSON.stringify(value);
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
  const [before, after] = ownFieldsJson(node);
  return [before, "[", children.join(","), "]", after].join("");
}

/**
 * The JSON values arrived as, held until their holder vouches that they
 * were not changed since (keepArrivedJson): a tree is redacted in place
 * after it arrives.
 */
const arrived = new WeakMap<object, Uint8Array>();

/**
 * Notes the UTF-8 of JSON, as JSON.stringify wrote it of a value equal to
 * `value`, as `value`'s arrived JSON. A big tree parsed piece by piece
 * (lib/model/tree_json_pieces.ts) never had its whole text made; it is made
 * from the UTF-8 if a caller reads it.
 */
export function noteArrivedJson(value: object, json: Uint8Array): void {
  arrived.set(value, json);
}

/**
 * Keeps `value`'s arrived JSON as its UTF-8, for when it is
 * registered (reuseTreeJsonOf): its holder vouches that it is unchanged since
 * it arrived and will stay so. A 1,000-node tree's JSON then costs nothing,
 * and its UTF-8 goes out as it came.
 */
export function keepArrivedJson(value: object): void {
  const json = arrived.get(value);
  if (json === undefined) return;
  arrived.delete(value);
  utf8.set(value, json);
}

/** Forgets the kept text of a tree's nodes: the tree was changed in place (redacted) after all. */
export function forgetTreeJson(root: Element): void {
  texts.delete(root);
  utf8.delete(root);
  arrived.delete(root);
  for (const child of root.children) forgetTreeJson(child);
}

/**
 * Stand for registered values while a result's other fields are written in
 * one JSON.stringify (field by field costs twice as much); no screen text is one.
 */
const KEPT = `\u0001kept-${crypto.randomUUID()}-`;
const keptMarks: string[] = [];
const keptMark = (i: number) => keptMarks[i] ??= JSON.stringify(`${KEPT}${i}`);

/**
 * `body`'s JSON as JSON.stringify writes it, cut around its registered
 * values: `written[i]`, then `values[i]`'s JSON, …, then the last of `written`.
 */
function spliced(body: Record<string, unknown>): { written: string[]; values: object[] } {
  let marked: Record<string, unknown> | null = null;
  const values: object[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (!isReusable(value)) continue;
    marked ??= { ...body };
    marked[key] = `${KEPT}${values.length}`;
    values.push(value);
  }
  if (marked === null) return { written: [JSON.stringify(body)], values };
  const text = JSON.stringify(marked);
  const written: string[] = [];
  let from = 0;
  values.forEach((_, i) => {
    const at = text.indexOf(keptMark(i), from);
    written.push(text.slice(from, at));
    from = at + keptMark(i).length;
  });
  written.push(text.slice(from));
  return { written, values };
}

/** `JSON.stringify(body)`, with the kept text of registered values among its fields. */
export function resultJson(body: Record<string, unknown>): string {
  return splicedText(spliced(body));
}

/** The text of a spliced JSON (joined with +: V8 copies it out flat only when it is read). */
function splicedText({ written, values }: ReturnType<typeof spliced>): string {
  let text = written[0];
  values.forEach((value, i) => text += textOf(value) + written[i + 1]);
  return text;
}

/** A result's JSON for an answer: its text, and the same as pieces to write as UTF-8. */
export interface ResultJson {
  /** Made when asked: pieces are what an answer writes. */
  text(): string;
  /**
   * Whether text() would decode UTF-8 whose text was never made (a big tree
   * parsed in pieces): a text best made only if someone reads it.
   */
  textFromBytes: boolean;
  /** Text to encode, and the kept UTF-8 of registered values, encoded once and copied after. */
  pieces: Array<string | Uint8Array>;
}

export function resultJsonOut(body: Record<string, unknown>): ResultJson {
  const cut = spliced(body);
  const pieces: Array<string | Uint8Array> = [cut.written[0]];
  cut.values.forEach((value, i) => pieces.push(utf8Of(value), cut.written[i + 1]));
  const textFromBytes = cut.values.some((value) => !texts.has(value) && utf8.has(value));
  return { text: () => splicedText(cut), pieces, textFromBytes };
}

function utf8Of(value: object): Uint8Array {
  let bytes = utf8.get(value);
  if (bytes === undefined) utf8.set(value, bytes = encoder.encode(textOf(value)));
  return bytes;
}
