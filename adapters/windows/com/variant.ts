// VARIANTs (24 bytes on x64: the type tag at 0, the value at 8). Win64 passes
// a VARIANT "by value" as a pointer to a copy, so a buffer serves both ways.

import { oleaut32 } from "../ffi/oleaut32.ts";
import { readWide } from "../ffi/wide_strings.ts";

export const VARIANT_SIZE = 24;
export const VT_EMPTY = 0;
export const VT_I2 = 2;
export const VT_I4 = 3;
export const VT_R4 = 4;
export const VT_R8 = 5;
export const VT_BSTR = 8;
export const VT_DISPATCH = 9;
export const VT_BOOL = 11;
export const VT_UNKNOWN = 13;
export const VT_UI4 = 19;
export const VT_INT = 22;
export const VT_ARRAY = 0x2000;

export type VariantValue =
  | { kind: "empty" }
  | { kind: "number"; value: number }
  | { kind: "bool"; value: boolean }
  | { kind: "string"; value: string }
  /** An interface pointer the reader now owns (one reference to release). */
  | { kind: "object"; value: Deno.PointerObject }
  /** A SAFEARRAY the reader now owns (to SafeArrayDestroy); `vt` is the element type. */
  | { kind: "array"; vt: number; value: Deno.PointerObject }
  | { kind: "other"; vt: number };

export function variantBuffer(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(VARIANT_SIZE);
}

/** A VT_I4 VARIANT (MSAA's child ids, UIA's integer conditions). */
export function variantI4(value: number): Uint8Array<ArrayBuffer> {
  const buffer = variantBuffer();
  const view = new DataView(buffer.buffer);
  view.setUint16(0, VT_I4, true);
  view.setInt32(8, value, true);
  return buffer;
}

/**
 * Reads a VARIANT and takes what it owns: strings are copied and freed;
 * objects and arrays pass to the caller (the VARIANT is emptied so clearing
 * it does not release them).
 */
export function takeVariant(buffer: Uint8Array<ArrayBuffer>): VariantValue {
  const view = new DataView(buffer.buffer, buffer.byteOffset, VARIANT_SIZE);
  const vt = view.getUint16(0, true);
  const pointerAt8 = () => Deno.UnsafePointer.create(view.getBigUint64(8, true));
  const empty = () => view.setUint16(0, VT_EMPTY, true);
  switch (vt) {
    case VT_EMPTY:
      return { kind: "empty" };
    case VT_I2:
      return { kind: "number", value: view.getInt16(8, true) };
    case VT_I4:
    case VT_INT:
      return { kind: "number", value: view.getInt32(8, true) };
    case VT_UI4:
      return { kind: "number", value: view.getUint32(8, true) };
    case VT_R4:
      return { kind: "number", value: view.getFloat32(8, true) };
    case VT_R8:
      return { kind: "number", value: view.getFloat64(8, true) };
    case VT_BOOL:
      return { kind: "bool", value: view.getInt16(8, true) !== 0 };
    case VT_BSTR: {
      const bstr = pointerAt8();
      const value = bstr === null ? "" : readWide(bstr, oleaut32().SysStringLen(bstr));
      oleaut32().VariantClear(buffer);
      return { kind: "string", value };
    }
    case VT_DISPATCH:
    case VT_UNKNOWN: {
      const object = pointerAt8();
      empty();
      return object === null ? { kind: "empty" } : { kind: "object", value: object };
    }
  }
  if ((vt & VT_ARRAY) !== 0) {
    const array = pointerAt8();
    empty();
    return array === null ? { kind: "empty" } : { kind: "array", vt: vt & 0xfff, value: array };
  }
  oleaut32().VariantClear(buffer);
  return { kind: "other", vt };
}
