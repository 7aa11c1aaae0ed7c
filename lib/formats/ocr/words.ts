// OCR words as the service reports them (pure): boxes mapped from the
// engine's (cropped, scaled) image back to screen pixels, weak words
// dropped, lines grouped, and their plain text.

import type { Bounds } from "../../model/tree.ts";

/** A word as the engine reports it, in the pixels of the image it read. */
export interface EngineWord {
  text: string;
  /** 0–100. */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  block: number;
  paragraph: number;
  line: number;
}

export interface OcrWord {
  text: string;
  /** Integer 0–100. */
  confidence: number;
  /** Screen pixels. */
  bbox: Bounds;
  block: number;
  paragraph: number;
  line: number;
}

export interface OcrLine {
  text: string;
  /** The lowest word confidence of the line. */
  confidence: number;
  bbox: Bounds;
}

/** Where the image the engine read sits on screen, and how much it was scaled. */
export interface ImagePlacement {
  /** Screen position of the read image's top-left pixel (before scaling). */
  x: number;
  y: number;
  scale: number;
}

export function placeWords(
  words: EngineWord[],
  at: ImagePlacement,
  minConfidence: number,
): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const text = w.text.trim();
    const confidence = Math.round(w.confidence);
    if (text === "" || confidence < minConfidence) continue;
    const x = at.x + Math.floor(w.x0 / at.scale);
    const y = at.y + Math.floor(w.y0 / at.scale);
    out.push({
      text,
      confidence,
      bbox: {
        x,
        y,
        width: Math.max(1, at.x + Math.ceil(w.x1 / at.scale) - x),
        height: Math.max(1, at.y + Math.ceil(w.y1 / at.scale) - y),
      },
      block: w.block,
      paragraph: w.paragraph,
      line: w.line,
    });
  }
  return out;
}

function lineKey(w: OcrWord): string {
  return `${w.block}\u0000${w.paragraph}\u0000${w.line}`;
}

/** Words grouped into lines (block, paragraph, line), in reading order. */
export function groupLines(words: OcrWord[]): Array<{ block: number; words: OcrWord[] }> {
  const groups = new Map<
    string,
    { block: number; paragraph: number; line: number; words: OcrWord[] }
  >();
  for (const w of words) {
    const key = lineKey(w);
    const group = groups.get(key) ??
      { block: w.block, paragraph: w.paragraph, line: w.line, words: [] as OcrWord[] };
    group.words.push(w);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) =>
    a.block - b.block || a.paragraph - b.paragraph || a.line - b.line
  );
}

export function unionBox(boxes: Bounds[]): Bounds {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

export function linesOf(words: OcrWord[]): OcrLine[] {
  return groupLines(words).map(({ words }) => ({
    text: words.map((w) => w.text).join(" "),
    confidence: Math.min(...words.map((w) => w.confidence)),
    bbox: unionBox(words.map((w) => w.bbox)),
  }));
}

/** One line per group, an empty line between blocks; the bracketed message when nothing was read. */
export function ocrText(words: OcrWord[]): string {
  const groups = groupLines(words);
  if (groups.length === 0) return "[No text detected by OCR]";
  const out: string[] = [];
  groups.forEach((group, i) => {
    if (i > 0 && group.block !== groups[i - 1].block) out.push("");
    out.push(group.words.map((w) => w.text).join(" "));
  });
  return out.join("\n");
}

/**
 * `base` plus the words of `extra` that are not already there: a word of
 * `extra` whose centre lies in a word of `base` is the same text read twice.
 */
export function mergeWords(base: OcrWord[], extra: OcrWord[]): OcrWord[] {
  const inside = (w: OcrWord, b: OcrWord) => {
    const cx = w.bbox.x + w.bbox.width / 2;
    const cy = w.bbox.y + w.bbox.height / 2;
    return cx >= b.bbox.x && cx <= b.bbox.x + b.bbox.width && cy >= b.bbox.y &&
      cy <= b.bbox.y + b.bbox.height;
  };
  return [...base, ...extra.filter((w) => !base.some((b) => inside(w, b)))];
}
