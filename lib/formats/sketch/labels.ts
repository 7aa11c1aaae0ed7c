// What the sketch writes for an element: the inline label variants (richest
// first), the title of a box, range bars, and the compact legend label. Text
// is composed with the Unicode glyphs; the canvas maps it for ASCII mode.

import type { Element } from "../../model/tree.ts";
import { isInteractiveRole } from "../views/needed.ts";
import { rangeFraction, roundHalfEven } from "./range.ts";
import { isRangeRole, landmarkLabel, normaliseRole } from "./roles.ts";
import { cellText, codePoints, ellipsize, strip } from "./text.ts";

/** A text for the grid and where the element's name sits in it (null: not in it). */
export interface LabelText {
  text: string[];
  nameAt: number | null;
  nameLength: number;
}

/** The name as one grid row shows it. */
export function displayName(el: Element): string {
  return strip(cellText(el.name));
}

/** The value, else the Text interface's content, as one grid row shows it. */
export function displayValue(el: Element): string {
  return strip(cellText(el.value ?? el.text ?? ""));
}

export function isChecked(el: Element): boolean {
  return el.selected === true || el.states?.checked === true;
}

function around(before: string, name: string, after: string): LabelText {
  return {
    text: codePoints(before + name + after),
    nameAt: codePoints(before).length,
    nameLength: codePoints(name).length,
  };
}

/** The role's decoration of a named control ("[x] name", "[name]"...), or null. */
function decorated(el: Element, name: string, value: string): LabelText | null {
  switch (normaliseRole(el.role)) {
    case "checkbox":
    case "switch":
      return around(isChecked(el) ? "[x] " : "[ ] ", name, "");
    case "radiobutton":
    case "radio":
      return around(isChecked(el) ? "(•) " : "( ) ", name, "");
    case "button":
    case "splitbutton":
    case "togglebutton":
      return around("[", name, "]");
    case "combobox":
      return around("", name, value === "" ? " ▾" : `: ${value} ▾`);
    case "edit":
    case "spinner":
    case "spinbutton":
      return around("", name, value === "" ? ": ___" : `: ${value}`);
    default:
      return null;
  }
}

/** A range control's bar across `width` cells, as a label without the name. */
function barLabel(el: Element, width: number): LabelText[] {
  const bar = rangeBar(el, width);
  return bar === null ? [] : [{ text: codePoints(bar), nameAt: null, nameLength: 0 }];
}

/**
 * The inline labels of an element for `width` cells, richest first: with
 * `roleGlyphs` a range control's bar and the role's decoration, then a
 * caption's `name: value`, then the bare name; an unnamed element shows its value.
 */
export function inlineLabels(el: Element, roleGlyphs: boolean, width: number): LabelText[] {
  const name = displayName(el);
  const value = displayValue(el);
  const bar = roleGlyphs ? barLabel(el, width) : [];
  if (name === "") {
    return value === "" ? bar : [...bar, { text: codePoints(value), nameAt: null, nameLength: 0 }];
  }
  const rich = roleGlyphs ? decorated(el, name, value) : null;
  const captioned = value !== "" && value !== name && !isInteractiveRole(el.role);
  const withValue = captioned ? [around("", name, `: ${value}`)] : [];
  return [...bar, ...(rich === null ? withValue : [rich]), around("", name, "")];
}

/** The title a box carries in its top border: its name, with the landmark's role when asked. */
export function boxTitle(el: Element, landmarkHeaders: boolean): LabelText | null {
  const name = displayName(el);
  const landmark = landmarkHeaders ? landmarkLabel(normaliseRole(el.role)) : null;
  if (name === "") return landmark === null ? null : around(` ${landmark} `, "", "");
  return landmark === null ? around(" ", name, " ") : around(` ${landmark} "`, name, '" ');
}

/**
 * `text…` in at most `width` code points: three or more kept (blanks before
 * the `…` dropped), three or more cut.
 */
export function shortened(text: string[], width: number): string[] | null {
  const kept = text.slice(0, Math.max(0, Math.min(width - 1, text.length - 3)));
  while (kept.length > 0 && kept[kept.length - 1].trim() === "") kept.pop();
  return kept.length < 3 ? null : [...kept, "…"];
}

function percent(fraction: number): string {
  return `${roundHalfEven(fraction * 100)}%`;
}

/** `├──●──┤ 50%`: the thumb sits at round(fraction × (width − 1)). */
export function sliderBar(fraction: number, width: number): string {
  const barWidth = Math.max(5, width - 5);
  const track = Array(barWidth).fill("─");
  track[0] = "├";
  track[barWidth - 1] = "┤";
  track[roundHalfEven(fraction * (barWidth - 1))] = "●";
  return `${track.join("")} ${percent(fraction)}`;
}

/** `▓▓░░░░ 40%`: round(fraction × width) filled cells. */
export function progressBar(fraction: number, width: number): string {
  const barWidth = Math.max(4, width - 5);
  const filled = roundHalfEven(fraction * barWidth);
  return `${"▓".repeat(filled)}${"░".repeat(barWidth - filled)} ${percent(fraction)}`;
}

/** The bar a (horizontal) range control draws across `width` cells, or null when it has no position. */
export function rangeBar(el: Element, width: number): string | null {
  const role = normaliseRole(el.role);
  if (!isRangeRole(role) || el.bounds.width < el.bounds.height) return null;
  const fraction = rangeFraction(el);
  if (fraction === null) return null;
  return role === "progressbar" ? progressBar(fraction, width) : sliderBar(fraction, width);
}

/** `●` focused, `✗` disabled, states, `⌨` + shortcut, `⇥n` tab position; space-separated. */
function stateBadges(el: Element, tabIndex: number | null): string {
  const badges: string[] = [];
  if (el.focused) badges.push("●");
  if (!el.enabled) badges.push("✗");
  if (el.states?.checked) badges.push("checked");
  if (el.selected) badges.push("selected");
  if (el.expanded) badges.push("expanded");
  if (el.keyboard_shortcut) badges.push(`⌨${el.keyboard_shortcut}`);
  if (tabIndex !== null) badges.push(`⇥${tabIndex}`);
  return badges.join(" ");
}

/**
 * The legend's `Role "name" [value] badges`: names cut at 30 and values at 20
 * code points. Raw text: the legend escapes line breaks when it prints this.
 */
export function compactLabel(el: Element, tabIndex: number | null = null): string {
  let label = el.role;
  if (strip(el.name) !== "") label += ` "${ellipsize(strip(el.name), 30, 27)}"`;
  const value = el.value ?? el.text ?? null;
  if (value !== null && strip(value) !== "") {
    label += ` [${ellipsize(value, 20, 17)}]`;
  }
  const badges = stateBadges(el, tabIndex);
  return badges === "" ? label : `${label} ${badges}`;
}
