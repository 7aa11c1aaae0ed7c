// Screen and window captures through GDI: BitBlt from the screen DC, or
// PrintWindow for a window's own rendering (right even when covered).

import type { Bounds } from "../../../lib/model/tree.ts";
import type { RawImage } from "../../../lib/model/image.ts";
import { shift } from "../../../lib/formats/image/crop.ts";
import { crop } from "../../../lib/formats/image/raster.ts";
import { gdi32 } from "../ffi/gdi32.ts";
import { handle, newRect, rectBounds, user32 } from "../ffi/user32.ts";
import { windowBounds } from "./windows.ts";

const SRCCOPY = 0x00cc0020;
/** Include layered (translucent) windows, which a plain SRCCOPY leaves out. */
const CAPTUREBLT = 0x40000000;
const PW_RENDERFULLCONTENT = 2;
const WM_NULL = 0;
const SMTO_ABORTIFHUNG = 0x2;
/** PrintWindow waits on the window's thread: only ask one that answers within this. */
const RESPONSIVE_MS = 500;
const BITMAPINFO_SIZE = 44; // BITMAPINFOHEADER and one colour entry
const DIB_RGB_COLORS = 0;

/** A width × height bitmap filled by `draw` into a memory DC, read back as RGBA. */
function drawToImage(
  width: number,
  height: number,
  draw: (memoryDc: Deno.PointerValue, screenDc: Deno.PointerValue) => boolean,
): RawImage | null {
  const gdi = gdi32();
  const u32 = user32();
  const screenDc = u32.GetDC(null);
  if (screenDc === null) return null;
  try {
    const memoryDc = gdi.CreateCompatibleDC(screenDc);
    if (memoryDc === null) return null;
    try {
      const bitmap = gdi.CreateCompatibleBitmap(screenDc, width, height);
      if (bitmap === null) return null;
      try {
        const previous = gdi.SelectObject(memoryDc, bitmap);
        let drawn: boolean;
        try {
          drawn = draw(memoryDc, screenDc);
        } finally {
          // GetDIBits wants the bitmap selected out of every DC.
          gdi.SelectObject(memoryDc, previous);
        }
        return drawn ? readBitmap(memoryDc, bitmap, width, height) : null;
      } finally {
        gdi.DeleteObject(bitmap);
      }
    } finally {
      gdi.DeleteDC(memoryDc);
    }
  } finally {
    u32.ReleaseDC(null, screenDc);
  }
}

/** The bitmap's pixels as RGBA: 32-bit top-down BGRX from GetDIBits, alpha set to 255. */
function readBitmap(
  dc: Deno.PointerValue,
  bitmap: Deno.PointerValue,
  width: number,
  height: number,
): RawImage | null {
  const info = new DataView(new ArrayBuffer(BITMAPINFO_SIZE));
  info.setUint32(0, 40, true); // biSize
  info.setInt32(4, width, true);
  info.setInt32(8, -height, true); // negative: top-down rows
  info.setUint16(12, 1, true); // biPlanes
  info.setUint16(14, 32, true); // biBitCount; biCompression 0 = BI_RGB
  const pixels = new Uint32Array(width * height);
  const rows = gdi32().GetDIBits(
    dc,
    bitmap,
    0,
    height,
    pixels,
    new Uint8Array(info.buffer),
    DIB_RGB_COLORS,
  );
  if (rows !== height) return null;
  for (let i = 0; i < pixels.length; i++) {
    const bgr = pixels[i]; // little-endian bytes B, G, R, X
    pixels[i] = 0xff000000 | ((bgr & 0xff) << 16) | (bgr & 0xff00) | ((bgr >>> 16) & 0xff);
  }
  return { width, height, data: new Uint8Array(pixels.buffer) };
}

/** Pixels of an area of the virtual screen, as they are shown (windows above included). */
export function captureArea(area: Bounds): RawImage | null {
  if (area.width <= 0 || area.height <= 0) return null;
  return drawToImage(area.width, area.height, (memoryDc, screenDc) =>
    gdi32().BitBlt(
      memoryDc,
      0,
      0,
      area.width,
      area.height,
      screenDc,
      area.x,
      area.y,
      SRCCOPY | CAPTUREBLT,
    ) !== 0);
}

function singleColour(image: RawImage): boolean {
  const pixels = new Uint32Array(
    image.data.buffer,
    image.data.byteOffset,
    image.width * image.height,
  );
  return pixels.every((p) => p === pixels[0]);
}

function responsive(hwnd: bigint): boolean {
  const result = new BigUint64Array(1);
  const answered = user32().SendMessageTimeoutW(
    handle(hwnd),
    WM_NULL,
    0n,
    0n,
    SMTO_ABORTIFHUNG,
    RESPONSIVE_MS,
    result,
  );
  return answered !== 0n;
}

/**
 * The window as it draws itself (PrintWindow, full content), cut to its
 * visible frame (windowBounds); the screen's pixels of that frame when
 * PrintWindow fails or gives one flat colour (some GPU-drawn windows), or
 * the window's thread does not answer.
 */
export function captureWindow(hwnd: bigint): RawImage | null {
  const frame = windowBounds(hwnd);
  const rect = newRect();
  if (frame === null || !user32().GetWindowRect(handle(hwnd), rect)) return null;
  const outer = rectBounds(rect);
  const printed = outer.width > 0 && outer.height > 0 && responsive(hwnd)
    ? drawToImage(
      outer.width,
      outer.height,
      (memoryDc) => user32().PrintWindow(handle(hwnd), memoryDc, PW_RENDERFULLCONTENT) !== 0,
    )
    : null;
  if (printed !== null && !singleColour(printed)) {
    const image = crop(printed, shift(frame, { x: -outer.x, y: -outer.y }));
    if (image.width === frame.width && image.height === frame.height) return image;
  }
  return captureArea(frame);
}
