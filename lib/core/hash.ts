// tree_hash (spec/observation.md §5.1): SHA-1 over a pre-order stream of
// role, name, value, bounds, enabled and child count, each NUL-terminated.
// Ids, focus and extended fields are deliberately left out.

import { createHash } from "node:crypto";
import type { Element } from "./tree.ts";

export function treeHash(root: Element): string {
  const parts: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const b = n.bounds;
    parts.push(
      n.role ?? "",
      n.name ?? "",
      n.value ?? "",
      `${b.x},${b.y},${b.width},${b.height}`,
      n.enabled ? "E" : "D",
      String(n.children.length),
    );
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  // Every field is NUL-terminated: NUL between fields plus one after the last.
  return "sha1:" + createHash("sha1").update(parts.join("\0") + "\0", "utf8").digest("hex");
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
