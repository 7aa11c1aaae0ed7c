// JPEG screenshots: TurboJPEG (lib/formats/image/turbojpeg.ts) where libturbojpeg is
// installed, else jpeg-js, an encoder written in JavaScript and some 15 times
// slower (about 75 ms for 1920×1080), so that Windows and a Linux without the
// library still answer format=jpeg. Not imagescript's encoder: that one is a
// native Node addon, and native code is reached only through Deno.dlopen.

import jpegJs from "jpeg-js";
import type { RawImage } from "../../model/image.ts";
import { type TurboJpeg, turboJpeg } from "./turbojpeg.ts";
import { asRgba } from "./pixel_layout.ts";

/** quality 1–100; `turbo` null forces the JavaScript encoder. */
export function encodeJpeg(
  image: RawImage,
  quality: number,
  turbo: TurboJpeg | null = turboJpeg(),
): Uint8Array {
  if (turbo) return turbo.encode(image, quality);
  const { data } = jpegJs.encode(asRgba(image), quality);
  // A Buffer may be a view into a shared pool: copy to bytes of its own, which can be transferred.
  return new Uint8Array(data);
}
