// Pictures as the platform hands them over: raw pixels and their byte order.

/**
 * How a picture's four bytes a pixel are ordered: RGBA, or the B, G, R,
 * unused order an X server writes (left as it is only for a caller that
 * accepts it: converting 1080p costs milliseconds).
 */
export type PixelLayout = "rgba" | "bgrx";

/** Raw pixels, row-major, 4 bytes a pixel, in `layout`. */
export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
  /** Absent: "rgba". */
  layout?: PixelLayout;
}

/** How a picture is sent: PNG (lossless) or JPEG at a quality of 1–100. */
export type ImageEncoding = { format: "png" } | { format: "jpeg"; quality: number };

/** A picture already encoded as its `ImageEncoding` asked, and its size in pixels. */
export interface EncodedPicture {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The pointer's picture and where it is drawn: its top-left corner at the
 * pointer's position (`x`, `y`), as OSWorld pastes it; the hotspot is
 * reported but not subtracted. `rgba`: straight (not premultiplied) RGBA.
 */
export interface CursorImage {
  width: number;
  height: number;
  hotX: number;
  hotY: number;
  x: number;
  y: number;
  rgba: Uint8Array;
}
