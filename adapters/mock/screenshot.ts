// Screenshots of the mock desktop, drawn from the accessibility trees so
// what an agent reads in the tree is what the picture shows: every
// element's box, and its label or value in a legible font.

import type { RawImage } from "../../lib/model/image.ts";
import {
  blit,
  createImage,
  drawText,
  fillRect,
  hexColor,
  type Rgb,
  strokeRect,
  textHeight,
  textWidth,
} from "../../lib/formats/image/raster.ts";
import { type Bounds, type Element, isEmptyBounds, walk } from "../../lib/model/tree.ts";

const PALETTE = {
  desktop: hexColor("#0f111a"),
  window: hexColor("#1a1e2e"),
  bar: hexColor("#1e2030"),
  barText: hexColor("#a9b1d6"),
  status: hexColor("#16161e"),
  statusText: hexColor("#565f89"),
  text: hexColor("#c0caf5"),
  title: hexColor("#c8d3f5"),
  field: hexColor("#222639"),
  border: hexColor("#2d3250"),
  button: hexColor("#2d3250"),
  accent: hexColor("#82aaff"),
  scroll: hexColor("#24283b"),
  thumb: hexColor("#3b4261"),
  muted: hexColor("#737aa2"),
  disabled: hexColor("#444b6a"),
};

const PAD = 4;

/** The largest integer text scale (up to 2) whose glyphs fit `height` with padding. */
function scaleFor(height: number): number {
  return height >= textHeight(2) + 2 ? 2 : 1;
}

function label(
  img: RawImage,
  rect: Bounds,
  text: string,
  rgb: Rgb,
  preferred = scaleFor(rect.height),
) {
  if (text === "") return;
  // Shrink rather than clip when a short label would not fit at the larger size.
  let scale = preferred;
  while (scale > 1 && textWidth(text, scale) > rect.width - 2 * PAD) scale--;
  const y = rect.y + Math.max(0, Math.floor((rect.height - textHeight(scale)) / 2));
  drawText(img, rect.x + PAD, y, text, rgb, scale, rect);
}

/** Multi-line text from the top of the box, one row per line, clipped to it. */
function lines(img: RawImage, rect: Bounds, text: string, rgb: Rgb) {
  const scale = 2;
  const step = textHeight(scale) + 2;
  text.split("\n").forEach((line, i) => {
    drawText(img, rect.x + PAD, rect.y + PAD + i * step, line, rgb, scale, rect);
  });
}

/** The font's ✓ centred in a check box (its ink sits in cell rows 2–5, 5 columns wide). */
function drawCheckMark(img: RawImage, box: Bounds): void {
  const scale = box.width >= 12 ? 2 : 1;
  const x = box.x + Math.floor((box.width - 5 * scale) / 2);
  const y = box.y + Math.floor((box.height - 4 * scale) / 2) - 2 * scale;
  drawText(img, x, y, "\u2713", PALETTE.accent, scale, box);
}

function fraction(e: Element): number | null {
  const { value_now: now, value_min: min, value_max: max } = e;
  if (now === undefined || min === undefined || max === undefined || max <= min) return null;
  return Math.min(1, Math.max(0, (now - min) / (max - min)));
}

function drawElement(img: RawImage, e: Element, rect: Bounds, depth: number): void {
  const ink = e.enabled ? PALETTE.text : PALETTE.disabled;
  switch (e.role) {
    case "Window":
    case "Dialog":
      fillRect(img, rect, PALETTE.window);
      if (depth > 0) strokeRect(img, rect, PALETTE.border);
      return;
    case "MenuBar":
    case "ToolBar":
    case "TabControl":
    case "Navigation":
      fillRect(img, rect, PALETTE.bar);
      return;
    case "StatusBar":
      fillRect(img, rect, PALETTE.status);
      return;
    case "Pane":
    case "Tree":
    case "Group":
      strokeRect(img, rect, PALETTE.border);
      return;
    case "ScrollBar": {
      fillRect(img, rect, PALETTE.scroll);
      const vertical = rect.height > rect.width;
      const thumb = vertical
        ? {
          x: rect.x + 3,
          y: rect.y + 3,
          width: rect.width - 6,
          height: Math.floor(rect.height / 4),
        }
        : {
          x: rect.x + 3,
          y: rect.y + 3,
          width: Math.floor(rect.width / 4),
          height: rect.height - 6,
        };
      fillRect(img, thumb, PALETTE.thumb);
      return;
    }
    case "ProgressBar": {
      fillRect(img, rect, PALETTE.scroll);
      const f = fraction(e) ?? 0;
      fillRect(img, { ...rect, width: Math.round(rect.width * f) }, PALETTE.accent);
      return;
    }
    case "CheckBox":
    case "RadioButton": {
      const size = Math.max(6, Math.min(rect.height - 4, 14));
      const box = {
        x: rect.x + 2,
        y: rect.y + Math.floor((rect.height - size) / 2),
        width: size,
        height: size,
      };
      strokeRect(img, box, PALETTE.accent);
      if (e.selected && e.role === "CheckBox") drawCheckMark(img, box);
      else if (e.selected) {
        fillRect(
          img,
          { x: box.x + 3, y: box.y + 3, width: size - 6, height: size - 6 },
          PALETTE.accent,
        );
      }
      label(img, { ...rect, x: rect.x + size + 2, width: rect.width - size - 2 }, e.name, ink);
      return;
    }
    case "Edit":
    case "ComboBox": {
      fillRect(img, rect, PALETTE.field);
      strokeRect(img, rect, e.focused ? PALETTE.accent : PALETTE.border);
      const shown = e.value ? e.value.replace(/\n/g, " ") : e.name;
      label(img, rect, shown, e.value ? ink : PALETTE.muted);
      return;
    }
    case "Document":
      fillRect(img, rect, PALETTE.window);
      if (e.focused) strokeRect(img, rect, PALETTE.border);
      lines(img, rect, e.value ?? e.name, ink);
      return;
    case "Heading":
      label(
        img,
        rect,
        e.name,
        PALETTE.title,
        rect.height >= textHeight(4) ? 4 : scaleFor(rect.height),
      );
      return;
    case "Text":
      label(img, rect, e.value ?? e.name, e.value !== null ? PALETTE.statusText : ink);
      return;
    case "MenuItem":
      label(img, rect, e.name, PALETTE.barText);
      return;
    case "Link":
      label(img, rect, e.name, PALETTE.accent);
      return;
    default:
      fillRect(img, rect, e.selected ? PALETTE.border : PALETTE.button);
      strokeRect(img, rect, PALETTE.border);
      label(img, rect, e.name, ink);
  }
}

/** An image the size of the window, each element drawn at its bounds minus the window origin. */
export function renderWindow(root: Element, window: Bounds): RawImage {
  const img = createImage(window.width, window.height, PALETTE.window);
  walk(root, (e, depth) => {
    if (isEmptyBounds(e.bounds)) return;
    const rect = {
      x: e.bounds.x - window.x,
      y: e.bounds.y - window.y,
      width: e.bounds.width,
      height: e.bounds.height,
    };
    drawElement(img, e, rect, depth);
  });
  return img;
}

/** The desktop with windows painted in the order given (last on top), clipped to the screen. */
export function renderScreen(
  windows: Array<{ bounds: Bounds; root: Element | null }>,
  screen: Bounds,
): RawImage {
  const img = createImage(screen.width, screen.height, PALETTE.desktop);
  for (const { bounds, root } of windows) {
    const picture = root
      ? renderWindow(root, bounds)
      : createImage(bounds.width, bounds.height, PALETTE.window);
    blit(img, picture, bounds.x - screen.x, bounds.y - screen.y);
  }
  return img;
}
