// One-dimensional SAFEARRAYs of numbers (UIA's rectangles and runtime ids).

import { oleaut32 } from "../ffi/oleaut32.ts";
import { check } from "./hresult.ts";
import { VT_I4, VT_R8 } from "./variant.ts";

/** The elements of a 1-D SAFEARRAY of VT_R8 or VT_I4, which is then destroyed. */
export function takeNumberArray(array: Deno.PointerObject, vt: number): number[] {
  const api = oleaut32();
  try {
    const lower = new Int32Array(1);
    const upper = new Int32Array(1);
    check(api.SafeArrayGetLBound(array, 1, lower), "SafeArrayGetLBound");
    check(api.SafeArrayGetUBound(array, 1, upper), "SafeArrayGetUBound");
    const count = upper[0] - lower[0] + 1;
    if (count <= 0) return [];
    const data = new BigUint64Array(1);
    check(api.SafeArrayAccessData(array, data), "SafeArrayAccessData");
    try {
      const pointer = Deno.UnsafePointer.create(data[0]);
      if (pointer === null) return [];
      const view = new Deno.UnsafePointerView(pointer);
      const values: number[] = [];
      for (let i = 0; i < count; i++) {
        if (vt === VT_R8) values.push(view.getFloat64(i * 8));
        else if (vt === VT_I4) values.push(view.getInt32(i * 4));
        else throw new Error(`SAFEARRAY of VARTYPE ${vt} is not a number array`);
      }
      return values;
    } finally {
      api.SafeArrayUnaccessData(array);
    }
  } finally {
    api.SafeArrayDestroy(array);
  }
}
