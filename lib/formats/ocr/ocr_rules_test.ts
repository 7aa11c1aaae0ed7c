// The pure rules of OCR, as tables: preparing the picture, placing words on
// screen, lines and text, finding text to act on, boxes that hold a line.

import { strict as assert } from "node:assert";
import type { RawImage } from "../../model/image.ts";
import { binarize, MAX_OCR_PIXELS, prepareForOcr, scaleFor } from "./preprocess.ts";
import { linesOf, mergeWords, ocrText, type OcrWord, placeWords } from "./words.ts";
import { textBoxes } from "./boxes.ts";
import {
  isScreenTextTarget,
  matchText,
  parseScreenTextId,
  screenTextId,
} from "../../services/act/screen_text.ts";
import type { EngineWord } from "./words.ts";

function image(width: number, height: number, rgb: [number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...rgb, 255], i * 4);
  return { width, height, data };
}

function paint(img: RawImage, x: number, y: number, w: number, h: number, rgb: number[]): void {
  for (let yy = y; yy < y + h; yy++) {
    for (let xx = x; xx < x + w; xx++) img.data.set([...rgb, 255], (yy * img.width + xx) * 4);
  }
}

function word(text: string, line: number, x: number, block = 0, confidence = 90): OcrWord {
  return {
    text,
    confidence,
    bbox: { x, y: line * 20, width: 10 * text.length, height: 14 },
    block,
    paragraph: 0,
    line,
  };
}

Deno.test("the scale factor keeps the prepared picture under the pixel cap", () => {
  const cases: Array<[number, number, number, number]> = [
    [800, 600, 2, 2],
    [800, 600, 1, 1],
    [3840, 2160, 2, 1],
    [1920, 1080, 2, 1.38],
    [1366, 741, 2, 1.98],
    [1000, 1000, 2, 2],
    [0, 10, 3, 1],
  ];
  for (const [w, h, up, want] of cases) assert.equal(scaleFor(w, h, up), want, `${w}×${h}×${up}`);
  assert.ok(1920 * 1.38 * 1080 * 1.38 <= MAX_OCR_PIXELS);
});

Deno.test("preparing: cut, gray, dark grounds inverted, scaled; or the pixels as they are", () => {
  const dark = image(4, 2, [10, 10, 10]);
  paint(dark, 1, 0, 1, 1, [250, 250, 250]);
  const region = { x: 1, y: 0, width: 3, height: 2 };
  const job = { region, preprocess: true, upscale: 2, threshold: false };
  const prepared = prepareForOcr(dark, job);
  assert.equal(prepared.scale, 2);
  assert.deepEqual([prepared.image.width, prepared.image.height], [6, 4]);
  // The light pixel of a dark picture is now dark, the ground light.
  assert.ok(prepared.image.data[0] < 60, `ink ${prepared.image.data[0]}`);
  assert.ok(prepared.image.data[(3 * 6 + 5) * 4] > 200);
  const raw = prepareForOcr(dark, { ...job, preprocess: false });
  assert.deepEqual([raw.image.width, raw.image.height, raw.scale], [3, 2, 1]);
  assert.deepEqual([...raw.image.data.slice(0, 4)], [250, 250, 250, 255]);
  const gray = Uint8Array.from([10, 20, 200, 220, 30, 240]);
  binarize(gray);
  assert.deepEqual([...gray], [0, 0, 255, 255, 0, 255]);
});

Deno.test("words: mapped back to screen pixels, weak and empty ones dropped", () => {
  const raw: EngineWord[] = [
    {
      text: " File ",
      confidence: 95.4,
      x0: 8,
      y0: 4,
      x1: 100,
      y1: 32,
      block: 0,
      paragraph: 0,
      line: 0,
    },
    { text: "~", confidence: 12, x0: 120, y0: 4, x1: 130, y1: 32, block: 0, paragraph: 0, line: 0 },
    { text: " ", confidence: 99, x0: 140, y0: 4, x1: 150, y1: 32, block: 0, paragraph: 0, line: 0 },
  ];
  assert.deepEqual(placeWords(raw, { x: 80, y: 60, scale: 2 }, 30), [
    {
      text: "File",
      confidence: 95,
      bbox: { x: 84, y: 62, width: 46, height: 14 },
      block: 0,
      paragraph: 0,
      line: 0,
    },
  ]);
});

Deno.test("lines and text: grouped by block, paragraph and line; blocks apart", () => {
  const words = [
    word("world", 0, 60),
    word("Hello", 0, 0),
    word("Next", 1, 0),
    word("Far", 0, 0, 1),
  ];
  assert.equal(ocrText(words), "world Hello\nNext\n\nFar");
  assert.equal(ocrText([]), "[No text detected by OCR]");
  const [first] = linesOf(words);
  assert.deepEqual(first, {
    text: "world Hello",
    confidence: 90,
    bbox: { x: 0, y: 0, width: 110, height: 14 },
  });
});

Deno.test("finding text to act on: exact, then loose, then OCR's confusions", () => {
  const line = [
    word("<", 0, 0),
    word("0K", 0, 20),
    word(">", 0, 50),
    word("Save", 1, 0),
    word("As...", 1, 50),
  ];
  const cases: Array<[string, string[]]> = [
    ["OK", ["0K"]],
    ["ok", ["0K"]],
    ["Save As", ["Save As..."]],
    ["Save As...", ["Save As..."]],
    ["save", ["Save"]],
    ["As", ["As..."]],
    ["Cancel", []],
    ["...", []],
  ];
  for (const [wanted, found] of cases) {
    assert.deepEqual(matchText(line, wanted).map((m) => m.text), found, wanted);
  }
  // The run starts and ends on letters: "< 0K >" is aimed at "0K" only.
  assert.deepEqual(matchText(line, "OK")[0].bounds, { x: 20, y: 0, width: 20, height: 14 });
  const both = [word("OK", 0, 0), word("ok", 1, 0)];
  assert.deepEqual(matchText(both, "OK").map((m) => m.text), ["OK", "ok"], "exact first");
});

Deno.test("ocr: ids name a box and round-trip; anything else is refused", () => {
  const box = { x: 12, y: -3, width: 40, height: 16 };
  assert.deepEqual(parseScreenTextId(screenTextId(box)), box);
  for (
    const id of [
      "ocr:1,2,0,4",
      "ocr:1,2,3",
      "ocr:a,b,c,d",
      "ocr:1,2,3,4,5",
      "root.0",
      "ocr:1,2,3,9999999",
    ]
  ) {
    assert.equal(parseScreenTextId(id), null, id);
  }
  assert.equal(isScreenTextTarget({ element_id: "ocr:1,2,3,4" }), true);
  assert.equal(isScreenTextTarget({ text: "OK" }), true);
  assert.equal(isScreenTextTarget({ element_id: "root.0" }), false);
});

Deno.test("text boxes: a flat button with a label is found; backgrounds and bare areas are not", () => {
  const screen = image(400, 200, [230, 230, 230]);
  paint(screen, 0, 0, 400, 100, [0, 0, 200]);
  paint(screen, 150, 140, 100, 24, [0, 0, 255]);
  paint(screen, 170, 146, 60, 12, [255, 255, 0]);
  paint(screen, 20, 120, 60, 20, [200, 0, 0]);
  assert.deepEqual(textBoxes(screen, 10), [{ x: 150, y: 140, width: 100, height: 24 }]);
  assert.deepEqual(textBoxes(screen, 0), []);
});

Deno.test("box words join a whole read only where it found nothing", () => {
  const base = [word("File", 0, 0), word("Edit", 0, 60)];
  const extra = [word("Fi1e", 0, 2, 1000), word("Warning", 2, 0, 1000)];
  assert.deepEqual(mergeWords(base, extra).map((w) => w.text), ["File", "Edit", "Warning"]);
  assert.deepEqual(mergeWords([], extra).map((w) => w.text), ["Fi1e", "Warning"]);
});
