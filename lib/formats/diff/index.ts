// Tree diffs in the two wire formats.

import type { Element } from "../../model/tree.ts";
import { type CustomChange, customDiff } from "./custom.ts";
import { jsonPatchDiff, type PatchOperation } from "./json_patch.ts";

export type { CustomChange } from "./custom.ts";
export type { PatchOperation } from "./json_patch.ts";
export { customDiff } from "./custom.ts";
export { jsonPatchDiff } from "./json_patch.ts";

export type DiffFormat = "custom" | "json-patch";

export function diffTrees(
  oldTree: Element,
  newTree: Element,
  format: DiffFormat,
): CustomChange[] | PatchOperation[] {
  return format === "json-patch" ? jsonPatchDiff(oldTree, newTree) : customDiff(oldTree, newTree);
}
