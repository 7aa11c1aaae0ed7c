// A selector that addresses one element of a tree: parsing and resolving the result always
// yields exactly that element first — and only it.

import { type Element, walk } from "../../model/tree.ts";
import { sameText } from "./lookalike.ts";
import { quoteString } from "./quoting.ts";

const ROLE_TOKEN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** "" when no element has `elementId`. */
export function deriveSelector(root: Element, elementId: string): string {
  const path = pathTo(root, elementId);
  if (path === null) return "";
  return path.map((node, depth) => depth === 0 ? rootStep(node) : childStep(path[depth - 1], node))
    .join("/");
}

/** Root-to-node chain of the first node (pre-order) with the id. */
export function pathTo(root: Element, id: string): Element[] | null {
  const chain: Element[] = [];
  let found: Element[] | null = null;
  walk(root, (node, depth) => {
    if (found !== null) return;
    chain.length = depth;
    chain.push(node);
    if (node.id === id) found = [...chain];
  });
  return found;
}

function rootStep(root: Element): string {
  return roleStep(root.role) + namePredicate(root.name ?? "");
}

/**
 * Named: `Role[name="…"]`, plus `[index=N]` when a same-role sibling's name is equal for `=`.
 * Unnamed: `Role[index=N]` when the role repeats among the siblings, else `Role`.
 */
function childStep(parent: Element, node: Element): string {
  const sameRole = parent.children.filter((child) => child.role === node.role);
  const index = `[index=${sameRole.indexOf(node)}]`;
  const name = node.name ?? "";
  if (name === "") return roleStep(node.role) + (sameRole.length > 1 ? index : "");
  const clash = sameRole.some((other) => other !== node && sameText(other.name ?? "", name));
  return roleStep(node.role) + namePredicate(name) + (clash ? index : "");
}

/** Roles that are not role tokens (e.g. AT-SPI "push button") are matched by predicate. */
function roleStep(role: string): string {
  return ROLE_TOKEN.test(role) ? role : `*[role=${quoteString(role)}]`;
}

function namePredicate(name: string): string {
  return name === "" ? "" : `[name=${quoteString(name)}]`;
}
