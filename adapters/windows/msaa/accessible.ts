// Typed calls on IAccessible (oleacc.idl; IDispatch's methods take slots
// 3-6). Reads answer null when the object cannot say (E_NOTIMPL is common:
// wine leaves most of IAccessible unimplemented), so callers can look
// elsewhere. Every BSTR and VARIANT read is taken (freed) here.

import { allocBstr, BstrOut, freeBstr } from "../com/bstr.ts";
import { guid } from "../com/guid.ts";
import { takeVariant, VARIANT_SIZE, variantBuffer, variantI4 } from "../com/variant.ts";
import { comCall, PointerOut, queryInterface, release } from "../com/vtable.ts";
import { oleacc } from "../ffi/oleacc.ts";
import type { Bounds } from "../../../lib/model/tree.ts";

/** An IAccessible interface pointer (one reference owned by whoever holds it). */
export type Accessible = Deno.PointerObject;

const IID_IACCESSIBLE = guid("{618736E0-3C3D-11CF-810C-00AA00389B71}");

/** The child id that means the object itself. */
export const CHILDID_SELF = 0;

/** AccessibleObjectFromWindow's object ids (signed LONGs, passed as DWORD). */
export const OBJID_MENU = 0xfffffffd;
export const OBJID_CLIENT = 0xfffffffc;

export const SELFLAG_TAKEFOCUS = 0x1;
export const SELFLAG_TAKESELECTION = 0x2;

const SLOT = {
  childCount: 8,
  name: 10,
  value: 11,
  description: 12,
  role: 13,
  state: 14,
  keyboardShortcut: 17,
  defaultAction: 20,
  select: 21,
  location: 22,
  doDefaultAction: 25,
  putValue: 27,
} as const;

/** The object `objectId` of a window (a new reference), or null when there is none. */
export function objectFromWindow(hwnd: bigint, objectId: number): Accessible | null {
  const out = new PointerOut();
  const hr = oleacc().AccessibleObjectFromWindow(
    Deno.UnsafePointer.create(hwnd),
    objectId,
    IID_IACCESSIBLE,
    out.buffer,
  );
  if (hr < 0) {
    release(out.value);
    return null;
  }
  return out.value;
}

/** The window an object belongs to (0n when none). */
export function windowOf(object: Accessible): bigint {
  const out = new BigUint64Array(1);
  return oleacc().WindowFromAccessibleObject(object, out) < 0 ? 0n : out[0];
}

function readString(object: Accessible, slot: number, childId: number): string | null {
  const out = new BstrOut();
  const hr = comCall(object, slot, ["buffer", "buffer"], variantI4(childId), out.buffer);
  const text = out.take();
  return hr < 0 ? null : text;
}

export function accName(object: Accessible, childId: number): string | null {
  return readString(object, SLOT.name, childId);
}

export function accValue(object: Accessible, childId: number): string | null {
  return readString(object, SLOT.value, childId);
}

export function accDescription(object: Accessible, childId: number): string | null {
  return readString(object, SLOT.description, childId);
}

export function accKeyboardShortcut(object: Accessible, childId: number): string | null {
  return readString(object, SLOT.keyboardShortcut, childId);
}

export function accDefaultAction(object: Accessible, childId: number): string | null {
  return readString(object, SLOT.defaultAction, childId);
}

/** A ROLE_SYSTEM_* number, a custom role's text, or null. */
export function accRole(object: Accessible, childId: number): number | string | null {
  const out = variantBuffer();
  const hr = comCall(object, SLOT.role, ["buffer", "buffer"], variantI4(childId), out);
  const role = takeVariant(out);
  if (role.kind === "object") release(role.value);
  if (hr < 0) return null;
  if (role.kind === "number" || role.kind === "string") return role.value;
  return null;
}

/** The STATE_SYSTEM_* bits, or null. */
export function accState(object: Accessible, childId: number): number | null {
  const out = variantBuffer();
  const hr = comCall(object, SLOT.state, ["buffer", "buffer"], variantI4(childId), out);
  const state = takeVariant(out);
  if (state.kind === "object") release(state.value);
  return hr >= 0 && state.kind === "number" ? state.value >>> 0 : null;
}

/** Where the element is on the screen, or null. */
export function accLocation(object: Accessible, childId: number): Bounds | null {
  const box = new Int32Array(4);
  const hr = comCall(
    object,
    SLOT.location,
    ["buffer", "buffer", "buffer", "buffer", "buffer"],
    box.subarray(0, 1),
    box.subarray(1, 2),
    box.subarray(2, 3),
    box.subarray(3, 4),
    variantI4(childId),
  );
  return hr < 0 ? null : { x: box[0], y: box[1], width: box[2], height: box[3] };
}

export function accChildCount(object: Accessible): number | null {
  const count = new Int32Array(1);
  const hr = comCall(object, SLOT.childCount, ["buffer"], count);
  return hr < 0 ? null : Math.max(0, count[0]);
}

/** A child: an object of its own (one reference owned), or a simple element of the parent. */
export type AccessibleChild =
  | { kind: "object"; object: Accessible }
  | { kind: "simple"; childId: number };

/** The first `max` children (AccessibleChildren), or null when they cannot be listed. */
export function accChildren(object: Accessible, max: number): AccessibleChild[] | null {
  const count = accChildCount(object);
  if (count === null) return null;
  const wanted = Math.min(count, max);
  if (wanted <= 0) return [];
  const variants = new Uint8Array(VARIANT_SIZE * wanted);
  const obtained = new Int32Array(1);
  const hr = oleacc().AccessibleChildren(object, 0, wanted, variants, obtained);
  const children: AccessibleChild[] = [];
  // Taken even on failure: whatever was filled in is ours to release.
  for (let i = 0; i < Math.min(obtained[0], wanted); i++) {
    const child = takeVariant(variants.subarray(i * VARIANT_SIZE, (i + 1) * VARIANT_SIZE));
    if (child.kind === "number") children.push({ kind: "simple", childId: child.value });
    else if (child.kind === "object") {
      const accessible = queryInterface(child.value, IID_IACCESSIBLE);
      release(child.value);
      if (accessible !== null) children.push({ kind: "object", object: accessible });
    }
  }
  if (hr < 0) {
    for (const child of children) if (child.kind === "object") release(child.object);
    return null;
  }
  return children;
}

/** accSelect's HRESULT. */
export function accSelect(object: Accessible, flags: number, childId: number): number {
  return comCall(object, SLOT.select, ["i32", "buffer"], flags, variantI4(childId));
}

/** accDoDefaultAction's HRESULT. */
export function accDoDefaultAction(object: Accessible, childId: number): number {
  return comCall(object, SLOT.doDefaultAction, ["buffer"], variantI4(childId));
}

/** put_accValue's HRESULT (the BSTR stays ours: [in] parameters are not taken). */
export function putAccValue(object: Accessible, childId: number, value: string): number {
  const bstr = allocBstr(value);
  try {
    return comCall(object, SLOT.putValue, ["buffer", "pointer"], variantI4(childId), bstr);
  } finally {
    freeBstr(bstr);
  }
}
