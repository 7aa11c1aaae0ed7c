// What the sketch says about an element: the interior label lines (ascii-sketch.md
// §5.1, §5.2) and the compact legend label (§5.3). Labels use the Unicode glyphs;
// the grid and the legend map them for ASCII mode.

import type { Element } from "../core/tree.ts";
import { rangeFraction, roundHalfEven } from "./range.ts";
import { isRangeRole, normaliseRole } from "./roles.ts";
import {
  cellText,
  cut,
  dropControls,
  ellipsize,
  length,
  replaceLineBreaks,
  strip,
} from "./text.ts";
import { wrap } from "./wrap.ts";

/** `●` focused, `✗` disabled, `⌨` + shortcut; space-separated, "" when none. */
function stateBadges(el: Element): string {
  const badges: string[] = [];
  if (el.focused) badges.push("●");
  if (!el.enabled) badges.push("✗");
  if (el.keyboard_shortcut) badges.push(`⌨${el.keyboard_shortcut}`);
  return badges.join(" ");
}

function percent(fraction: number): string {
  return `${roundHalfEven(fraction * 100)}%`;
}

/** `├──●──┤ 50%`: the thumb sits at round(fraction × (width − 1)). */
export function sliderBar(fraction: number, innerWidth: number): string {
  const barWidth = Math.max(5, innerWidth - 6);
  const track = Array(barWidth).fill("─");
  track[0] = "├";
  track[barWidth - 1] = "┤";
  track[roundHalfEven(fraction * (barWidth - 1))] = "●";
  return `${track.join("")} ${percent(fraction)}`;
}

/** `▓▓░░░░ 40%`: round(fraction × width) filled cells. */
export function progressBar(fraction: number, innerWidth: number): string {
  const barWidth = Math.max(4, innerWidth - 5);
  const filled = roundHalfEven(fraction * barWidth);
  return `${"▓".repeat(filled)}${"░".repeat(barWidth - filled)} ${percent(fraction)}`;
}

function withName(glyph: string, name: string): string {
  return name === "" ? glyph : `${glyph} ${name}`;
}

function glyphRowText(el: Element, innerWidth: number): string | null {
  const name = cellText(strip(el.name));
  switch (normaliseRole(el.role)) {
    case "checkbox":
    case "togglebutton":
    case "switch":
      return withName(el.selected ? "[x]" : "[ ]", name);
    case "radiobutton":
    case "radio":
    case "radioitem":
      return withName(el.selected ? "(•)" : "( )", name);
    case "combobox":
    case "dropdownbutton":
    case "popupbutton": {
      const value = el.value ? ` [${cellText(el.value)}]` : "";
      return withName(el.expanded ? "▼" : "▶", name) + value;
    }
    case "menuitem":
      return strip(`${el.expanded ? "▸" : ""} ${name}`) || null;
    case "slider":
    case "scrollbar": {
      const fraction = rangeFraction(el);
      return fraction === null ? null : sliderBar(fraction, innerWidth);
    }
    case "progressbar": {
      const fraction = rangeFraction(el);
      return fraction === null ? null : progressBar(fraction, innerWidth);
    }
    default:
      return null;
  }
}

/** §5.1: the compact control row for the role, cut to the inner width; null when none. */
export function glyphRow(el: Element, innerWidth: number): string | null {
  const row = glyphRowText(el, innerWidth);
  return row === null ? null : cut(row, innerWidth);
}

/** Wrapped lines of free text, its line breaks read as spaces. */
function wrapFlattened(text: string, width: number): string[] {
  return wrap(dropControls(replaceLineBreaks(text, " ")), width);
}

function quotedName(name: string, width: number): string {
  if (length(name) + 2 <= width) return `"${name}"`;
  return cut(`"${cut(name, width - 2)}…`, width);
}

/** §5.2: up to `rows` lines of at most `width` code points each. */
export function interiorLines(
  el: Element,
  width: number,
  rows: number,
  roleGlyphs: boolean,
): string[] {
  const glyph = roleGlyphs ? glyphRow(el, width) : null;
  if (glyph !== null) {
    const description = rows >= 3 && el.description ? wrapFlattened(el.description, width) : [];
    return [glyph, ...description.slice(0, rows - 1)];
  }
  const role = cellText(el.role);
  const badges = cellText(stateBadges(el));
  const roleLine = badges === "" ? role : `${role} ${badges}`;
  const lines = [length(roleLine) > width ? cut(role, width) : roleLine];
  const name = cellText(el.name);
  if (lines.length < rows && name !== "") lines.push(quotedName(name, width));
  if (lines.length < rows && el.value !== null) {
    const value = strip(el.value);
    if (value !== "") lines.push(...wrapFlattened(value, width).slice(0, rows - lines.length));
  }
  return lines;
}

/**
 * §5.3: `Role "name" [value] badges`, names cut at 30 and values at 20 code
 * points. Raw text: the legend escapes line breaks (Q3) when it prints this.
 */
export function compactLabel(el: Element): string {
  let label = el.role;
  if (el.name !== "") label += ` "${ellipsize(el.name, 30, 27)}"`;
  if (el.value !== null && !isRangeRole(normaliseRole(el.role))) {
    label += ` [${ellipsize(el.value, 20, 17)}]`;
  }
  const badges = stateBadges(el);
  return badges === "" ? label : `${label} ${badges}`;
}
