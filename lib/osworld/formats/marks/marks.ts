// OSWorld's set-of-marks: the nodes its filter keeps (unnamed images too),
// numbered from 1 in document order; `tag_N` in an agent's pyautogui call is
// mark N's centre, x + w // 2, y + h // 2.

import { type Bounds, center, type Element, sameBounds } from "../../../model/tree.ts";
import { keptNodes } from "../table.ts";

export interface Mark {
  /** N in tag_N. */
  tag: number;
  /** The element's XML tag (AT-SPI role name). */
  role: string;
  name: string;
  text: string;
  bounds: Bounds;
  centre: { x: number; y: number };
}

/** The element list OSWorld's set-of-marks agents read beside the marked screenshot. */
export const MARKS_HEADER = "index\ttag\tname\ttext";

export function setOfMarks(root: Element): Mark[] {
  return keptNodes(root, true).map((node, i) => ({
    tag: i + 1,
    role: node.tag,
    name: node.name,
    text: node.text,
    bounds: node.box,
    centre: center(node.box),
  }));
}

/** One line per mark under MARKS_HEADER; tabs and line breaks inside cells become spaces. */
export function marksTable(marks: readonly Mark[]): string {
  const cell = (s: string) => s.replace(/[\t\r\n]+/g, " ");
  const rows = marks.map((m) => [m.tag, m.role, cell(m.name), cell(m.text)].join("\t"));
  return [MARKS_HEADER, ...rows].join("\n");
}

/** Same element, same place: what makes an old mark still point where the agent meant. */
export function sameMark(a: Mark, b: Mark): boolean {
  return a.role === b.role && a.name === b.name && sameBounds(a.bounds, b.bounds);
}
