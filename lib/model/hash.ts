// tree_hash: SHA-1 over a pre-order stream of role, name, value, bounds,
// enabled and child count, each NUL-terminated. Ids, focus and extended
// fields are deliberately left out.

import { createHash } from "node:crypto";
import type { Element } from "./tree.ts";

export function treeHash(root: Element): string {
  const parts: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    parts.push(nodeText(n));
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return sha1Of(parts.join(""));
}

/** One node's hashed fields, each NUL-terminated. */
function nodeText(n: Element): string {
  const b = n.bounds;
  return `${n.role ?? ""}\0${n.name ?? ""}\0${
    n.value ?? ""
  }\0${b.x},${b.y},${b.width},${b.height}\0${n.enabled ? "E" : "D"}\0${n.children.length}\0`;
}

const sha1Of = (text: string) => "sha1:" + createHash("sha1").update(text, "utf8").digest("hex");

/**
 * The hashed text of the subtrees of trees never changed once made, flat
 * (hashing text joined with + would first copy it out of a rope of
 * thousands of pieces: 0.4 ms for 9 KB). Only subtrees up to this many
 * characters are kept, so a tree's kept text stays close to its own size.
 */
const KEEP_AT_MOST = 8192;
const subtreeTexts = new WeakMap<Element, string>();

/**
 * treeHash of a tree that is never changed once made (a capture, a patched
 * capture): the hashed text of its small subtrees but leaves is kept, so a
 * patched tree, which shares its unchanged subtrees with the tree before it,
 * reads only the nodes on the paths to what changed, the leaves beside them
 * and the big subtrees above them.
 */
export function capturedTreeHash(root: Element): string {
  return sha1Of(subtreeText(root));
}

function subtreeText(node: Element): string {
  // A leaf's text is made again rather than kept: most nodes are leaves.
  if (node.children.length === 0) return nodeText(node);
  const kept = subtreeTexts.get(node);
  if (kept !== undefined) return kept;
  const parts = [nodeText(node)];
  for (const child of node.children) parts.push(subtreeText(child));
  const text = parts.join("");
  if (text.length <= KEEP_AT_MOST) subtreeTexts.set(node, text);
  return text;
}

/**
 * A fingerprint of everything an element shows except its positional id:
 * unlike tree_hash it also sees focus, check/selection and expansion state,
 * range values, shortcuts and descriptions. Receipts use it for `changed`,
 * so toggling a check box counts as a change even though tree_hash (whose
 * fields the spec fixes) stays the same.
 */
export function contentFingerprint(root: Element): string {
  const json = JSON.stringify(root, (key, value) => (key === "id" ? undefined : value));
  return createHash("sha1").update(json, "utf8").digest("hex");
}

/** What a captured window shows, for waits that watch it change: tree_hash and the content fingerprint. */
export function shownState(capture: { hash: string; tree: Element }): string {
  return `${capture.hash} ${contentFingerprint(capture.tree)}`;
}
