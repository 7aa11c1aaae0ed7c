import { strict as assert } from "node:assert";
import wabtInit from "wabt";
import { UP_FILTER_WASM } from "./png_up_filter.ts";
import { toBase64 } from "../../model/base64.ts";

Deno.test("the embedded module is png_up_filter.wat assembled", async () => {
  const wabt = await wabtInit();
  const source = await Deno.readTextFile(new URL("./png_up_filter.wat", import.meta.url));
  const module = wabt.parseWat("png_up_filter.wat", source, { simd: true });
  module.validate();
  const assembled = toBase64(module.toBinary({}).buffer);
  assert.equal(UP_FILTER_WASM, assembled, `the source assembles to:\n${assembled}`);
});
