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
