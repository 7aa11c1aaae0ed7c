// libXfixes (Debian's libxfixes3): the pointer's current picture
// (XFixesGetCursorImage), which no screenshot holds (the X server keeps the
// cursor out of XGetImage's pixels).

export const XFIXES_LIBRARY = "libXfixes.so.3";

const P = "pointer" as const;
const B = "buffer" as const;

const xfixesSymbols = {
  XFixesQueryExtension: { parameters: [P, B, B], result: "i32" },
  XFixesGetCursorImage: { parameters: [P], result: P },
} as const;

export type XFixes = Deno.DynamicLibrary<typeof xfixesSymbols>["symbols"];

/**
 * XFixesCursorImage on 64-bit Linux: short x, y; unsigned short width,
 * height, xhot, yhot; unsigned long cursor_serial; unsigned long *pixels.
 * `x`, `y` are where the hotspot is: the pointer's position.
 */
export const CURSOR_X_OFFSET = 0;
export const CURSOR_Y_OFFSET = 2;
export const CURSOR_WIDTH_OFFSET = 4;
export const CURSOR_HEIGHT_OFFSET = 6;
export const CURSOR_XHOT_OFFSET = 8;
export const CURSOR_YHOT_OFFSET = 10;
export const CURSOR_PIXELS_OFFSET = 24;
/** Each pixel is a C unsigned long: premultiplied ARGB in its low 32 bits. */
export const CURSOR_PIXEL_BYTES = 8;

/**
 * The library, or null where it is missing (screenshots then go without the
 * pointer). Never unloaded: its first call leaves a close hook of libXfixes
 * on the display, which XCloseDisplay calls (as libXext's: ffi/xext.ts).
 */
export function openXFixes(): XFixes | null {
  try {
    return Deno.dlopen(XFIXES_LIBRARY, xfixesSymbols).symbols;
  } catch {
    return null;
  }
}
