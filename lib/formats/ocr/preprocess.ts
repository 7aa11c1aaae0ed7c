// Getting a screenshot ready for OCR (pure, run in the image worker): cut to
// the region asked for, gray, dark text on a light ground (Tesseract reads
// that best), and scaled up so small UI fonts reach the x-height the engine
// was trained on (light-on-dark text is inverted when it is most of the image;
// small light-on-dark islands are read box by box, lib/formats/ocr/boxes.ts).

import type { RawImage } from "../../model/image.ts";

/**
 * Scaling stops here: OCR time grows with the pixels, and a full-HD window at
 * 2× (8 million) took seconds for text that reads as well at 1.4×; windows up
 * to a million pixels still get the full 2×.
 */
export const MAX_OCR_PIXELS = 4_000_000;

export interface OcrPrepare {
  /** Pixel region of `image` to read (clamped by the caller). */
  region: { x: number; y: number; width: number; height: number };
  /** Grayscale, ink polarity and upscale; false sends the pixels as they are. */
  preprocess: boolean;
  upscale: number;
  /** Binarize (Otsu's threshold) after the other steps. */
  threshold: boolean;
}

export interface Prepared {
  image: RawImage;
  /** Output pixels per input pixel (to map word boxes back). */
  scale: number;
}

interface Gray {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** The factor actually used: `upscale`, less when the result would pass MAX_OCR_PIXELS. */
export function scaleFor(width: number, height: number, upscale: number): number {
  const area = width * height;
  if (area === 0) return 1;
  return Math.max(1, Math.min(upscale, Math.floor(Math.sqrt(MAX_OCR_PIXELS / area) * 100) / 100));
}

export function prepareForOcr(image: RawImage, job: OcrPrepare): Prepared {
  if (!job.preprocess) return { image: cropRgba(image, job.region), scale: 1 };
  const { width, height } = job.region;
  const gray = grayOf(image, job.region);
  const scale = scaleFor(width, height, job.upscale);
  let sum = 0;
  for (const v of gray) sum += v;
  if (gray.length > 0 && sum / gray.length < 128) {
    for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i];
  }
  const big = upscaleGray(gray, width, height, scale);
  if (job.threshold) binarize(big.gray);
  return { image: toRgba(big), scale };
}

function grayOf(image: RawImage, r: OcrPrepare["region"]): Uint8Array {
  const gray = new Uint8Array(r.width * r.height);
  const d = image.data;
  for (let row = 0; row < r.height; row++) {
    let from = ((r.y + row) * image.width + r.x) * 4;
    for (let col = 0; col < r.width; col++, from += 4) {
      gray[row * r.width + col] = (d[from] * 299 + d[from + 1] * 587 + d[from + 2] * 114) / 1000;
    }
  }
  return gray;
}

function cropRgba(image: RawImage, r: OcrPrepare["region"]): RawImage {
  const data = new Uint8Array(r.width * r.height * 4);
  for (let row = 0; row < r.height; row++) {
    const from = ((r.y + row) * image.width + r.x) * 4;
    data.set(image.data.subarray(from, from + r.width * 4), row * r.width * 4);
  }
  return { width: r.width, height: r.height, data };
}

function toRgba({ gray, width, height }: Gray): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < gray.length; i++) {
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = gray[i];
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

/** Bilinear scaling of a gray image. */
function upscaleGray(gray: Uint8Array, width: number, height: number, scale: number): Gray {
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(height * scale));
  const out = new Uint8Array(outW * outH);
  for (let oy = 0; oy < outH; oy++) {
    const sy = Math.min(height - 1, Math.max(0, (oy + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let ox = 0; ox < outW; ox++) {
      const sx = Math.min(width - 1, Math.max(0, (ox + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = gray[y0 * width + x0] * (1 - fx) + gray[y0 * width + x1] * fx;
      const bottom = gray[y1 * width + x0] * (1 - fx) + gray[y1 * width + x1] * fx;
      out[oy * outW + ox] = top * (1 - fy) + bottom * fy;
    }
  }
  return { gray: out, width: outW, height: outH };
}

/** Otsu's threshold over the histogram, in place. */
export function binarize(gray: Uint8Array): void {
  const histogram = new Float64Array(256);
  for (const v of gray) histogram[v]++;
  const total = gray.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * histogram[i];
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    below += histogram[t];
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * histogram[t];
    const between = below * above * (sumBelow / below - (sumAll - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  for (let i = 0; i < gray.length; i++) gray[i] = gray[i] > threshold ? 255 : 0;
}
