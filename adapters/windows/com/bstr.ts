// BSTRs: length-prefixed UTF-16 strings that the receiver frees.

import { oleaut32 } from "../ffi/oleaut32.ts";
import { readWide, wide } from "../ffi/wide_strings.ts";

/** The text of a BSTR the caller owns, which is freed; null pointer → null. */
export function takeBstr(bstr: Deno.PointerObject | null): string | null {
  if (bstr === null) return null;
  try {
    return readWide(bstr, oleaut32().SysStringLen(bstr));
  } finally {
    oleaut32().SysFreeString(bstr);
  }
}

/** A BSTR out-parameter: pass `buffer`, then `take()` the text (freeing it). */
export class BstrOut {
  readonly buffer = new BigUint64Array(1);
  take(): string | null {
    const text = takeBstr(Deno.UnsafePointer.create(this.buffer[0]));
    this.buffer[0] = 0n;
    return text;
  }
}

/** A new BSTR holding `text`; the caller frees it with `freeBstr` unless a callee takes it. */
export function allocBstr(text: string): Deno.PointerObject {
  const bstr = oleaut32().SysAllocString(wide(text));
  if (bstr === null) throw new Error("SysAllocString failed (out of memory)");
  return bstr;
}

export function freeBstr(bstr: Deno.PointerObject | null): void {
  if (bstr !== null) oleaut32().SysFreeString(bstr);
}
