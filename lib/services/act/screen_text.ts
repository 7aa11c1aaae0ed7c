// Text you can act on when the accessibility tree has nothing (issue 17):
// a target given as `text` is found by OCR on the window's pixels and becomes
// a pseudo-element whose id (`ocr:x,y,w,h`, screen pixels) names its box, so
// a later call can aim at the same place by id. Matching is pure.

import { ToolError } from "../../model/errors.ts";
import { type Bounds, type Element, element } from "../../model/tree.ts";
import type { ActContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { ocrWindow, ocrWindowBoxes } from "../ocr/index.ts";
import { groupLines, type OcrWord, unionBox } from "../../formats/ocr/words.ts";

export const SCREEN_TEXT_PREFIX = "ocr:";

export interface ScreenTextArgs {
  text?: string;
  element_id?: string;
}

/**
 * Whether the call aims at text on the pixels. `text` beside a selector or an
 * element id is refused: which of them was meant cannot be guessed.
 */
export function isScreenTextTarget(args: ScreenTextArgs & { selector?: string }): boolean {
  if (args.text !== undefined && (args.selector !== undefined || args.element_id !== undefined)) {
    throw new ToolError(
      "BadRequest",
      "give text, or selector / element_id, not both: text is found on the pixels by OCR, the " +
        "others in the accessibility tree",
      { text: args.text },
    );
  }
  return args.text !== undefined || (args.element_id?.startsWith(SCREEN_TEXT_PREFIX) ?? false);
}

export function screenTextId(b: Bounds): string {
  return `${SCREEN_TEXT_PREFIX}${b.x},${b.y},${b.width},${b.height}`;
}

export function parseScreenTextId(id: string): Bounds | null {
  const m = /^ocr:(-?\d{1,6}),(-?\d{1,6}),(\d{1,6}),(\d{1,6})$/.exec(id);
  if (!m) return null;
  const [x, y, width, height] = m.slice(1).map(Number);
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

export interface TextMatch {
  text: string;
  bounds: Bounds;
  confidence: number;
}

/** Letters and digits only, lower-cased: "< OK >", "OK:" and "ok" all read "ok". */
function folded(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Glyphs OCR mistakes for one another in UI fonts, read as one ("0K" is "OK"). */
const CONFUSABLE: Record<string, string> = { "0": "o", "1": "l", "i": "l", "5": "s", "8": "b" };

function unconfused(key: string): string {
  return key.replace(/[01i58]/g, (c) => CONFUSABLE[c]);
}

/**
 * Runs of consecutive words on one line that read `wanted`, best first:
 * exact text, then the same letters and digits ignoring case and
 * punctuation, then the same once OCR's usual confusions (0/O, 1/l...) are
 * undone; in reading order within each.
 */
export function matchText(words: OcrWord[], wanted: string): TextMatch[] {
  const target = wanted.trim();
  const key = folded(target);
  if (key === "") return [];
  const exact: TextMatch[] = [];
  const loose: TextMatch[] = [];
  const confused: TextMatch[] = [];
  const keyUnconfused = unconfused(key);
  for (const { words: line } of groupLines(words)) {
    // Runs start and end on a word with letters or digits: "< OK >" is clicked on "OK".
    for (let start = 0; start < line.length; start++) {
      if (folded(line[start].text) === "") continue;
      for (let end = start; end < line.length; end++) {
        if (folded(line[end].text) === "") continue;
        const run = line.slice(start, end + 1);
        const text = run.map((w) => w.text).join(" ");
        const runKey = folded(text);
        if (runKey.length > key.length) break;
        let tier: TextMatch[];
        if (runKey === key) tier = text === target ? exact : loose;
        else if (unconfused(runKey) === keyUnconfused) tier = confused;
        else continue;
        const match = {
          text,
          bounds: unionBox(run.map((w) => w.bbox)),
          confidence: Math.min(...run.map((w) => w.confidence)),
        };
        tier.push(match);
      }
    }
  }
  return [...exact, ...loose, ...confused];
}

/**
 * Where `text` shows in the window, best first: the whole window read at
 * once first, then, when that finds nothing, its flat-colour boxes one by one
 * (a terminal's highlighted button). Nowhere is ElementNotFound, saying what
 * the first read found.
 */
export async function findScreenText(
  session: ActContext,
  window: ListedWindow,
  text: string,
): Promise<TextMatch[]> {
  let seen = "";
  for (const pass of [ocrWindow, ocrWindowBoxes]) {
    const read = await pass(session, window);
    const matches = matchText(read.words, text);
    if (matches.length > 0) return matches;
    seen ||= read.words.map((w) => w.text).join(" ");
  }
  throw new ToolError(
    "ElementNotFound",
    `no text '${text}' in the window's pixels (OCR read: ${
      seen === "" ? "nothing" : `'${seen.slice(0, 200)}${seen.length > 200 ? "…" : ""}'`
    })`,
    { text, window_uid: window.window_uid, resolved_by: "ocr" },
  );
}

export interface ResolvedScreenText {
  element: Element;
  /** What OCR read there (null when the call gave an `ocr:` id). */
  text: string | null;
  confidence: number | null;
  /** Other places the same text was read. */
  otherMatches: number;
}

function pseudoElement(bounds: Bounds, text: string): Element {
  const found = element("Text", text, [bounds.x, bounds.y, bounds.width, bounds.height]);
  found.id = screenTextId(bounds);
  return found;
}

/** The text target of a call, in `window`: by `text` (read now), or by an `ocr:` id. */
export async function resolveScreenText(
  session: ActContext,
  window: ListedWindow,
  args: ScreenTextArgs,
): Promise<ResolvedScreenText> {
  if (args.text === undefined) {
    const bounds = parseScreenTextId(args.element_id!);
    if (!bounds) {
      throw new ToolError("BadRequest", `'${args.element_id}' is not an ocr: id (ocr:x,y,w,h)`, {
        element_id: args.element_id,
      });
    }
    return { element: pseudoElement(bounds, ""), text: null, confidence: null, otherMatches: 0 };
  }
  const matches = await findScreenText(session, window, args.text);
  const [best] = matches;
  return {
    element: pseudoElement(best.bounds, best.text),
    text: best.text,
    confidence: best.confidence,
    otherMatches: matches.length - 1,
  };
}
