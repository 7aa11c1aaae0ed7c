// One screenshot of a step, inline, with where the action aimed drawn over
// it: the target's bounds as a box and a coordinate verb's point as a ring,
// placed in percentages of the picture so they scale with it. Full
// screenshots are in screen pixels, so screen coordinates place them directly.

import { pngDataUrl } from "./data_url.ts";
import { escapeHtml } from "./html_text.ts";
import { type PixelSize, pngSize } from "../../image/pixel_size.ts";
import type { Bounds } from "./result_facts.ts";

export interface Marks {
  bounds?: Bounds;
  point?: { x: number; y: number };
}

export interface Screenshot {
  kind: "full" | "window";
  ref: string;
  /** Undefined when the file could not be read. */
  bytes?: Uint8Array;
  /** Drawn only on full screenshots: window screenshots have their own origin. */
  marks?: Marks;
}

const LABEL = { full: "Screen", window: "Window" } as const;

export function screenshotFigure(shot: Screenshot, seq: number): string {
  const label = `${LABEL[shot.kind]} after step ${seq}`;
  const open = `<figure class="shot" data-kind="${shot.kind}">`;
  if (!shot.bytes) {
    return `<figure class="shot missing" data-kind="${shot.kind}">${label}: screenshot missing ` +
      `(<code>${escapeHtml(shot.ref)}</code>)</figure>`;
  }
  const size = pngSize(shot.bytes);
  if (!size) {
    return `<figure class="shot missing" data-kind="${shot.kind}">${label}: not a readable PNG ` +
      `(<code>${escapeHtml(shot.ref)}</code>)</figure>`;
  }
  const marks = shot.kind === "full" ? marksHtml(shot.marks ?? {}, size) : { html: "", notes: [] };
  const img =
    `<img src="${pngDataUrl(shot.bytes)}" width="${size.width}" height="${size.height}" ` +
    `alt="${label}">`;
  const caption = [`${label}, ${size.width}×${size.height}`, ...marks.notes].join("; ");
  return `${open}<div class="frame">${img}${marks.html}</div>` +
    `<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

function percent(value: number, of: number): string {
  return `${(value / of * 100).toFixed(4)}%`;
}

/** The marks that fall on the picture (clipped to it), and a caption note for each. */
function marksHtml(marks: Marks, size: PixelSize): { html: string; notes: string[] } {
  let html = "";
  const notes: string[] = [];
  const b = marks.bounds;
  if (b) {
    const left = Math.max(0, b.x);
    const top = Math.max(0, b.y);
    const right = Math.min(size.width, b.x + b.width);
    const bottom = Math.min(size.height, b.y + b.height);
    const where = `${b.x},${b.y} ${b.width}×${b.height}`;
    if (right > left && bottom > top) {
      html += `<div class="target-box" title="target ${where}" style="left:${
        percent(left, size.width)
      };top:${percent(top, size.height)};width:${percent(right - left, size.width)};height:${
        percent(bottom - top, size.height)
      }"></div>`;
      notes.push(`outlined: the action's target at ${where}`);
    } else {
      notes.push(`the action's target (${where}) lies outside the screenshot`);
    }
  }
  const p = marks.point;
  if (p && p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height) {
    html += `<div class="target-point" title="point ${p.x},${p.y}" style="left:${
      percent(p.x, size.width)
    };top:${percent(p.y, size.height)}"></div>`;
    notes.push(`ringed: the point ${p.x},${p.y}`);
  }
  return { html, notes };
}
