// Element operations on MSAA nodes: the element is found again by walking
// the child indices of its positional id, as the capture listed them.

import { type ActionOutcome, type ElementOperation, WindowGoneError } from "../../types.ts";
import { WindowNode } from "./accessible_nodes.ts";
import { walkContext } from "./capture.ts";
import { type TreeNode, unsupported } from "./tree_node.ts";
import { isWindow } from "./win32_controls.ts";
import { childPath, type Element, pathRead } from "../../../lib/model/tree.ts";

/** Roles that hold the options of the element around them (a combo box's drop-down). */
const OPTION_CONTAINERS = new Set(["List", "Menu"]);
/** More options than any list shows; select looks no further. */
const MAX_OPTIONS = 10_000;

/**
 * Follows `elementId` ("root.2.0") from `root`, disposing what it passes and
 * showing `passing` each node on the way (the element too); null when gone.
 */
function resolve(
  root: TreeNode,
  elementId: string,
  passing?: (node: TreeNode) => void,
): TreeNode | null {
  const path = childPath(elementId);
  if (path === null) {
    root.dispose();
    return null;
  }
  let current = root;
  passing?.(current);
  for (const index of path) {
    const children = current.children(index + 1);
    const next = children[index] ?? null;
    for (const child of children) if (child !== next) child.dispose();
    current.dispose();
    if (next === null) return null;
    current = next;
    passing?.(current);
  }
  return current;
}

/** The options of a list or combo box: its children, or those of the list inside it. */
function optionsOf(node: TreeNode): TreeNode[] {
  const children = node.children(MAX_OPTIONS);
  if (OPTION_CONTAINERS.has(node.describe().role)) return children;
  const container = children.find((child) => OPTION_CONTAINERS.has(child.describe().role));
  if (container === undefined) return children;
  for (const child of children) if (child !== container) child.dispose();
  try {
    return container.children(MAX_OPTIONS);
  } finally {
    container.dispose();
  }
}

function select(
  node: TreeNode,
  op: Extract<ElementOperation, { kind: "select" }>,
): ActionOutcome {
  const options = optionsOf(node);
  try {
    if (options.length === 0) return unsupported("the element has no options");
    const names = options.map((option) => option.describe().name);
    const index = op.optionName !== undefined ? names.indexOf(op.optionName) : op.optionIndex ?? -1;
    if (index < 0 || index >= options.length) {
      const wanted = op.optionName !== undefined ? `'${op.optionName}'` : `#${index}`;
      return {
        ok: false,
        code: "ElementNotFound",
        error: `no option ${wanted} among ${JSON.stringify(names)}`,
      };
    }
    const outcome = options[index].choose();
    return outcome.ok ? { ok: true, note: `${outcome.note}: '${names[index]}'` } : outcome;
  } finally {
    for (const option of options) option.dispose();
  }
}

/** Performs `op` on `node` (which the caller disposes). */
export function operateNode(node: TreeNode, op: ElementOperation): ActionOutcome {
  switch (op.kind) {
    case "default_action":
      return node.defaultAction();
    case "focus":
      return node.focus();
    case "set_value":
      return node.setValue(op.value);
    case "select":
      return select(node, op);
    case "scroll_into_view":
      return unsupported("MSAA cannot scroll an element into view");
  }
}

/** The element at `elementId` and its ancestors, read again (TreeSource.readPath). */
export function readElementPath(hwnd: bigint, handle: string, elementId: string): Element[] | null {
  if (!isWindow(hwnd)) throw new WindowGoneError(handle);
  const read: Element[] = [];
  const node = resolve(
    new WindowNode(hwnd, true, walkContext()),
    elementId,
    (passed) => read.push(passed.describe()),
  );
  if (node === null) return null;
  node.dispose();
  return pathRead(read, elementId);
}

export function operateElement(
  hwnd: bigint,
  handle: string,
  elementId: string,
  op: ElementOperation,
): ActionOutcome {
  if (!isWindow(hwnd)) throw new WindowGoneError(handle);
  const node = resolve(new WindowNode(hwnd, true, walkContext()), elementId);
  if (node === null) {
    return { ok: false, code: "ElementNotFound", error: `element ${elementId} no longer exists` };
  }
  try {
    return operateNode(node, op);
  } finally {
    node.dispose();
  }
}
