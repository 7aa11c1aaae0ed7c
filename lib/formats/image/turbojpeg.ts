// libjpeg-turbo's TurboJPEG API through Deno.dlopen: a 1920×1080 screenshot
// in about 5 ms, where PNG takes 12–18 (bench/screenshots.ts). The library is
// opened on first use by the thread that encodes (the image worker), and is
// null where it is missing (Windows, a Linux without the package): callers
// then take lib/formats/image/jpeg.ts's JavaScript encoder.

import type { PixelLayout, RawImage } from "../../model/image.ts";
import { optionalLibrary } from "../../support/optional_library.ts";

export const TURBOJPEG_LIBRARY = "libturbojpeg.so.0";
export const TURBOJPEG_PACKAGE = "libturbojpeg0";

const P = "pointer" as const;
const B = "buffer" as const;

const library = optionalLibrary(TURBOJPEG_LIBRARY, {
  tjInitCompress: { parameters: [], result: P },
  // handle, srcBuf, width, pitch, height, pixelFormat, &jpegBuf, &jpegSize, subsamp, quality, flags
  tjCompress2: {
    parameters: [P, B, "i32", "i32", "i32", "i32", B, B, "i32", "i32", "i32"],
    result: "i32",
  },
  tjGetErrorStr2: { parameters: [P], result: P },
  tjFree: { parameters: [P], result: "void" },
});

/** turbojpeg.h's TJPF values of the 4-byte pixel layouts we encode from. */
const PIXEL_FORMATS: Record<PixelLayout, number> = {
  rgba: 7, // TJPF_RGBA: the service's RawImage
  bgrx: 3, // TJPF_BGRX: what a 24-bit X server writes, before any conversion
};

/**
 * TJSAMP_420: chroma at half resolution both ways, as browsers and most
 * encoders default to; twice as fast as 4:4:4 on a screenshot and smaller.
 * Text is mostly luma, which keeps its full resolution.
 */
const SUBSAMPLING_420 = 2;

export interface TurboJpeg {
  /** A baseline JPEG of the image (rows packed, 4 bytes a pixel in its layout). */
  encode(image: RawImage, quality: number): Uint8Array;
}

let compressor: TurboJpeg | null | undefined;

/**
 * This thread's compressor, or null where libturbojpeg cannot be loaded. Its
 * handle lives as long as the thread: the library keeps its buffers between
 * calls.
 */
export function turboJpeg(): TurboJpeg | null {
  if (compressor === undefined) {
    const tj = library();
    const handle = tj?.tjInitCompress() ?? null;
    compressor = tj && handle ? compressorOf(tj, handle) : null;
  }
  return compressor;
}

type Symbols = NonNullable<ReturnType<typeof library>>;

function compressorOf(tj: Symbols, handle: Deno.PointerObject): TurboJpeg {
  // Out-parameters: the buffer the library allocates (unsigned char*) and its size (unsigned long).
  const jpegBuffer = new BigUint64Array(1);
  const jpegSize = new BigUint64Array(1);
  return {
    encode({ width, height, data, layout = "rgba" }, quality) {
      // The library reads width × height × 4 bytes whatever it is given: check first.
      if (width < 1 || height < 1 || data.length < width * height * 4) {
        throw new Error(`JPEG: ${data.length} bytes cannot hold a ${width}×${height} image`);
      }
      jpegBuffer[0] = 0n; // null: the library allocates the output
      jpegSize[0] = 0n;
      const failed = tj.tjCompress2(
        handle,
        data,
        width,
        width * 4,
        height,
        PIXEL_FORMATS[layout],
        jpegBuffer,
        jpegSize,
        SUBSAMPLING_420,
        quality,
        0,
      );
      const output = Deno.UnsafePointer.create(jpegBuffer[0]);
      try {
        if (failed !== 0 || output === null) {
          const reason = Deno.UnsafePointerView.getCString(tj.tjGetErrorStr2(handle)!);
          throw new Error(`JPEG encoding failed: ${reason}`);
        }
        const bytes = Deno.UnsafePointerView.getArrayBuffer(output, Number(jpegSize[0]));
        return new Uint8Array(bytes).slice(); // copied out of the library's buffer, freed below
      } finally {
        if (output !== null) tj.tjFree(output);
      }
    },
  };
}
