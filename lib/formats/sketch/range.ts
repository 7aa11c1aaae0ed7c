// Fraction of a range control and the rounding its bars use.

import type { Element } from "../../model/tree.ts";
import { strip } from "./text.ts";

/** Python's round(): halves go to the even neighbour. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function clampUnit(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/** A finite decimal as Python's float() reads it (surrounding whitespace allowed), else null. */
function parseDecimal(text: string): number | null {
  const trimmed = strip(text);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** `40%`, `3 of 4`, `0.5` (a fraction) or `50` (a percentage); null when unknown. */
export function parseFractionText(value: string): number | null {
  const text = strip(value);
  if (text === "") return null;
  if (text.endsWith("%")) {
    const percent = parseDecimal(text.slice(0, -1));
    return percent === null ? null : clampUnit(percent / 100);
  }
  const of = text.indexOf(" of ");
  if (of >= 0) {
    const part = parseDecimal(text.slice(0, of));
    const whole = parseDecimal(text.slice(of + 4));
    if (part === null || whole === null || whole === 0) return null;
    return clampUnit(part / whole);
  }
  const number = parseDecimal(text);
  if (number === null || number < 0 || number > 100) return null;
  return number <= 1 ? number : number / 100;
}

/** The position of a range control in [0, 1]: numeric range first, then the value text. */
export function rangeFraction(el: Element): number | null {
  const { value_now: now, value_min: min, value_max: max } = el;
  if (typeof now === "number" && typeof min === "number" && typeof max === "number" && max > min) {
    return clampUnit((now - min) / (max - min));
  }
  return el.value === null ? null : parseFractionText(el.value);
}
