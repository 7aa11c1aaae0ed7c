// A tree's JSON in pieces, written and read: subtrees of a few dozen nodes
// whole, and the nodes above them as their own fields around their
// children. A text of more than 128 KB is one of V8's large objects, whose
// pages come fresh each time (a page fault each 4 KB: ~11 µs on a 2-core
// VM; mousepad's 222 KB tree 0.6 ms, LibreOffice Writer's two-byte text of a
// million characters 7 ms); pieces are small texts, made where the young
// generation's pages are used again. The bytes written are exactly
// `JSON.stringify`'s, and the pieces' places in them (a TreeLayout) let the
// reader parse the tree without ever making its whole text.

import type { Element } from "./tree.ts";

/** Stands for a node's children while its own fields are written; no screen text is this. */
const CHILDREN = `\u0001children-${crypto.randomUUID()}`;
const CHILDREN_TEXT = JSON.stringify(CHILDREN);

/** A node's JSON before and after its children's list. */
export function ownFieldsJson(node: Element): [string, string] {
  const own = JSON.stringify({ ...node, children: CHILDREN });
  const at = own.indexOf(CHILDREN_TEXT);
  return [own.slice(0, at), own.slice(at + CHILDREN_TEXT.length)];
}

/** What a piece is: a whole subtree, a node's fields up to its children's "[", a ",", or from "]" on. */
export const Piece = { Whole: 0, Open: 1, Comma: 2, Close: 3 } as const;
export type Piece = typeof Piece[keyof typeof Piece];

/**
 * Writes `JSON.stringify(root)` in pieces, none of them a subtree of more
 * than `nodesAtMost` nodes.
 */
export function writeTreeJson(
  root: Element,
  write: (piece: string, kind: Piece) => void,
  nodesAtMost: number,
): void {
  const sizes = new Map<Element, number>();
  const sizeOf = (node: Element): number => {
    let size = 1;
    for (const child of node.children) size += sizeOf(child);
    sizes.set(node, size);
    return size;
  };
  const writeNode = (node: Element): void => {
    if (sizes.get(node)! <= nodesAtMost) return write(JSON.stringify(node), Piece.Whole);
    const [before, after] = ownFieldsJson(node);
    write(before + "[", Piece.Open);
    node.children.forEach((child, i) => {
      if (i > 0) write(",", Piece.Comma);
      writeNode(child);
    });
    write("]" + after, Piece.Close);
  };
  sizeOf(root);
  writeNode(root);
}

/**
 * Where the pieces of a tree's JSON are in its bytes: for each but the
 * commas, its kind, first byte and end, one after another.
 */
export type TreeLayout = number[];

const COMMA = 0x2c;

/**
 * The tree whose JSON `bytes` hold where `layout` says, parsed piece by
 * piece: each piece's text is `decode`d on its own. The pieces must cover
 * the tree's bytes, with a comma between siblings and nothing else between
 * them, so that every byte of it was parsed. Throws a SyntaxError on JSON
 * that is not a tree so laid out.
 */
export function readTreeJson(
  bytes: Uint8Array,
  layout: readonly number[],
  decode: (bytes: Uint8Array) => string,
): Element {
  if (layout.length === 0 || layout.length % 3 !== 0) throw new SyntaxError("no tree laid out");
  const open: Array<{ before: string; children: Element[] }> = [];
  let root: Element | null = null;
  const place = (node: Element) => {
    if (open.length > 0) open[open.length - 1].children.push(node);
    else if (root === null) root = node;
    else throw new SyntaxError("a tree laid out with two roots");
  };
  let at = layout[1];
  for (let i = 0; i < layout.length; i += 3) {
    const [kind, start, end] = [layout[i], layout[i + 1], layout[i + 2]];
    const afterComma = start === at + 1 && bytes[at] === COMMA;
    const sibling = kind !== Piece.Close && open.length > 0 &&
      open[open.length - 1].children.length > 0;
    if ((start !== at && !afterComma) || afterComma !== sibling || end < start) {
      throw new SyntaxError(`a tree's piece laid out wrong at byte ${start}`);
    }
    at = end;
    const text = decode(bytes.subarray(start, end));
    if (kind === Piece.Whole) {
      place(JSON.parse(text));
    } else if (kind === Piece.Open && text.endsWith("[")) {
      open.push({ before: text.slice(0, -1), children: [] });
    } else if (kind === Piece.Close && text.startsWith("]") && open.length > 0) {
      const { before, children } = open.pop()!;
      const node = JSON.parse(`${before}[]${text.slice(1)}`) as Element;
      node.children = children;
      place(node);
    } else {
      throw new SyntaxError(`a tree's piece laid out wrong at byte ${start}`);
    }
  }
  if (open.length > 0 || root === null) throw new SyntaxError("a tree laid out unfinished");
  return root;
}
