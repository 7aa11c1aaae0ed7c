// Accessibility prose: the element tree as indented text, with the root once,
// layout containers collapsed and hidden items counted.

import { pythonRepr } from "../pycompat/repr.ts";
import { type Bounds, type Element, walk } from "../../model/tree.ts";
import { type Shown, shownTree } from "../compact/display.ts";

export interface ProseWindow {
  process: string;
  title: string;
  bounds: Bounds;
}

/** The first `limit - 1` code points + `…` when the text is longer than `limit`. */
function cutWithEllipsis(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length > limit ? chars.slice(0, limit - 1).join("") + "…" : text;
}

function header(window: ProseWindow): string[] {
  const { x, y, width, height } = window.bounds;
  return [
    `${"Application".padEnd(12)}: ${window.process}`,
    `${"Window".padEnd(12)}: ${window.title}`,
    `${"Geometry".padEnd(12)}: (${x}, ${y})  ${width} × ${height} px`,
    "",
  ];
}

function badges(el: Element): string {
  const badges: string[] = [];
  if (el.focused) badges.push("FOCUSED");
  if (!el.enabled) badges.push("DISABLED");
  if (el.keyboard_shortcut) badges.push(`shortcut:${el.keyboard_shortcut}`);
  if (el.description) badges.push(`desc:${cutWithEllipsis(el.description, 30)}`);
  return badges.length === 0 ? "" : `  [${badges.join("  ")}]`;
}

/** `└─ Role "name" = 'value'  [BADGES]  @(x,y) w×h`, indented two spaces a level. */
export function elementLine(el: Element, depth: number): string {
  const parts = [el.role];
  if (el.name) parts.push(`"${el.name}"`);
  if (el.value !== null) parts.push(`= ${pythonRepr(cutWithEllipsis(el.value, 60))}`);
  const { x, y, width, height } = el.bounds;
  return `${"  ".repeat(depth)}└─ ${parts.join(" ")}${badges(el)}  @(${x},${y}) ${width}×${height}`;
}

function footer(root: Element): string {
  const nodes: Element[] = [];
  walk(root, (node) => nodes.push(node));
  const focused = nodes.find((node) => node.focused);
  if (focused === undefined) return `[${nodes.length} elements total]`;
  const name = focused.name ? ` "${focused.name}"` : "";
  return `[${nodes.length} elements total; focused → ${focused.role}${name}]`;
}

/** ` (+N hidden)` when named or interactive elements below are not on screen. */
function hiddenNote(count: number): string {
  return count > 0 ? `  (+${count} hidden)` : "";
}

/**
 * The root once, then what a person sees below it (compact/display.ts):
 * layout containers collapsed, hidden items counted on their parent's line.
 */
function describe(root: Element, window: ProseWindow | null): string {
  const lines = window ? header(window) : [];
  const shown = shownTree(root, window?.bounds ?? root.bounds);
  lines.push(`Root: ${root.role}${root.name ? `  "${root.name}"` : ""}${hiddenNote(shown.hidden)}`);
  const visit = (node: Shown, depth: number) => {
    lines.push(elementLine(node.element, depth) + hiddenNote(node.hidden));
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const child of shown.children) visit(child, 1);
  lines.push("", footer(root));
  return lines.join("\n");
}

/** The prose for `root` (with a window header when the window is known). */
export function describeTree(root: Element, window: ProseWindow | null = null): string {
  try {
    return describe(root, window);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `[Tree description failed: ${message}]`;
  }
}
