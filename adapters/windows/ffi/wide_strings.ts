// UTF-16 strings, the way Win32's W functions take and give them.

/** A NUL-terminated UTF-16 buffer for a `buffer` parameter. */
export function wide(text: string): Uint16Array {
  const out = new Uint16Array(text.length + 1);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The text of the first `length` code units (all up to the first NUL when omitted). */
export function fromWide(units: Uint16Array, length?: number): string {
  let end = length ?? units.indexOf(0);
  if (end < 0) end = units.length;
  let text = "";
  // Chunks keep String.fromCharCode's argument count bounded.
  for (let i = 0; i < end; i += 8192) {
    text += String.fromCharCode(...units.subarray(i, Math.min(end, i + 8192)));
  }
  return text;
}

/** Reads `length` UTF-16 code units at a native pointer (a BSTR, a buffer owned by the OS). */
export function readWide(pointer: Deno.PointerObject, length: number): string {
  if (length <= 0) return "";
  const bytes = Deno.UnsafePointerView.getArrayBuffer(pointer, length * 2);
  return fromWide(new Uint16Array(bytes.slice(0)), length);
}
