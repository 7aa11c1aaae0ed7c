// C string conversions shared by the X11 and AT-SPI bindings.

const encoder = new TextEncoder();

/** A NUL-terminated UTF-8 copy of `text`, to pass as a "buffer" argument. */
export function cString(text: string): Uint8Array<ArrayBuffer> {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
}

/** Reads a NUL-terminated UTF-8 string; "" for a null pointer. */
export function readCString(pointer: Deno.PointerValue): string {
  return pointer === null ? "" : Deno.UnsafePointerView.getCString(pointer);
}

/** A pointer stored in an out-parameter slot (8 bytes). */
export function pointerIn(slot: BigUint64Array): Deno.PointerValue {
  return Deno.UnsafePointer.create(slot[0]);
}
