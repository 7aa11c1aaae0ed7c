import { strict as assert } from "node:assert";
import { type ImageAnswer, imageAnswer, type ImageFormat } from "./image_negotiation.ts";

const CASES: Array<[string, string | undefined, boolean, ImageFormat | undefined, ImageAnswer]> = [
  ["no Accept: JSON, as before", undefined, false, undefined, { binary: false }],
  ["a browser's */*: JSON", "*/*", false, undefined, { binary: false }],
  ["JSON asked", "application/json", false, "png", { binary: false }],
  ["image/png", "image/png", false, undefined, { binary: true, format: "png" }],
  ["image/jpeg", "image/jpeg", false, undefined, { binary: true, format: "jpeg" }],
  ["image/*: PNG", "image/*", false, undefined, { binary: true, format: "png" }],
  ["image/* with format=jpeg", "image/*", false, "jpeg", { binary: true, format: "jpeg" }],
  ["JPEG ranked above PNG", "image/png;q=0.5, image/jpeg", false, undefined, {
    binary: true,
    format: "jpeg",
  }],
  ["JSON ranked above images", "application/json, image/png;q=0.8", false, undefined, {
    binary: false,
  }],
  ["images ranked above JSON", "image/png, application/json;q=0.5", false, undefined, {
    binary: true,
    format: "png",
  }],
  ["raw=true without Accept", undefined, true, undefined, { binary: true, format: "png" }],
  ["raw=true with format=jpeg", undefined, true, "jpeg", { binary: true, format: "jpeg" }],
  ["raw=true under JSON's Accept: still the picture", "application/json", true, "jpeg", {
    error: "the Accept header refuses image/jpeg, which format=jpeg asks for",
  }],
  ["format=png where only JPEG is acceptable", "image/jpeg", false, "png", {
    error: "the Accept header refuses image/png, which format=png asks for",
  }],
  ["q=0 refuses an image", "image/png;q=0, image/jpeg", false, undefined, {
    binary: true,
    format: "jpeg",
  }],
  ["upper case and spaces", " IMAGE/JPEG ; Q=1 ", false, undefined, {
    binary: true,
    format: "jpeg",
  }],
];
for (const [name, accept, raw, format, expected] of CASES) {
  Deno.test(`imageAnswer: ${name}`, () => {
    assert.deepEqual(imageAnswer(accept, raw, format), expected);
  });
}
