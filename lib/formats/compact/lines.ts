// One line per shown element: indentation for nesting, then the ref to act
// on, role, name, text, the states that matter, where it is and what is
// hidden or cut below it:
//
//   e40 Pane Account @813,385 295x313
//     e57 CheckBox Bold checked @132,57
//     e60 Edit Name = "alice" focused @999,432
//     e12 ComboBox Plan @999,512 +2 hidden
//     e13 Text "Total: 12 @ 3.50" @850,560
//
// Texts are JSON strings, and so are names unless they are plain words: text
// read off the screen cannot start a line of its own or fake a field.

import { center, type Element } from "../../model/tree.ts";
import { heldText, isInteractiveRole, isNeeded } from "../views/needed.ts";
import type { Bounds } from "../../model/tree.ts";
import type { Shown } from "./display.ts";
import {
  boxFromScreen,
  fromScreen,
  SCREEN_MAPPING,
  type SpaceMapping,
} from "../geometry/coordinate_space.ts";

/** Lower numbers are kept longer when a token budget cuts. */
export const Importance = {
  /** The root and the controls an agent needs. */
  needed: 0,
  /** Other controls: unnamed, disabled. */
  control: 1,
  /** Labels and other text. */
  text: 2,
  /** Containers that only group what is below them. */
  group: 3,
} as const;
export type Importance = typeof Importance[keyof typeof Importance];

export interface CompactLine {
  id: string;
  indent: number;
  text: string;
  importance: Importance;
  /** Index of the parent's line (-1 for the root's). */
  parent: number;
}

export interface LineOptions {
  /** Element id → ref (refs.ts) over the capture the view comes from. */
  refs: ReadonlyMap<string, string>;
  /** The window: what lies outside it is hidden. */
  area: Bounds;
  /** Longest name or text shown, in code points. */
  textLimit: number;
  /** The coordinate space of the points and sizes shown; default the screen's. */
  mapping?: SpaceMapping;
}

const CHECKED_ROLES = new Set(["CheckBox", "RadioButton", "ToggleButton", "Switch", "MenuItem"]);

function quoted(text: string, limit: number): string {
  const chars = Array.from(text);
  return JSON.stringify(chars.length > limit ? chars.slice(0, limit - 1).join("") + "…" : text);
}

/** Words a line uses for itself after the name. */
const LINE_WORDS = /\b(focused|disabled|checked|selected|expanded|collapsed|hidden|deeper)\b/i;
/** Plain words: letters and digits with single spaces and everyday punctuation. */
const PLAIN = /^[\p{L}\p{N}](?:[\p{L}\p{N}.,'&()/:+_-]| (?! ))*$/u;

/**
 * A name as the line shows it: bare when it is plain words that cannot be
 * mistaken for the rest of the line (two tokens cheaper), else a JSON string.
 */
export function nameField(name: string, limit: number): string {
  const plain = PLAIN.test(name) && !LINE_WORDS.test(name) && Array.from(name).length <= limit;
  return plain ? name : quoted(name, limit);
}

function states(el: Element): string[] {
  const out: string[] = [];
  if (el.focused) out.push("focused");
  if (!el.enabled && el.states?.editable !== true) out.push("disabled");
  if (el.selected === true) {
    const toggle = CHECKED_ROLES.has(el.role) || el.platform_role === "toggle button";
    out.push(toggle ? "checked" : "selected");
  }
  if (el.expanded !== undefined) out.push(el.expanded ? "expanded" : "collapsed");
  return out;
}

/** Range controls, whose number is worth showing; other roles' numbers say little. */
const RANGE_ROLES = new Set(["Slider", "ScrollBar", "ProgressBar", "Spinner"]);

/**
 * The text to show besides the name: LibreOffice gives buttons and
 * separators a Value of 0 or 1 that says nothing the states do not.
 */
function shownText(el: Element, name: string): string {
  const text = heldText(el);
  if (text === name) return "";
  const bareNumber = el.value_now !== undefined && text === String(el.value_now);
  return bareNumber && !RANGE_ROLES.has(el.role) ? "" : text;
}

/**
 * Where an element is, as its line shows it: `@x,y`, the screen point to
 * click (the centre), in the space; containers add their size ` WxH`, the
 * box mapped corner to corner.
 */
export function placeText(
  bounds: Bounds,
  isContainer: boolean,
  mapping: SpaceMapping = SCREEN_MAPPING,
): string {
  const middle = fromScreen(mapping, center(bounds));
  if (!isContainer) return `@${middle.x},${middle.y}`;
  const { width, height } = boxFromScreen(mapping, bounds);
  return `@${middle.x},${middle.y} ${width}x${height}`;
}

/**
 * The line of one element, without indentation. Every line shows the point
 * to click (the centre), so `@x,y` means one thing; containers add their size.
 */
export function elementText(
  el: Element,
  ref: string,
  hidden: number,
  textLimit: number,
  isContainer: boolean,
  mapping: SpaceMapping = SCREEN_MAPPING,
): string {
  const parts = [ref, el.role];
  const name = el.name.trim();
  if (name !== "") parts.push(nameField(name, textLimit));
  const text = shownText(el, name);
  if (text !== "") parts.push(`= ${quoted(text, textLimit)}`);
  parts.push(...states(el));
  parts.push(placeText(el.bounds, isContainer, mapping));
  if (hidden > 0) parts.push(`+${hidden} hidden`);
  if (el.truncated && el.child_count !== undefined) parts.push(`+${el.child_count} deeper`);
  return parts.join(" ");
}

function importanceOf(el: Element, area: Bounds, isRoot: boolean): Importance {
  if (isRoot || isNeeded(el, area)) return Importance.needed;
  if (isInteractiveRole(el.role)) return Importance.control;
  if (el.name.trim() !== "" || heldText(el) !== "") return Importance.text;
  return Importance.group;
}

/** The lines of a shown tree, in pre-order. */
export function compactLines(shown: Shown, options: LineOptions): CompactLine[] {
  const lines: CompactLine[] = [];
  const visit = (node: Shown, indent: number, parent: number) => {
    const el = node.element;
    const index = lines.length;
    lines.push({
      id: el.id,
      indent,
      text: elementText(
        el,
        options.refs.get(el.id) ?? el.id,
        node.hidden,
        options.textLimit,
        node.children.length > 0 || indent === 0,
        options.mapping,
      ),
      importance: importanceOf(el, options.area, indent === 0),
      parent,
    });
    for (const child of node.children) visit(child, indent + 1, index);
  };
  visit(shown, 0, -1);
  return lines;
}

export function lineWithIndent(line: CompactLine): string {
  return "  ".repeat(line.indent) + line.text;
}
