// What a walk knows of one element, read from UI Automation's cache (one
// in-process call a property, fetched with the element) or live (a round trip
// to the application a property). Pattern properties are read only for the
// patterns the element has.

import { comCheck, release } from "../com/vtable.ts";
import { oleaut32 } from "../ffi/oleaut32.ts";
import { takeNumberArray } from "../com/safearray.ts";
import { takeVariant, variantBuffer, type VariantValue, VT_EMPTY, VT_R8 } from "../com/variant.ts";
import { ElementSlot } from "./interfaces.ts";
import { PATTERN_AVAILABILITY, type PatternName, Property } from "./properties.ts";

export type PropertySource = "cached" | "current";

export interface UiaFacts {
  controlType: number;
  name: string;
  /** left, top, width, height in screen pixels; empty when UIA gives none. */
  rectangle: number[];
  enabled: boolean;
  focused: boolean;
  focusable: boolean;
  offscreen: boolean;
  acceleratorKey: string;
  accessKey: string;
  helpText: string;
  automationId: string;
  className: string;
  patterns: ReadonlySet<PatternName>;
  /** The Value pattern's text (null without the pattern). */
  value: string | null;
  /** The Value or RangeValue pattern refuses changes. */
  readOnly: boolean;
  range: { now: number; min: number; max: number } | null;
  /** SelectionItem.IsSelected (null without the pattern). */
  selected: boolean | null;
  toggleState: number | null;
  expandCollapseState: number | null;
  modal: boolean;
}

const READ_SLOT: Record<PropertySource, number> = {
  cached: ElementSlot.GetCachedPropertyValue,
  current: ElementSlot.GetCurrentPropertyValue,
};

// One VARIANT for every read: the walk runs on one thread and empties it after each.
const variant = variantBuffer();
const variantType = new DataView(variant.buffer);

/** Frees what a value owns that a reader did not want (an object, an array). */
function discard(value: VariantValue): void {
  if (value.kind === "object") release(value.value);
  else if (value.kind === "array") oleaut32().SafeArrayDestroy(value.value);
}

/** Reads properties of one element; throws an HResultError when a read fails. */
export class PropertyReader {
  constructor(private readonly element: Deno.PointerObject, readonly source: PropertySource) {}

  private value(id: number): VariantValue {
    variantType.setUint16(0, VT_EMPTY, true);
    comCheck(
      `UIA property ${id} (${this.source})`,
      this.element,
      READ_SLOT[this.source],
      ["i32", "buffer"],
      id,
      variant,
    );
    return takeVariant(variant);
  }

  string(id: number): string {
    const value = this.value(id);
    if (value.kind === "string") return value.value;
    discard(value);
    return "";
  }

  bool(id: number): boolean {
    const value = this.value(id);
    if (value.kind === "bool") return value.value;
    discard(value);
    return false;
  }

  number(id: number): number | null {
    const value = this.value(id);
    if (value.kind === "number") return value.value;
    discard(value);
    return null;
  }

  /** BoundingRectangle: a SAFEARRAY of four doubles. */
  rectangle(): number[] {
    const value = this.value(Property.BoundingRectangle);
    if (value.kind === "array" && value.vt === VT_R8) return takeNumberArray(value.value, VT_R8);
    discard(value);
    return [];
  }
}

export function readFacts(element: Deno.PointerObject, source: PropertySource): UiaFacts {
  const read = new PropertyReader(element, source);
  const patterns = new Set<PatternName>(
    PATTERN_AVAILABILITY.filter(([, id]) => read.bool(id)).map(([name]) => name),
  );
  const has = (name: PatternName) => patterns.has(name);
  return {
    controlType: read.number(Property.ControlType) ?? 0,
    name: read.string(Property.Name),
    rectangle: read.rectangle(),
    enabled: read.bool(Property.IsEnabled),
    focused: read.bool(Property.HasKeyboardFocus),
    focusable: read.bool(Property.IsKeyboardFocusable),
    offscreen: read.bool(Property.IsOffscreen),
    acceleratorKey: read.string(Property.AcceleratorKey),
    accessKey: read.string(Property.AccessKey),
    helpText: read.string(Property.HelpText),
    automationId: read.string(Property.AutomationId),
    className: read.string(Property.ClassName),
    patterns,
    value: has("value") ? read.string(Property.ValueValue) : null,
    readOnly: (has("value") && read.bool(Property.ValueIsReadOnly)) ||
      (has("range_value") && read.bool(Property.RangeValueIsReadOnly)),
    range: has("range_value")
      ? {
        now: read.number(Property.RangeValueValue) ?? 0,
        min: read.number(Property.RangeValueMinimum) ?? 0,
        max: read.number(Property.RangeValueMaximum) ?? 0,
      }
      : null,
    selected: has("selection_item") ? read.bool(Property.SelectionItemIsSelected) : null,
    toggleState: has("toggle") ? read.number(Property.ToggleState) : null,
    expandCollapseState: has("expand_collapse") ? read.number(Property.ExpandCollapseState) : null,
    modal: has("window") && read.bool(Property.WindowIsModal),
  };
}
